"""The plain data the pairing engines read and write."""

from __future__ import annotations

from dataclasses import dataclass, field

FIRST, SECOND = "F", "S"


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing engine sees them before a round.

    `half_points` is VP × 2 (VP move in halves).  `opponents` and `sides` count
    games actually played only (not byes, not forfeits); `sides` is the
    sequence of "F" (played first) and "S" (played second), oldest first.
    `byes` counts byes and forfeit wins (not excused absences).  `active` is
    False for a withdrawn player, a late entry who has not joined yet, or a
    player excused from the round (then `excused` is True as well).
    """

    id: int
    seed: int
    half_points: int = 0
    opponents: frozenset = frozenset()
    sides: str = ""
    byes: int = 0
    active: bool = True
    name: str = ""
    excused: bool = False

    @property
    def vp(self) -> float:
        return self.half_points / 2

    @property
    def label(self) -> str:
        return self.name or f"player {self.id}"


@dataclass(frozen=True)
class Table:
    first: int
    second: int
    reason: str = ""


@dataclass(frozen=True)
class Forfeit:
    """An all-play-all game of the table that an absent player (withdrawn or excused) loses by forfeit.

    `first`/`second` are the table's sides; `winner` is the present player,
    or None when both are absent (a double forfeit: 0 VP each).
    """

    first: int
    second: int
    winner: int | None
    reason: str = ""

    @property
    def double(self) -> bool:
        """Both players absent: both lose, 0 VP each (`pair_next`'s "double_forfeits")."""
        return self.winner is None

    @property
    def present_absent(self) -> tuple[int, int]:
        """`[present_id, absent_id]` of `pair_next`'s "forfeits"; a double forfeit: the table's order."""
        if self.winner == self.second:
            return self.second, self.first
        return self.first, self.second


@dataclass
class RoundPairing:
    round: int
    tables: list[Table]
    bye: int | None = None
    bye_reason: str = ""
    notes: list[str] = field(default_factory=list)
    excused: list[int] = field(default_factory=list)  # players excused from the round, in seed order
    forfeits: list[Forfeit] = field(default_factory=list)  # all-play-all only

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [(t.first, t.second) for t in self.tables]


class PairingImpossible(Exception):
    """No pairing obeys the absolute rules; the organiser must pair by hand."""

    def __init__(self, message: str, players: list[int]):
        super().__init__(message)
        self.message = message
        self.players = players
