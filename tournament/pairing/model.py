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
    `byes` counts byes and forfeit wins.  `active` is False for a withdrawn
    player or a late entry who has not joined yet.
    """

    id: int
    seed: int
    half_points: int = 0
    opponents: frozenset = frozenset()
    sides: str = ""
    byes: int = 0
    active: bool = True
    name: str = ""

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


@dataclass
class RoundPairing:
    round: int
    tables: list[Table]
    bye: int | None = None
    bye_reason: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [(t.first, t.second) for t in self.tables]


class PairingImpossible(Exception):
    """No pairing obeys the absolute rules; the organiser must pair by hand."""

    def __init__(self, message: str, players: list[int]):
        super().__init__(message)
        self.message = message
        self.players = players
