"""Where a turn stands, and why a move comes out of turn (`shared/spec/ingenious-log.md`, Precise points: A turn).

A turn is one placement, every bonus placement it earned, at most one swap,
then the refill draws; `Game.phase` says which of these the current turn has
reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalMove

if TYPE_CHECKING:
    from .game import Game

START = "start"  # the turn's player has not placed yet
BONUS = "bonus"  # bonus placements are owed
PLACED = "placed"  # placements done; a swap or the refill may follow
SWAPPED = "swapped"  # the rack was exchanged; the refill follows
REFILL = "refill"  # the refill has begun; only more draws may follow

_DONE = {
    PLACED: "the turn's placement is made and no bonus placement was earned",
    SWAPPED: "the turn's rack was already swapped",
    REFILL: "the turn's refill has begun",
}


def out_of_turn(game: Game, player: int, what: str) -> IllegalMove:
    """The `out-of-turn` fault of `player`, who `what` ("placed a tile"), with the reason in the turn's words."""
    names, turn = game.names, game.turn
    if game.phase == BONUS:  # whoever moves, the bonus comes first
        why = f"{names[turn]} still owes a bonus placement"
    elif game.phase == START:  # a swap or a refill comes after the turn's placement
        why = f"{names[turn]} has not placed a tile yet this turn" if player == turn else f"it is {names[turn]}'s turn"
    elif player == turn:
        why = _DONE[game.phase]
    else:
        why = f"{names[turn]}'s turn is not finished and {names[game.next_player(turn)]} plays next"
    return IllegalMove("out-of-turn", f"{names[player]} {what} out of turn: {why}")


def placement_starts_turn(game: Game, player: int) -> bool:
    """Whether the player's placement begins the next turn, not the current one's; refused out of turn."""
    if game.phase == START or game.phase == BONUS:
        if player != game.turn:
            raise out_of_turn(game, player, "placed a tile")
        return False
    following = (game.turn + 1) % game.player_count
    if game.flagged[following]:
        following = game.next_player(game.turn)
    if player != following:
        raise out_of_turn(game, player, "placed a tile")
    return True
