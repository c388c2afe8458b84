"""The arbiter's writes to a round's rooms beyond a pause (online-event.md, "Start time and taking back an online
round", "Presence and attention"; issue 34): a game ended by decision, a forfeit for a player who never came, the
start time moved, the rooms closed when their round is taken back.  Each in one transaction, audited.

A decision is made on what the arbiter saw: the form carries the room's sequence number as it was read, and the
decision is refused when the game has moved since (`Moved`, with the room as it stands now).
"""

from __future__ import annotations

from django.db import transaction

from tournament import audit
from tournament.domain.entry import ResultEntry
from tournament.models import Match
from tournament.services import Refused as ResultRefused
from tournament.services.results import enter_result

from .models import Room
from .referee import Refused, public_log
from .services import _allowance, _locked, _store, arbiter_reason, now_ms, table_of


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
    table.settle(at_ms, _allowance(room))
    game = table.game
    return {"seq": room.seq + len(table.new), "scores": [list(row) for row in game.score_rows],
            "flagged": list(game.flagged), "placed": [table.placed(seat) for seat in (0, 1)],
            "placements": sum(1 for event in table.log if event["type"] == "place"), "finished": table.finished}


@transaction.atomic
def decide(room_id: int, user, reason: str, *, seen_seq: int, scores=None, flagged=None, winner: int | None = None,
           at_ms: int | None = None) -> Match:
    """End the room's game by an arbiter's decision: the typed `scores` and `flagged` (a played result), or
    `winner` (0 or 1: a win for that seat, recorded as a forfeit).  The room's log up to the decision is kept in
    the match's `decision` with the reason (tournament-json.md).  Refused when the game is over, or `Moved`
    when it has moved since the arbiter read it at `seen_seq`."""
    reason = arbiter_reason(reason)
    at_ms = now_ms() if at_ms is None else at_ms
    room = _locked(room_id)
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
def forfeit_absent(room_id: int, user, seat: int, reason: str, *, at_ms: int | None = None) -> Match:
    """The arbiter records a forfeit for the player at `seat` who has not placed a tile (a no-show the arbiter
    knows will not come): the room ends, the opponent wins, audited (issue 34, point 11)."""
    reason = arbiter_reason(reason)
    at_ms = now_ms() if at_ms is None else at_ms
    room = _locked(room_id)
    table = _still_playing(room, at_ms, None)
    if seat not in (0, 1):
        raise Refused("seat", "seat: the first or the second player")
    if table.placed(seat):
        raise Refused("placed", f"{table.names[seat]} has placed a tile: end the game by decision instead")
    match = room.match
    present = (match.first, match.second)[1 - seat]
    entry = ResultEntry.forfeit(present, how="absent")
    return _end(room, table, user, entry, {"reason": reason, "log": None}, at_ms, "forfeit for an absent player")


def _still_playing(room: Room, at_ms: int, seen_seq: int | None):
    table = table_of(room)
    table.settle(at_ms, _allowance(room))
    if table.finished:
        raise Refused("finished", "the game is over: its result is on the result form")
    if seen_seq is not None and room.seq + len(table.new) != seen_seq:
        state = {"seq": room.seq + len(table.new), "scores": [list(r) for r in table.game.score_rows],
                 "flagged": list(table.game.flagged), "placements": sum(1 for e in table.log if e["type"] == "place")}
        raise Moved(seen_seq, state)
    return table


def _end(room: Room, table, user, entry: ResultEntry, decision: dict, at_ms: int, action: str) -> Match:
    table.decide(at_ms)
    _store(room, table)  # the room stops first: the result entered next finds it over (rooms.services.end_rooms_of)
    try:
        match = enter_result(room.match, entry, user=user)
    except ResultRefused as refused:
        raise Refused(refused.field or "result", refused.message) from None
    match.decision = decision
    match.save(update_fields=["decision"])
    audit.record(match.round.tournament, user, action, audit.match_subject(match),
                 after={"reason": decision["reason"], "events kept": room.seq})
    return match


# -- the round's start, and taking it back (tournament.signals) --------------------------------


def move_rooms_start(sender=None, *, round, starts_at, **kwargs) -> None:
    """The round's start moved (or brought to now): each room of it follows, in the same transaction; refused
    (the whole change undone) when a room's clock has started meanwhile."""
    at_ms = now_ms()
    starts_at_ms = int(starts_at.timestamp() * 1000)
    for room_id in Room.objects.filter(match__round=round, finished=False).order_by("pk").values_list("pk", flat=True):
        room = _locked(room_id)
        table = table_of(room)
        table.settle(at_ms, _allowance(room))
        try:
            table.move_start(at_ms, starts_at_ms)
        except Refused:
            raise ResultRefused(f"Round {round.number}: the clock of table {room.match.table} has started; a "
                                "round's start can only be moved before its clocks start.") from None
        room.starts_at_ms = table.starts_at_ms
        Room.objects.filter(pk=room_id).update(starts_at_ms=room.starts_at_ms)
        _store(room, table)  # the "start" event: the players' rooms and countdowns follow it (the bell)


def close_rooms_of(sender=None, *, round, **kwargs) -> None:
    """The round was taken back to a draft: its rooms close (deleted with their events), so that publishing it
    again opens new rooms with full clocks from the new start.  Refused when a clock of it has started."""
    at_ms = now_ms()
    rooms = list(Room.objects.select_for_update(of=("self",)).filter(match__round=round).select_related("match"))
    started = sorted(room.match.table for room in rooms if room.starts_at_ms <= at_ms or room.finished)
    if started:
        tables = ", ".join(str(table) for table in started)
        raise ResultRefused(f"Round {round.number} cannot be taken back: the clocks have started (table"
                            f"{'s' if len(started) > 1 else ''} {tables}). End a game by decision instead.")
    Room.objects.filter(pk__in=[room.pk for room in rooms]).delete()
