"""Every write to a game room, each in one transaction (online-play.md, "Nothing lost").

A move: lock the room, settle the clocks (the start time, flags), check the
sequence number the move answers, let the engine judge it, append the events
it made, and, when the game is over, write the match's result in the same
transaction; the room's group is told after the commit.  The WebSocket
consumer and the plain HTTP endpoint call these same functions.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Sequence

from django.db import IntegrityError, transaction

from tournament import audit
from tournament.domain.entry import ResultEntry
from tournament.models import Match
from tournament.services import Refused as ResultRefused
from tournament.services.results import enter_result

from . import bell
from .messages import view
from .models import Room, RoomEvent
from .presence import presence_of
from .referee import Refused, Table, public_log
from .replays import _keep_after_commit, _key, _replays, table_of, view_rung

GAME_ROOM = "game room"  # who wrote what the room wrote, in the audit log
_system_random = secrets.SystemRandom()


def now_ms() -> int:
    """The server's clock, in ms since 1970: the only clock that counts."""
    return time.time_ns() // 1_000_000


def draw_from_bag(bag: Sequence[int], count: int) -> list[int]:
    """Tiles drawn from the bag (counted by kind), each by a cryptographic random choice at the moment of the draw."""
    pool = [kind for kind, copies in enumerate(bag) for _ in range(copies)]
    return _system_random.sample(pool, count)


@dataclass(frozen=True)
class Answer:
    """What a move or a read gives back: the room as the viewer sees it, and whether the move was applied now."""

    message: dict
    applied: bool = True


# -- opening -----------------------------------------------------------------------------------


@transaction.atomic
def open_room(match: Match, starts_at_ms: int | None = None, *, at_ms: int | None = None, draw=draw_from_bag) -> Room:
    """The match's room, opened once: each player's starting rack drawn; no clock runs before `starts_at_ms`."""
    existing = Room.objects.filter(match=match).first()
    if existing is not None:
        return existing
    at_ms = now_ms() if at_ms is None else at_ms
    starts = max(at_ms, starts_at_ms or at_ms)
    names = [match.first.name, match.second.name]
    clock_s = match.round.tournament.clock_s
    table = Table.open(names, clock_s, starts, at_ms, draw)
    room = Room.objects.create(match=match, names=names, clock_s=clock_s, opened_at_ms=at_ms, starts_at_ms=starts)
    _store(room, table)
    return room


def open_rooms_of(sender=None, *, round, **kwargs) -> None:
    """Every game of an online round gets its room, opened as the round is published (same transaction)."""
    if round.play != "online":
        return
    starts_at_ms = int(round.starts_at.timestamp() * 1000)
    for match in round.matches.filter(status="pending", second__isnull=False).select_related("first", "second", "round__tournament"):
        open_room(match, starts_at_ms)


# -- reading and settling ---------------------------------------------------------------------


def look_rung(room_id: int, seat: int | None, rung: dict, *, at_ms: int | None = None) -> Answer | None:
    """The room as `seat` sees it after the bell `rung`, with no database read (`replays.view_rung`), or None:
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
        _replays.keep(_key(room), room.seq, table)  # read only: nothing to wait for
    answer.message["presence"] = presence_of(room, at_ms)  # each seat's connection (rooms.presence)
    return answer


@transaction.atomic
def settle(room_id: int, seat: int | None = None, *, at_ms: int | None = None) -> Answer:
    at_ms = now_ms() if at_ms is None else at_ms
    room = _locked(room_id)
    table = table_of(room)
    table.settle(at_ms, _allowance(room))
    applied = bool(table.new)
    _store(room, table)
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
         cells=None, at_ms: int | None = None, draw=draw_from_bag) -> Answer:
    """A player's move, answering the room's event `seq`; applied once for one `client_id`.

    Refused (`Refused`, nothing stored) when stale (the room has moved on since `seq`), out of turn,
    or against the rules; a move already applied (its `client_id` seen) gives the room as it is.
    """
    try:
        return _move(room_id, seat, action, seq, client_id, tile, cells, at_ms, draw, fresh_id=True)
    except IntegrityError:
        if not client_id:
            raise
        # The client id was used before, by a move answering this very event: look for it, as for a stale one.
        return _move(room_id, seat, action, seq, client_id, tile, cells, at_ms, draw, fresh_id=False)


@transaction.atomic
def _move(room_id, seat, action, seq, client_id, tile, cells, at_ms, draw, *, fresh_id) -> Answer:
    at_ms = now_ms() if at_ms is None else at_ms
    room = _locked(room_id)
    # A move sent twice carries the event it answered, which its first sending moved the room past: its client id
    # is looked for only then (a client reusing an id for another move meets the unique constraint: `move`).
    if client_id and (seq != room.seq or not fresh_id) and room.events.filter(client_id=client_id).exists():
        table = table_of(room)
        _keep_after_commit(room, table)
        return Answer(view(table, seat, room.seq, at_ms), applied=False)
    if action not in ACTIONS:
        raise Refused("bad-event", f"unknown move {action!r}: one of {', '.join(ACTIONS)}")
    if seq != room.seq:
        raise Refused("stale", f"the game has moved on since event {seq} (it is at {room.seq}): look again")
    table = table_of(room)
    allowance = _allowance(room)
    table.settle(at_ms, allowance)
    first_new = len(table.new)
    if action == "place":
        tile, cells = _placement(tile, cells)
        table.place(seat, tile, cells, at_ms, draw, allowance)
    elif action == "swap":
        table.swap(seat, at_ms, draw, allowance)
    else:
        table.end_turn(seat, at_ms, draw, allowance)
    _store(room, table, client_id=client_id, client_from=first_new)
    return Answer(view(table, seat, room.seq, at_ms))


def measured_delay(room_id: int, seat: int, delay_ms: int) -> None:
    """The server measured `seat`'s one-way network delay (half a round trip): the allowance of their next turn."""
    room = Room.objects.only("delays_ms").get(pk=room_id)
    delays = list(room.delays_ms) + [0] * (2 - len(room.delays_ms))
    if abs(delays[seat] - delay_ms) >= 20:  # a write only for a real change
        delays[seat] = delay_ms
        Room.objects.filter(pk=room_id).update(delays_ms=delays)


def _allowance(room: Room):
    delays = list(room.delays_ms)
    return lambda seat: delays[seat] if seat < len(delays) else 0


def _placement(tile, cells):
    """The move's tile and cells, shaped as the log writes them, or `Refused` naming the field."""
    if not isinstance(tile, str) or len(tile) != 2 or any(c not in "ROYGBP" for c in tile):
        raise Refused("bad-tile", f"a tile is two colour letters (such as \"RO\"), not {json.dumps(tile)[:40]}")
    if (not isinstance(cells, (list, tuple)) or len(cells) != 2 or
            any(not isinstance(c, (list, tuple)) or len(c) != 2 or
                any(type(v) is not int for v in c) for c in cells)):
        raise Refused("bad-cell", f"cells are two [q, r] pairs of whole numbers, not {json.dumps(cells)[:60]}")
    return tile, [list(cells[0]), list(cells[1])]


# -- the arbiter -------------------------------------------------------------------------------


REASON_MAX = 200  # characters of an arbiter's reason


def arbiter_reason(reason) -> str:
    """The reason an arbiter gives for a pause, a resume, a decision or a forfeit, trimmed; `Refused` naming the
    field when there is none or it is too long (the one rule for them all: the audit log keeps it)."""
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if not reason:
        raise Refused("reason", "reason: say why, for the audit log")
    if len(reason) > REASON_MAX:
        raise Refused("reason", f"reason: at most {REASON_MAX} characters, not {len(reason)}")
    return reason


@transaction.atomic
def pause(room_id: int, user, reason: str, *, at_ms: int | None = None, whole_round: bool = False) -> Answer:
    """Both clocks and every move stop until `resume`; the reason (required) is audited and shown to the players;
    `whole_round`: part of the round's pause, which "Resume every game" undoes."""
    reason = arbiter_reason(reason)
    note = {"reason": reason, "by": _username(user), "round": whole_round}
    return _arbiter(room_id, user, "game paused", reason, lambda table, at: table.pause(at, note), at_ms)


@transaction.atomic
def resume(room_id: int, user, reason: str, *, at_ms: int | None = None) -> Answer:
    reason = arbiter_reason(reason)
    return _arbiter(room_id, user, "game resumed", reason, lambda table, at: table.resume(at), at_ms)


@transaction.atomic
def pause_round(round_, user, reason: str, *, at_ms: int | None = None) -> int:
    """Pause every room of the round not over nor paused already, all in one transaction; returns how many."""
    reason = arbiter_reason(reason)
    rooms = Room.objects.filter(match__round=round_, finished=False, paused=False)
    return _whole_round(rooms, lambda room_id, at: pause(room_id, user, reason, at_ms=at, whole_round=True), at_ms)


@transaction.atomic
def resume_round(round_, user, reason: str, *, at_ms: int | None = None) -> tuple[int, list[int]]:
    """Resume the rooms the round's pause stopped, all in one transaction; a room paused on its own stays paused.
    Returns how many resumed, and the tables that stay paused."""
    reason = arbiter_reason(reason)
    paused = Room.objects.filter(match__round=round_, finished=False, paused=True)
    by_round = [room_id for room_id, note in last_pauses(paused).items() if note.get("round")]
    staying = sorted(paused.exclude(pk__in=by_round).values_list("match__table", flat=True))
    done = _whole_round(paused.filter(pk__in=by_round), lambda room_id, at: resume(room_id, user, reason, at_ms=at),
                        at_ms)
    return done, staying


def last_pauses(rooms) -> dict[int, dict]:
    """Each of the paused `rooms`' last pause note (reason, by, round, at_ms), by room id, in one query."""
    notes = {}
    for room_id, at_ms, data in (RoomEvent.objects.filter(room__in=rooms, kind="pause")
                                 .order_by("room_id", "seq").values_list("room_id", "at_ms", "data")):
        notes[room_id] = {**data, "at_ms": at_ms}
    return notes


def _whole_round(rooms, change, at_ms) -> int:
    at_ms = now_ms() if at_ms is None else at_ms
    done = 0
    for room_id in rooms.order_by("pk").values_list("pk", flat=True):
        try:
            change(room_id, at_ms)
            done += 1
        except Refused:  # over by a flag that fell as it was settled (the sweep stores it), or changed meanwhile
            pass
    return done


def _username(user) -> str:
    return getattr(user, "username", None) or str(user or "")


@transaction.atomic
def end_by_decision(room_id: int, user, reason: str = "result entered on the result form", *,
                    at_ms: int | None = None) -> bool:
    """An arbiter decided the game (their result entered on the result form): the room stops, its log so far
    kept with the result (the match's `decision`); no move is accepted after it.  False when the game was
    already over (a flag due before now, say)."""
    at_ms = now_ms() if at_ms is None else at_ms
    room = _locked(room_id)
    table = table_of(room)
    table.settle(at_ms, _allowance(room))
    decided = not table.finished
    log = public_log(table)
    if decided:
        table.decide(at_ms)
    _store(room, table)
    if decided:
        Match.objects.filter(pk=room.match_id).update(decision={"reason": reason, "log": log})
        audit.record(room.match.round.tournament, user, "game ended by decision", audit.match_subject(room.match),
                     after={"reason": reason, "events kept": room.seq})
    return decided


def end_rooms_of(sender=None, *, match, user=None, **kwargs) -> None:
    """A result entered for a match whose room still plays (an arbiter's decision) stops the room, in the
    same transaction; the room's own result (written by "game room") finds it already over."""
    room_id = Room.objects.filter(match=match, finished=False).values_list("pk", flat=True).first()
    if room_id is not None and user != GAME_ROOM:
        end_by_decision(room_id, user)


def _arbiter(room_id, user, action, reason, change, at_ms):
    at_ms = now_ms() if at_ms is None else at_ms
    room = _locked(room_id)
    table = table_of(room)
    table.settle(at_ms, _allowance(room))
    change(table, at_ms)
    _store(room, table)
    audit.record(room.match.round.tournament, user, action, audit.match_subject(room.match),
                 after={"reason": reason} if reason else None)
    return Answer(view(table, None, room.seq, at_ms))


# -- storing -----------------------------------------------------------------------------------


def _locked(room_id: int) -> Room:
    """The room, locked for this transaction: its match first, then the room itself, in the order a result entered
    on the result form takes them (the match, then its room: `end_rooms_of`), so that the two never wait for each
    other.  Two plain statements, only these two rows (a move's largest cost was building a locking query that
    joined the round and the tournament); the match, its round and its tournament are read when needed, at a
    game's end or for the audit log."""
    list(Match.objects.select_for_update(of=("self",)).filter(room__pk=room_id).order_by().values_list("pk"))
    return Room.objects.select_for_update().get(pk=room_id)


def _store(room: Room, table: Table, client_id: str = "", client_from: int = 0) -> None:
    """Append the table's new events, bring the room row up to date, and write the result of a game just over."""
    if not table.new:
        _keep_after_commit(room, table)
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
    rung = {"key": list(_key(room)), "seq_from": seq_from, "events": [[e.kind, e.at_ms, e.data] for e in table.new]}
    table.new = []
    seq = room.seq
    _keep_after_commit(room, table)
    transaction.on_commit(lambda: bell.ring(room.pk, seq, rung))


def _write_result(room: Room, table: Table) -> None:
    """The finished game is the match's result, unless an arbiter has already entered one (online-play.md)."""
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
    except ResultRefused:
        # A closed round or a result entered meanwhile: the room keeps its log; an arbiter decides.
        pass
