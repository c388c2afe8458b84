"""A player's six scores over a game as an SVG line chart, drawn by the server (the analysis on the replay page).

One line a colour, in the colour of `games.colours` with its letter at the
line's end (colour-blind readers read the letters); the player's lowest
score, the one the MSO compares first, is marked as a dashed black line over
them.  The chart is a picture only: the same figures are in the table the
page puts beside it (`rows`), for a screen reader and for anyone who wants
the numbers.  Its view box is narrow enough for a 390 px phone at full width.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from django.utils.html import escape

from .colours import COLOURS

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 26, 40, 10, 30  # room for the score axis, the letters at the ends, the placements' axis
TOP_SCORE = 18
LABEL_GAP = 9  # the letters at the lines' ends are at least this far apart, up and down
INK = "#1f2328"


@dataclass(frozen=True)
class Row:
    """A player's scores after one of the player's placements (`placement`: its number in the game)."""

    placement: int
    scores: tuple[int, ...]

    @property
    def lowest(self) -> int:
        return min(self.scores)


def rows(player: int, steps: Sequence[tuple[int, int, Sequence[Sequence[int]]]]) -> list[Row]:
    """The player's scores after each of the player's own placements (the only ones that change them).

    `steps` are (placement number, mover, every player's scores after it)."""
    return [Row(number, tuple(scores[player])) for number, mover, scores in steps if mover == player]


def _x(placement: int, placements: int) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * placement / max(placements, 1)


def _y(score: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - score / TOP_SCORE)


def _spread(wanted: list[float]) -> list[float]:
    """Label heights as near `wanted` as they can be, each LABEL_GAP from the next (the ends of lines that meet)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    last = None
    for i in order:
        y = wanted[i] if last is None else max(wanted[i], last + LABEL_GAP)
        placed[i], last = y, y
    overflow = last - (HEIGHT - BOTTOM + 4) if last is not None else 0
    return [y - overflow for y in placed] if overflow > 0 else placed


def score_chart(name: str, chart_rows: Sequence[Row], placements: int, table_id: str) -> str:
    """The SVG: `placements` is the game's number of placements (the horizontal axis, shared by every player's
    chart); `table_id` names the table with the same figures."""
    points = [(0, (0,) * 6)] + [(row.placement, row.scores) for row in chart_rows]
    final = points[-1][1]
    lowest = min(final)
    low = [c.name for c, v in zip(COLOURS, final) if v == lowest]
    low_names = low[0] if len(low) == 1 else ", ".join(low[:-1]) + " and " + low[-1]
    label = (f"{name}'s six scores over the game, one line a colour; the lowest at the end: {lowest} ({low_names}). "
             f"The figures are in the table that follows.")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" class="score-chart" '
             f'role="img" aria-label="{escape(label)}" aria-describedby="{escape(table_id)}">']
    for score in (0, 6, 12, 18):  # the score axis: a faint line every six points
        y = _y(score)
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#d0d7de"/>'
                     f'<text x="{LEFT - 5}" y="{y + 4:.1f}" text-anchor="end" fill="{INK}">{score}</text>')
    bottom = HEIGHT - BOTTOM
    parts.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.0f}" y="{bottom + 24}" text-anchor="middle" fill="{INK}">'
                 f'placement (1 to {placements})</text>')
    for c, colour in enumerate(COLOURS):  # lines a little apart, so that equal scores do not hide each other
        shift = (c - 2.5) * 0.9
        line = " ".join(f"{_x(n, placements):.1f},{_y(s[c]) + shift:.1f}" for n, s in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour.hex}" stroke-width="2"/>')
    low_line = " ".join(f"{_x(n, placements):.1f},{_y(min(s)):.1f}" for n, s in points)
    parts.append(f'<polyline class="lowest" points="{low_line}" fill="none" stroke="#000" stroke-width="1.5" '
                 f'stroke-dasharray="4 3"/>')
    end_x = _x(points[-1][0], placements)
    heights = _spread([_y(v) + 4 for v in final])
    for colour, value, y in zip(COLOURS, final, heights):
        parts.append(f'<rect x="{end_x + 4:.1f}" y="{y - 8:.1f}" width="8" height="8" fill="{colour.hex}"/>'
                     f'<text x="{end_x + 14:.1f}" y="{y:.1f}" fill="{INK}">{colour.letter}{value}</text>')
    parts.append("</svg>")
    return "".join(parts)
