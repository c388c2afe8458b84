"""The result of one game for the tournament record (`shared/spec/tournament.md`, "Result of a game").

Pure functions over plain data; VP are counted in half-points (VP × 2) so
that sums stay exact.
"""

from __future__ import annotations

from games.engine import board_winner

WIN, DRAW, LOSS = 2, 1, 0  # half-points


def game_half_points(first_scores, second_scores) -> tuple[int, int]:
    """Half-points of the first and second player: win 2, draw 1 each, loss 0.

    The higher ascending score list wins; only identical lists draw.
    """
    winner = board_winner([first_scores, second_scores])
    if winner is None:
        return DRAW, DRAW
    return (WIN, LOSS) if winner == 0 else (LOSS, WIN)


def level(scores) -> int:
    """L: the player's lowest colour score."""
    return min(scores)
