"""Every write to a game room, each in one transaction (docs/online-play.md, "Nothing lost").

A move: lock the room, settle the clocks (the start time, flags), check the
sequence number the move answers, let the engine judge it, append the events
it made, and, when the game is over, write the match's result in the same
transaction; the room's group is told after the commit.  The WebSocket
consumer and the plain HTTP endpoint call these same functions.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Sequence

from django.db import IntegrityError, transaction

from tournament import audit
from tournament.domain.entry import GAME_ROOM, ResultEntry
from tournament.models import Match
from tournament.services import Refused as ResultRefused
from tournament.services.timetable import stop as stop_timetable
from tournament.services.results import enter_result

from . import alarm
from .desk.presence import presence_of
from .game import copies
from .game.copies import keep, keep_after_commit, room_key, table_of, view_rung
from .game.messages import view
from .game.network import allowance_of
from .game.referee import Refused, Table, public_log
from .models import Room, RoomEvent
from .sockets import bell

logger = logging.getLogger(__name__)
_system_random = secrets.SystemRandom()


def now_ms() -> int:
    """The server's clock, in ms since 1970: the only clock that counts."""
    return time.time_ns() // 1_000_000


def draw_from_bag(bag: Sequence[int], count: int) -> list[int]:
    """Tiles drawn from the bag (counted by kind), each by a cryptographic random choice at the moment of the draw.
    Each tile of the bag is as likely as any other: `sample` with `counts` draws from the kinds as if each copy were
    listed, without listing the bag's 120 tiles at every draw."""
    return _system_random.sample(range(len(bag)), count, counts=bag)


@dataclass(frozen=True)
class Answer:
    """What a move or a read gives back: the room as the viewer sees it, and whether the move was applied now."""

    message: dict
    applied: bool = True


# -- opening -----------------------------------------------------------------------------------


def open_room(match: Match, starts_at_ms: int | None = None, *, at_ms: int | None = None, draw=draw_from_bag) -> Room:
    """The match's room, opened once: each player's starting rack drawn; no clock runs before `starts_at_ms`."""
    open_rooms([(match.pk, [match.first.name, match.second.name])], match.round.tournament.clock_s, starts_at_ms,
               at_ms=at_ms, draw=draw)
    return Room.objects.get(match=match)


def open_rooms_of(sender=None, *, round, **kwargs) -> None:
    """Every game of an online round gets its room, opened as the round is published (same transaction).  The
    games are read as ids and names only: a 500-player round's 250 matches are not built as models."""
    if round.play != "online":
        return
    games = round.matches.filter(status="pending", second__isnull=False).values_list(
        "pk", "first__name", "second__name")
    open_rooms([(pk, [first, second]) for pk, first, second in games], round.tournament.clock_s,
               int(round.starts_at.timestamp() * 1000))


@transaction.atomic
def open_rooms(games: Sequence[tuple[int, list[str]]], clock_s: int, starts_at_ms: int | None, *,
               at_ms: int | None = None, draw=draw_from_bag) -> None:
    """Open the room of each game (its match's id, the players' names, first player first) that has none: each
    player's starting rack drawn, no clock before `starts_at_ms`.  Three statements for the whole round, whatever
    its size (a 500-player round's rooms open in a fraction of a second): which rooms exist, the new rooms, their
    first events.  Nobody can be listening to a room not yet committed, so no bell rings."""
    opened = set(Room.objects.filter(match_id__in=[pk for pk, _ in games]).values_list("match_id", flat=True))
    at_ms = now_ms() if at_ms is None else at_ms
    starts = max(at_ms, starts_at_ms or at_ms)
    tables, rooms = [], []
    for match_id, names in games:
        if match_id in opened:
            continue
        table = Table.open(names, clock_s, starts, at_ms, draw)
        tables.append(table)
        # By the match's id, not the match: a model set on a relation costs more than the room's own fields.
        rooms.append(Room(match_id=match_id, names=names, clock_s=clock_s, opened_at_ms=at_ms, starts_at_ms=starts,
                          seq=len(table.new), wakes_at_ms=table.wakes_at(), paused=table.paused,
                          finished=table.finished))
    Room.objects.bulk_create(rooms)  # the ids come back: SQLite 3.35+ and PostgreSQL return them
    RoomEvent.objects.bulk_create([RoomEvent(room_id=room.pk, seq=seq, at_ms=event.at_ms, kind=event.kind,
                                             data=event.data)
                                   for room, table in zip(rooms, tables)
                                   for seq, event in enumerate(table.new, start=1)], batch_size=1000)
    for room, table in zip(rooms, tables):
        table.new = []
        keep_after_commit(room, table)


# -- reading and settling ---------------------------------------------------------------------


def look_kept(room_id: int, seat: int | None, at_least: int, *, at_ms: int | None = None) -> Answer | None:
    """The room as `seat` sees it from this process's copy when that copy is at event `at_least` or later
    (`copies.view_kept`: no database read), or None: then `look`.  A socket's `sync` asks this first, so a client
    that asks again and again costs no query while nothing has changed."""
    message = copies.view_kept(room_id, seat, at_least, at_ms=now_ms() if at_ms is None else at_ms)
    return None if message is None else Answer(message, applied=False)


def look_rung(room_id: int, seat: int | None, rung: dict, *, at_ms: int | None = None) -> Answer | None:
    """The room as `seat` sees it after the bell `rung`, with no database read (`copies.view_rung`), or None:
    then `look`."""
    message = view_rung(room_id, seat, rung, at_ms=now_ms() if at_ms is None else at_ms)
    return None if message is None else Answer(message, applied=False)


def look(room_id: int, seat: int | None, *, at_ms: int | None = None) -> Answer:
    """The room as `seat` sees it now; settles it first when its start or a flag is due."""
    at_ms = now_ms() if at_ms is None else at_ms
    room = Room.objects.get(pk=room_id)
    if room.wakes_at_ms is not None and room.wakes_at_ms <= at_ms:
        answer = settle(room_id, seat, at_ms=at_ms)
    else:
        table = table_of(room)
        answer = Answer(view(table, seat, room.seq, at_ms), applied=False)
        keep(room, table)  # read only: nothing to wait for
    answer.message["presence"] = presence_of(room, at_ms)  # each seat's connection (rooms.desk.presence)
    return answer


def peek(room: Room, seat: int | None = None, *, at_ms: int | None = None) -> Answer:
    """The room (a row as read) as `seat` sees it at `at_ms`, its start and the flags due by then applied in memory
    only: no lock taken, nothing written (the sweep, a move, a seat's read or the arbiter's desk stores them).  For
    readers nobody knows (`public.live`): a read that anyone may repeat must not write."""
    at_ms = now_ms() if at_ms is None else at_ms
    table = table_of(room)
    if room.wakes_at_ms is not None and room.wakes_at_ms <= at_ms:
        table.settle(at_ms, seat_allowances(room))  # this copy holds events not stored: it is not kept
    else:
        keep(room, table)
    return Answer(view(table, seat, room.seq, at_ms), applied=False)


@transaction.atomic
def settle(room_id: int, seat: int | None = None, *, at_ms: int | None = None) -> Answer:
    at_ms = now_ms() if at_ms is None else at_ms
    room = lock_room(room_id)
    table = table_of(room)
    table.settle(at_ms, seat_allowances(room))
    applied = bool(table.new)
    store_new_events(room, table)
    return Answer(view(table, seat, room.seq, at_ms), applied=applied)


def sweep(*, at_ms: int | None = None, limit: int = 100) -> int:
    """Settle every room whose start or flag is due and that nobody is watching; returns how many.

    Safe on several instances at once: each room is settled under its own lock, and one already
    settled by another instance has nothing left to do.
    """
    at_ms = now_ms() if at_ms is None else at_ms
    due = list(Room.objects.filter(finished=False, paused=False, wakes_at_ms__lte=at_ms)
               .values_list("pk", flat=True)[:limit])
    for room_id in due:
        settle(room_id, at_ms=at_ms)
    return len(due)


# -- the players' moves -----------------------------------------------------------------------

ACTIONS = ("place", "swap", "end_turn")


def move(room_id: int, seat: int, action: str, *, seq: int, client_id: str = "", tile: str | None = None,
         cells=None, link: str | None = None, at_ms: int | None = None, draw=draw_from_bag) -> Answer:
    """A player's move, answering the room's event `seq`; applied once for one `client_id`.

    `link`: the private link the move came through (the socket's or the page's); the move is refused
    ("link-replaced") unless it is still that seat's live link, checked in the move's own transaction, so a
    link the organiser renewed carries no authority, whatever socket it opened before.
    Refused (`Refused`, nothing stored) when stale (the room has moved on since `seq`), out of turn,
    or against the rules; a move already applied (its `client_id` seen) gives the room as it is.
    """
    try:
        return _move(room_id, seat, action, seq, client_id, tile, cells, link, at_ms, draw, fresh_id=True)
    except IntegrityError:
        if not client_id:
            raise
        # The client id was used before, by a move answering this very event: look for it, as for a stale one.
        return _move(room_id, seat, action, seq, client_id, tile, cells, link, at_ms, draw, fresh_id=False)


LINK_REPLACED = "this link was replaced: ask the organiser for your new one"


def holds_seat(room_id: int, seat: int, link: str) -> bool:
    """Whether `link` is the live private link of the room's `seat` (0 plays first)."""
    side = "first" if seat == 0 else "second"
    return Match.objects.filter(room__pk=room_id, **{f"{side}__link_token": link}).exists()


@transaction.atomic
def _move(room_id, seat, action, seq, client_id, tile, cells, link, at_ms, draw, *, fresh_id) -> Answer:
    at_ms = now_ms() if at_ms is None else at_ms
    room = lock_room(room_id)
    if link is not None and not holds_seat(room_id, seat, link):
        raise Refused("link-replaced", LINK_REPLACED)
    # A move sent twice carries the event it answered, which its first sending moved the room past: its client id
    # is looked for only then (a client reusing an id for another move meets the unique constraint: `move`).
    if client_id and (seq != room.seq or not fresh_id) and room.events.filter(client_id=client_id).exists():
        table = table_of(room)
        keep_after_commit(room, table)
        return Answer(view(table, seat, room.seq, at_ms), applied=False)
    if action not in ACTIONS:
        raise Refused("bad-event", f"unknown move {action!r}: one of {', '.join(ACTIONS)}")
    if seq != room.seq:
        raise Refused("stale", f"the game has moved on since event {seq} (it is at {room.seq}): look again")
    table = table_of(room)
    allowance = seat_allowances(room)
    table.settle(at_ms, allowance)
    first_new = len(table.new)
    if action == "place":
        tile, cells = _placement(tile, cells)
        table.place(seat, tile, cells, at_ms, draw, allowance)
    elif action == "swap":
        table.swap(seat, at_ms, draw, allowance)
    else:
        table.end_turn(seat, at_ms, draw, allowance)
    store_new_events(room, table, client_id=client_id, client_from=first_new)
    return Answer(view(table, seat, room.seq, at_ms))


@transaction.atomic
def store_allowance(room_id: int, seat: int, allowance_ms: int) -> None:
    """`seat`'s network allowance as `rooms.game.network` chose it from the server's own pings: the allowance of
    their next turn (a turn running keeps the one it started with)."""
    room = Room.objects.select_for_update().only("names", "delays_ms").get(pk=room_id)
    allowances = list(room.delays_ms) + [0] * (len(room.names) - len(room.delays_ms))
    allowances[seat] = allowance_of(allowance_ms)
    Room.objects.filter(pk=room_id).update(delays_ms=allowances)


def seat_allowances(room: Room):
    """Each seat's stored allowance, for the turns that start now (`Table` stores it in the turn's event)."""
    allowances = list(room.delays_ms)
    return lambda seat: allowance_of(allowances[seat]) if seat < len(allowances) else 0


def _placement(tile, cells):
    """The move's tile and cells, shaped as the log writes them, or `Refused` naming the field."""
    if not isinstance(tile, str) or len(tile) != 2 or any(c not in "ROYGBP" for c in tile):
        raise Refused("bad-tile", f"a tile is two colour letters (such as \"RO\"), not {json.dumps(tile)[:40]}")
    if (not isinstance(cells, (list, tuple)) or len(cells) != 2 or
            any(not isinstance(c, (list, tuple)) or len(c) != 2 or
                any(type(v) is not int for v in c) for c in cells)):
        raise Refused("bad-cell", f"cells are two [q, r] pairs of whole numbers, not {json.dumps(cells)[:60]}")
    return tile, [list(cells[0]), list(cells[1])]


# -- storing -----------------------------------------------------------------------------------
# Public: the arbiter's desk (rooms/desk/arbiter.py) locks, settles and stores a room through these same three.


def lock_room(room_id: int) -> Room:
    """The room, locked for this transaction: its match first, then the room itself, in the order a result entered
    on the result form takes them (the match, then its room: `end_rooms_of`), so that the two never wait for each
    other.  Two plain statements, only these two rows (a move's largest cost was building a locking query that
    joined the round and the tournament); the match, its round and its tournament are read when needed, at a
    game's end or for the audit log."""
    list(Match.objects.select_for_update(of=("self",)).filter(room__pk=room_id).order_by().values_list("pk"))
    return Room.objects.select_for_update().get(pk=room_id)


def store_new_events(room: Room, table: Table, client_id: str = "", client_from: int = 0) -> None:
    """Append the table's new events, bring the room row up to date, and write the result of a game just over."""
    if not table.new:
        keep_after_commit(room, table)
        return
    rows, seq_from = [], room.seq + 1
    for index, event in enumerate(table.new):
        room.seq += 1
        rows.append(RoomEvent(room=room, seq=room.seq, at_ms=event.at_ms, kind=event.kind, data=event.data,
                              client_id=client_id if index == client_from else ""))
    RoomEvent.objects.bulk_create(rows)
    was_finished = room.finished
    room.wakes_at_ms, room.paused, room.finished = table.wakes_at(), table.paused, table.finished
    room.save(update_fields=["seq", "wakes_at_ms", "paused", "finished"])
    if table.finished and not was_finished:
        _write_result(room, table)
    rung = {"key": list(room_key(room)), "seq_from": seq_from, "events": [[e.kind, e.at_ms, e.data] for e in table.new]}
    table.new = []
    seq = room.seq
    keep_after_commit(room, table)
    transaction.on_commit(lambda: bell.ring(room.pk, seq, rung))


def _write_result(room: Room, table: Table) -> None:
    """The finished game is the match's result, unless an arbiter has already entered one (docs/online-play.md).

    Called inside the transaction that stores the game's last event, so that the two commit together or not at
    all.  A result the results service refuses (a closed round, say) leaves the match pending: the refusal is
    recorded (`result_refused`) for an arbiter to decide, never dropped."""
    match = room.match
    if match.status != Match.PENDING:
        return
    outcome = table.outcome
    if outcome.decided:  # the arbiter's result stands
        return
    try:
        if outcome.forfeit:
            winner = None if outcome.winner is None else (match.first, match.second)[outcome.winner]
            enter_result(match, ResultEntry.room_forfeit(winner), user=GAME_ROOM)
        else:
            enter_result(match, ResultEntry.from_game_room(json.dumps(public_log(table))), user=GAME_ROOM)
    except ResultRefused as refused:
        _result_refused(room, refused.message)
        return
    transaction.on_commit(alarm.game_over.set)


def _result_refused(room: Room, words: str) -> None:
    """The room's result was refused: said in the audit log, the server's log and on the room (the arbiter's desk
    shows rooms with a `result_refused`); the room keeps its log, the match stays pending for an arbiter, and the
    timetable waits for them (docs/online-event.md)."""
    match = room.match
    audit.record(match.round.tournament, GAME_ROOM, "result refused", audit.match_subject(match),
                 after={"refusal": words})
    where = f"room {room.pk} ({match})"  # said once the refusal is stored, never for a move rolled back
    transaction.on_commit(lambda: logger.warning("%s: the game's result was refused: %s", where, words))
    room.result_refused = words
    room.save(update_fields=["result_refused"])
    stop_timetable(match.round.tournament, f"Round {match.round.number}, table {match.table}: the game room's "
                                           f"result was refused ({words}). Enter the result, then press \"Go on\".")
