"""The log's `final` against the replay (`docs/move-log.md`, Precise points: Whole-object checks).

`final` is compared after the last event: a `final` of the wrong shape, or
with a non-integer anywhere, differs from the scores like any other, so it is
`wrong-final` too.
"""

from __future__ import annotations

from typing import Any

from .errors import shown
from .game import Game
from .tiles import COLOUR_NAMES


def _is_six_integers(row: Any) -> bool:
    return type(row) is list and len(row) == 6 and all(type(value) is int for value in row)


def _shape_fault(game: Game, final: Any) -> str | None:
    """Why `final` is not of the spec's shape for this game, or None."""
    if len(game.score_rows) == 1:  # the duel: one list of six signed positions
        if not _is_six_integers(final):
            return f'"final" must be one list of six whole-number counter positions (R O Y G B P), not {shown(final)}'
        return None
    count = game.player_count
    if type(final) is not list or len(final) != count:
        return (
            f'"final" must hold {count} lists of six whole-number scores, one per player in turn order '
            f"({', '.join(game.names)}), not {shown(final)}"
        )
    for player, row in enumerate(final):
        if not _is_six_integers(row):
            return (
                f'"final"[{player}], {game.names[player]}\'s scores, must be six whole numbers (R O Y G B P), '
                f"not {shown(row)}"
            )
    return None


def final_mismatch(game: Game, final: Any) -> str | None:
    """Where the declared `final` and the finished game's scores differ, as a sentence; None when they agree."""
    shape = _shape_fault(game, final)
    if shape:
        return shape
    duel = len(game.score_rows) == 1
    for player, (declared, computed) in enumerate(zip([final] if duel else final, game.score_rows)):
        for colour in range(6):
            if declared[colour] == computed[colour]:
                continue
            if duel:
                return (
                    f'"final" puts the {COLOUR_NAMES[colour]} counter on {declared[colour]:+d}, '
                    f"but the replay leaves it on {computed[colour]:+d}"
                )
            return (
                f'"final" gives {game.names[player]} {declared[colour]} in {COLOUR_NAMES[colour]}, '
                f"but the replay gives {computed[colour]}"
            )
    return None
