"""What one viewer of a room may see, built in one place (docs/online-play.md, "The game": racks are secret).

Every message the room sends, over the WebSocket or as the HTTP answer, is
`view(table, seat, ...)`, and holds only the fields named here: `EVERYONE`'s
for every viewer, and `SEAT_OWN`'s for a seat, about that seat alone (its
rack, what it may do now).  Each event of the log likewise shows only the
fields `EVENT_FIELDS` names for its kind: another player's draw only as how
many tiles (`SEEN_DRAW`), a rack only when shown for a swap (the rule makes
the player show it), nothing about the bag but how many tiles it holds.  A
field added to the game reaches nobody until it is named here.  Once the game
is over the whole log is public, as every game log.  A finished room's seat
is also sent its player's next game (`next`), with the fields `NEXT_GAME`
names (`rooms.next_game`).
"""

from __future__ import annotations

from games.engine.board import CELLS
from tournament.domain.text import result_words

from .referee import Table

EVERYONE = ("seq", "now_ms", "status", "starts_at_ms", "wakes_at_ms", "players", "seat", "turn", "stage", "scores",
            "clocks_ms", "flagged", "rack_sizes", "bag", "events", "outcome", "pause")
SEAT_OWN = ("rack", "may_swap", "legal_pairs")
EVENT_FIELDS = {  # what everyone sees of each kind of log event before the game is over
    "place": ("type", "player", "tile", "cells", "gain", "clock_s"),
    "swap": ("type", "player", "rack"),  # shown by the rule
    "flag": ("type", "player"),
    "draw": ("type", "player", "tiles"),  # to the drawing player only; the others see `SEEN_DRAW`
}
SEEN_DRAW = ("type", "player", "count")
# The `next` message of a finished room's seat: the player's own next game, or why there is none yet
# (`rooms.next_game`); nobody else is sent it.
NEXT_GAME = ("type", "state", "round", "table", "opponent", "plays_first", "online", "starts_at_ms", "now_ms",
             "break_s", "words", "may_come_back", "play_url", "private_url", "standings_url")


def status_of(table: Table) -> str:
    if table.finished:
        return "finished"
    if table.paused:
        return "paused"
    return "playing" if table.started else "waiting"


def seen_event(event: dict, seat: int | None, public: bool) -> dict:
    """A log event as `seat` may see it (`public`: the game is over, the whole log is everyone's)."""
    if public:
        return dict(event)
    kind = event["type"]
    if kind == "draw" and event["player"] != seat:
        return {"type": "draw", "player": event["player"], "count": len(event["tiles"])}
    return {field: event[field] for field in EVENT_FIELDS.get(kind, ("type", "player")) if field in event}


def view(table: Table, seat: int | None, seq: int, now_ms: int) -> dict:
    """The room as `seat` (0 or 1; None for a spectator, an arbiter or an organiser) sees it at `now_ms`: the
    `EVERYONE` fields, and a seat's `SEAT_OWN` fields about itself."""
    facts = _everyone(table, seat, seq, now_ms)
    if seat is not None:
        facts.update(_own(table, seat))
    fields = EVERYONE + SEAT_OWN if seat is not None else EVERYONE
    return {field: facts[field] for field in fields if field in facts}


def _everyone(table: Table, seat: int | None, seq: int, now_ms: int) -> dict:
    game, public = table.game, table.finished
    running = table.running
    facts = {
        "seq": seq,
        "now_ms": now_ms,
        "status": status_of(table),
        "starts_at_ms": table.starts_at_ms,
        "wakes_at_ms": table.wakes_at(),  # when the start time or the running player's flag comes
        "players": table.names,
        "seat": seat,
        "turn": running,
        "stage": None if running is None else "decide" if table.deciding() else "bonus" if table.bonus_owed() else "place",
        "scores": [list(row) for row in game.score_rows],
        "clocks_ms": [table.clock.left(player, now_ms) for player in range(len(table.names))],
        "flagged": list(game.flagged),
        "rack_sizes": list(game.rack_sizes),
        "bag": game.bag_size,
        "events": [seen_event(event, seat, public) for event in table.log],
    }
    if table.paused:  # the players see why (docs/online-event.md, "Presence and attention")
        facts["pause"] = {"reason": table.pause_note.get("reason", ""), "since_ms": table.pause_note.get("at_ms")}
    if table.finished:
        outcome = table.outcome
        facts["outcome"] = ({"forfeit": False, "decided": True, "winner": None} if outcome.decided else
                            {"forfeit": True, "winner": outcome.winner} if outcome.forfeit else
                            {"forfeit": False, "winner": outcome.result.winner, "ended_by": outcome.result.ended_by,
                             # who won on which colour, in the words of every result (a win on "lowest 0 v 0" says
                             # that the second-lowest decided)
                             "words": result_words(*table.names, outcome.result.scores, game.flagged)})
    return facts


def _own(table: Table, seat: int) -> dict:
    """What only `seat` sees: its rack, and what it may do now."""
    game = table.game
    on_turn = seat == table.running and not table.paused
    return {
        "rack": game.rack(seat),
        "may_swap": on_turn and table.deciding() and game.may_swap(seat),
        "legal_pairs": ([[list(CELLS[a]), list(CELLS[b])] for a, b in game.legal_cell_pairs(seat)]
                        if on_turn and not table.deciding() else []),
    }
