"""The arbiter's writes to a round's rooms (docs/online-play.md, "The arbiter"; docs/online-event.md, "Start time and
taking back an online round", "Presence and attention"): a pause and a resume, of a room or of the round's; a game
ended by decision, a forfeit for a player who never came (or for both), the start time moved, the rooms closed when
their round is taken back.  Each in one transaction, audited; every reason is decided by `arbiter_reason`.

A decision is made on what the arbiter saw: the form carries the room's sequence number as it was read, and the
decision is refused when the game has moved since (`Moved`, with the room as it stands now).
"""

from __future__ import annotations

from django.db import transaction

from tournament import audit
from tournament.domain.entry import GAME_ROOM, ResultEntry
from tournament.models import Match
from tournament.services import Refused as ResultRefused
from tournament.services.results import enter_result

from ..game.messages import view
from ..game.referee import Refused, public_log
from ..models import Room, RoomEvent
from ..services import Answer, lock_room, now_ms, seat_allowances, store_new_events, table_of


# -- pauses, and a result entered for a room still playing -------------------------------------


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
    room = lock_room(room_id)
    table = table_of(room)
    table.settle(at_ms, seat_allowances(room))
    decided = not table.finished
    log = public_log(table)
    if decided:
        table.decide(at_ms)
    store_new_events(room, table)
    if decided:
        _keep_decision(room, room.match, user, "game ended by decision", {"reason": reason, "log": log})
    return decided


def rooms_own(user) -> bool:
    """Whether a result entered (by `user`, as `enter_result` was called) is the game room's own, written by
    `_write_result`, rather than a person's: the one place this is decided."""
    return user == GAME_ROOM


def end_rooms_of(sender=None, *, match, user=None, **kwargs) -> None:
    """A result entered for a match whose room still plays (an arbiter's decision) stops the room, in the
    same transaction; the room's own result stops nothing."""
    if rooms_own(user):
        return
    # Only a room still playing has anything to stop (a room already over keeps its log as it is).
    room_id = Room.objects.filter(match=match, finished=False).values_list("pk", flat=True).first()
    if room_id is not None:
        end_by_decision(room_id, user)


def _arbiter(room_id, user, action, reason, change, at_ms):
    at_ms = now_ms() if at_ms is None else at_ms
    room = lock_room(room_id)
    table = table_of(room)
    table.settle(at_ms, seat_allowances(room))
    change(table, at_ms)
    store_new_events(room, table)
    audit.record(room.match.round.tournament, user, action, audit.match_subject(room.match),
                 after={"reason": reason} if reason else None)
    return Answer(view(table, None, room.seq, at_ms))



# -- a decision from the desk, the start, taking back --------------------------------------------


class Moved(Refused):
    """The game moved on since the arbiter read it: `state` is the room as it stands now (`standing`)."""

    def __init__(self, seen_seq: int, state: dict):
        super().__init__("moved", f"the game moved on since you opened the form (event {seen_seq}, now event "
                                  f"{state['seq']}): check the new state below and decide again")
        self.state = state


def standing(room: Room, at_ms: int) -> dict:
    """What a decision starts from: the room's sequence number, both players' scores and ran-out-of-time marks as
    they stand, the tiles placed, who has placed, and whether the game is still on."""
    table = table_of(room)
    table.settle(at_ms, seat_allowances(room))
    game = table.game
    return {"seq": room.seq + len(table.new), "scores": [list(row) for row in game.score_rows],
            "flagged": list(game.flagged), "placed": [table.placed(seat) for seat in (0, 1)],
            "placements": placements(table), "finished": table.finished}


def placements(table) -> int:
    """How many tiles have been placed in the room's game."""
    return sum(1 for event in table.log if event["type"] == "place")


@transaction.atomic
def decide(room_id: int, user, reason: str, *, seen_seq: int, scores=None, flagged=None, winner: int | None = None,
           at_ms: int | None = None) -> Match:
    """End the room's game by an arbiter's decision: the typed `scores` and `flagged` (a played result), or
    `winner` (0 or 1: a win for that seat, recorded as a forfeit).  The room's log up to the decision is kept in
    the match's `decision` with the reason (docs/tournament-file.md).  Refused when the game is over, or `Moved`
    when it has moved since the arbiter read it at `seen_seq`."""
    reason = arbiter_reason(reason)
    at_ms = now_ms() if at_ms is None else at_ms
    room = lock_room(room_id)
    table = _still_playing(room, at_ms, seen_seq)
    log = public_log(table)
    match = room.match
    if winner is not None:
        if winner not in (0, 1):
            raise Refused("winner", "winner: the first or the second player")
        entry = ResultEntry.forfeit((match.first, match.second)[winner], how="decision")
    else:
        entry = ResultEntry.typed(scores, flagged, how="decision")
    return _end(room, table, user, entry, {"reason": reason, "log": log}, at_ms, "game ended by decision")


@transaction.atomic
def forfeit_absent(room_id: int, user, seat: int | None, reason: str, *, at_ms: int | None = None) -> Match:
    """The arbiter records a forfeit for the player at `seat` who has not placed a tile (a no-show the arbiter
    knows will not come): the room ends, the opponent wins, audited (issue 34, point 11).  `seat` None: neither
    player came (neither has placed a tile), both lose, 0 VP each: the result the room writes itself when both
    clocks run out with nothing placed (docs/online-play.md, Clocks: Absent player).

    The room's log up to the forfeit is kept in the match's `decision` when a tile was placed (the opponent's
    play, replayed in the viewer); with nothing placed there is no game to keep, and the log is null."""
    reason = arbiter_reason(reason)
    at_ms = now_ms() if at_ms is None else at_ms
    room = lock_room(room_id)
    table = _still_playing(room, at_ms, None)
    if seat not in (0, 1, None):
        raise Refused("seat", "seat: the first or the second player, or neither")
    for absent in ((0, 1) if seat is None else (seat,)):
        if table.placed(absent):
            raise Refused("placed", f"{table.names[absent]} has placed a tile: end the game by decision instead")
    match = room.match
    present = None if seat is None else (match.first, match.second)[1 - seat]
    entry = ResultEntry.forfeit(present, how="absent")
    log = public_log(table) if placements(table) else None
    action = "forfeit for two absent players" if seat is None else "forfeit for an absent player"
    return _end(room, table, user, entry, {"reason": reason, "log": log}, at_ms, action)


def _still_playing(room: Room, at_ms: int, seen_seq: int | None):
    table = table_of(room)
    table.settle(at_ms, seat_allowances(room))
    if table.finished:
        raise Refused("finished", "the game is over: its result is on the result form")
    if seen_seq is not None and room.seq + len(table.new) != seen_seq:
        state = {"seq": room.seq + len(table.new), "scores": [list(r) for r in table.game.score_rows],
                 "flagged": list(table.game.flagged), "placements": placements(table)}
        raise Moved(seen_seq, state)
    return table


def _end(room: Room, table, user, entry: ResultEntry, decision: dict, at_ms: int, action: str) -> Match:
    table.decide(at_ms)
    store_new_events(room, table)  # the room stops first: the result entered next finds it over (rooms.end_rooms_of)
    try:
        match = enter_result(room.match, entry, user=user)
    except ResultRefused as refused:
        raise Refused(refused.field or "result", refused.message) from None
    _keep_decision(room, match, user, action, decision)
    return match


def _keep_decision(room: Room, match: Match, user, action: str, decision: dict) -> None:
    """The decision kept with the match's result (its reason, and the room's log up to it, or null: the file's
    `decision`), and audited with how many of the room's events it keeps."""
    match.decision = decision
    match.save(update_fields=["decision"])
    audit.record(match.round.tournament, user, action, audit.match_subject(match),
                 after={"reason": decision["reason"], "events kept": room.seq if decision["log"] is not None else 0})


# -- the round's start, and taking it back (tournament.signals) --------------------------------


def move_rooms_start(sender=None, *, round, starts_at, **kwargs) -> None:
    """The round's start moved (or brought to now): each room of it follows, in the same transaction; refused
    (the whole change undone) when a room's clock has started meanwhile."""
    at_ms = now_ms()
    starts_at_ms = int(starts_at.timestamp() * 1000)
    for room_id in Room.objects.filter(match__round=round, finished=False).order_by("pk").values_list("pk", flat=True):
        room = lock_room(room_id)
        table = table_of(room)
        table.settle(at_ms, seat_allowances(room))
        try:
            table.move_start(at_ms, starts_at_ms)
        except Refused:
            raise ResultRefused(f"Round {round.number}: the clock of table {room.match.table} has started; a "
                                "round's start can only be moved before its clocks start.") from None
        room.starts_at_ms = table.starts_at_ms
        Room.objects.filter(pk=room_id).update(starts_at_ms=room.starts_at_ms)
        store_new_events(room, table)  # the "start" event: the players' rooms and countdowns follow it (the bell)


def close_rooms_of(sender=None, *, round, **kwargs) -> None:
    """The round was taken back to a draft: its rooms close (deleted with their events), so that publishing it
    again opens new rooms with full clocks from the new start.  Whether its clocks have started was asked before
    (`services.clocks_to_start`, in `take_back`): a signal tells, it does not forbid."""
    Room.objects.filter(match__round=round).delete()
