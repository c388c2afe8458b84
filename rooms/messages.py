"""What one viewer of a room may see, built in one place (online-play.md, "The game": racks are secret).

Every message the room sends, over the WebSocket or as the HTTP answer, is
`view(table, seat, ...)`: the seat's own rack and draws go only to that seat;
the opponent and spectators see how many tiles a rack holds, and a rack shown
for a swap (the rule makes the player show it); nothing about the bag but how
many tiles it holds.  Once the game is over the whole log is public.
"""

from __future__ import annotations

from games.engine.board import CELLS

from .referee import Table


def status_of(table: Table) -> str:
    if table.finished:
        return "finished"
    if table.paused:
        return "paused"
    return "playing" if table.started else "waiting"


def seen_event(event: dict, seat: int | None, public: bool) -> dict:
    """A log event as `seat` may see it: another player's draw only as a count of tiles."""
    if event["type"] == "draw" and not public and event["player"] != seat:
        return {"type": "draw", "player": event["player"], "count": len(event["tiles"])}
    return event


def view(table: Table, seat: int | None, seq: int, now_ms: int) -> dict:
    """The room as `seat` (0 or 1; None for a spectator, an arbiter or an organiser) sees it at `now_ms`."""
    game, public = table.game, table.finished
    running = table.running
    message = {
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
    if table.paused:  # the players see why (online-event.md, "Presence and attention")
        message["pause"] = {"reason": table.pause_note.get("reason", ""), "since_ms": table.pause_note.get("at_ms")}
    if seat is not None:
        message["rack"] = game.rack(seat)
        on_turn = seat == running and not table.paused
        message["may_swap"] = on_turn and table.deciding() and game.may_swap(seat)
        message["legal_pairs"] = ([[list(CELLS[a]), list(CELLS[b])] for a, b in game.legal_cell_pairs(seat)]
                                  if on_turn and not table.deciding() else [])
    if table.finished:
        outcome = table.outcome
        message["outcome"] = ({"forfeit": False, "decided": True, "winner": None} if outcome.decided else
                              {"forfeit": True, "winner": outcome.winner} if outcome.forfeit else
                              {"forfeit": False, "winner": outcome.result.winner, "ended_by": outcome.result.ended_by})
    return message
