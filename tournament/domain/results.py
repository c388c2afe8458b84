"""The result of one game for the tournament (`docs/tournament-rules.md`, "Result of a game").

A played game's result is six scores per player (colour order R O Y G B P,
each 0..18: the engine's own limits) and who ran out of time.  From it:
the winner (the higher ascending score list; only identical lists draw),
each player's level L (lowest colour) and difference D (own L − the
opponent's L), and VP in half-points (win 2, draw 1, loss 0), so that sums
stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from games.engine import board_winner
from games.engine.rules import MAX_SCORE
from games.engine.tiles import COLOURS

from .values import is_whole, show_json

WIN, DRAW, LOSS = 2, 1, 0  # half-points
SIX = len(COLOURS)


class ScoreFault(ValueError):
    """Scores that are not a game's result: `place` is the index path below the scores (`[1][3]`), `problem` says why."""

    def __init__(self, place: str, problem: str, value: Any = None):
        super().__init__(f"{place}: {problem}" if place else problem)
        self.place = place
        self.problem = problem
        self.value = value


def check_scores(scores: Any) -> list[list[int]]:
    """Two lists of six whole numbers from 0 to 18 (first player's first), as plain lists; else a `ScoreFault`."""
    if not isinstance(scores, (list, tuple)) or len(scores) != 2:
        raise ScoreFault("", "must be two lists of six scores (first player's first)")
    for p, row in enumerate(scores):
        if not isinstance(row, (list, tuple)) or len(row) != SIX:
            raise ScoreFault(f"[{p}]", "must be six scores in colour order R O Y G B P")
        for c, value in enumerate(row):
            if not is_whole(value):
                raise ScoreFault(f"[{p}][{c}]", f"{show_json(value)} is not a whole number", value)
            if value > MAX_SCORE:
                raise ScoreFault(f"[{p}][{c}]", f"{value} is above {MAX_SCORE}", value)
            if value < 0:
                raise ScoreFault(f"[{p}][{c}]", f"{value} is below 0", value)
    return [list(row) for row in scores]


def both_complete(scores: Sequence[Sequence[int]]) -> bool:
    """18 in all six colours for both players: impossible, since the first to get there ends the game."""
    return all(list(row) == [MAX_SCORE] * SIX for row in scores)


def game_half_points(first_scores: Sequence[int], second_scores: Sequence[int]) -> tuple[int, int]:
    """Half-points of the first and second player: win 2, draw 1 each, loss 0."""
    winner = board_winner([first_scores, second_scores])
    if winner is None:
        return DRAW, DRAW
    return (WIN, LOSS) if winner == 0 else (LOSS, WIN)


def level(scores: Sequence[int]) -> int:
    """L: the player's lowest colour score."""
    return min(scores)


@dataclass(frozen=True)
class GameResult:
    """A played game's result: both score lists (first player's first) and the flags."""

    scores: tuple[tuple[int, ...], tuple[int, ...]]
    flagged: tuple[bool, bool] = (False, False)

    @classmethod
    def of(cls, scores: Any, flagged: Sequence[bool] = (False, False)) -> GameResult:
        """The checked result; a `ScoreFault` for scores that cannot be a game's."""
        first, second = check_scores(scores)
        return cls((tuple(first), tuple(second)), (bool(flagged[0]), bool(flagged[1])))

    @property
    def half_points(self) -> tuple[int, int]:
        return game_half_points(*self.scores)

    @property
    def winner(self) -> int | None:
        """0 for the first player, 1 for the second, None for a draw."""
        return board_winner(self.scores)

    @property
    def levels(self) -> tuple[int, int]:
        return level(self.scores[0]), level(self.scores[1])

    @property
    def differences(self) -> tuple[int, int]:
        first, second = self.levels
        return first - second, second - first
