"""Where a turn stands, and why a move comes out of turn (`docs/move-log.md`, Precise points: A turn).

A turn is one placement, every bonus placement it earned, at most one swap,
then the refill draws; `Turn.phase` says which of these the current turn has
reached.  `TurnState` is what a program driving a `Game` reads to know what
comes next (the game room offers only those moves).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import IllegalMove

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


@dataclass(frozen=True)
class TurnState:
    """What the game waits for now, and from whom; None for a player once the game is over."""

    turn: int | None  # whose turn it is
    phase: str  # how far that turn has gone: START, BONUS, PLACED, SWAPPED or REFILL
    to_place: int | None  # who places next: the turn's player (first placement, bonus) or the next turn's
    bonus_owed: int  # bonus placements the turn's player still owes, to be made at once
    may_swap: bool  # the turn's player may swap now (else only refill, or place for the next turn)
    refill: int  # tiles the turn's player may still draw to fill the rack (tracked racks, after placing)
    flag_owed: int | None  # the player whose clock read 0: that player's flag is the only move allowed

    @property
    def owed(self) -> str | None:
        """What must come next before anything else: "flag", "bonus", or None (the turn may move on)."""
        if self.flag_owed is not None:
            return "flag"
        return "bonus" if self.bonus_owed else None


class Turn:
    """Whose turn it is, how far it has gone, and the bonus placements it still owes."""

    def __init__(self) -> None:
        self.player = 0
        self.phase = START
        self.bonus_owed = 0

    def start(self, player: int) -> None:
        """A new turn for the player: nothing placed, nothing owed."""
        self.player = player
        self.phase = START
        self.bonus_owed = 0

    def out_of_turn(self, names: Sequence[str], following: int | None, player: int, what: str) -> IllegalMove:
        """The `out-of-turn` fault of `player`, who `what` ("placed a tile"), as this turn stands (`out_of_turn`)."""
        return out_of_turn(names, self.player, self.phase, following, player, what)

    def placement_starts_turn(self, names: Sequence[str], following: int | None, player: int) -> bool:
        """Whether the player's placement begins the next turn, not the current one's; refused out of turn."""
        if self.phase == START or self.phase == BONUS:
            if player != self.player:
                raise self.out_of_turn(names, following, player, DONE["place"])
            return False
        if player != following:
            raise self.out_of_turn(names, following, player, DONE["place"])
        return True


# The faults of a move by the wrong player, at the wrong moment, after a flag or after the end: each sentence
# written once, here, for the log checker (`Game`, `log`) and the game room (`rooms.game.referee`) alike.

DONE = {"place": "placed a tile", "draw": "drew tiles", "swap": "swapped", "flag": "ran out of time"}  # by event


def out_of_turn(names: Sequence[str], turn: int, phase: str, following: int | None, player: int,
                what: str) -> IllegalMove:
    """The `out-of-turn` fault of `player`, who `what` ("placed a tile") while `turn`'s turn stands at `phase`.

    `following` is the player whose turn comes next (the next who has not flagged).
    """
    if phase == BONUS:  # whoever moves, the bonus comes first
        why = f"{names[turn]} still owes a bonus placement"
    elif phase == START:  # a swap or a refill comes after the turn's placement
        why = f"{names[turn]} has not placed a tile yet this turn" if player == turn else f"it is {names[turn]}'s turn"
    elif player == turn:
        why = _DONE[phase]
    else:
        why = f"{names[turn]}'s turn is not finished and {names[following]} plays next"
    return IllegalMove("out-of-turn", f"{names[player]} {what} out of turn: {why}")


def after_flag(name: str, what: str) -> IllegalMove:
    """The `flagged-player-moved` fault: `name` `what` ("swapped") after running out of time."""
    return IllegalMove("flagged-player-moved", f"{name} {what} after running out of time")


def after_end(done: str, ended: str) -> IllegalMove:
    """The `after-end` fault: `done` ("Ann Able swapped", "an 'end' event comes") after the game had ended, `ended`
    saying how ("every player had run out of time")."""
    return IllegalMove("after-end", f"{done} after the game had ended ({ended})")
