"""The board as SVG for the game viewer: hexes, printed start symbols, and each placed hex
with its colour letter too, so colour-blind readers can follow the game."""

from __future__ import annotations

import math

from games.colours import BY_LETTER
from games.engine.timeline import Timeline

SIZE = 16.0


def _centre(q: int, r: int) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _points(q: int, r: int) -> str:
    x, y = _centre(q, r)
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + SIZE * 0.97 * math.cos(angle):.1f},{y + SIZE * 0.97 * math.sin(angle):.1f}")
    return " ".join(corners)


def board_svg(line: Timeline) -> str:
    """The final board; each placed hex carries data-step so a script can step through the game."""
    placed = {}
    for step in line.steps:
        for cell, letter in zip(step.cells, step.tile):
            placed[cell] = (letter, step.number)
    xs = [_centre(q, r)[0] for q, r in line.area]
    ys = [_centre(q, r)[1] for q, r in line.area]
    pad = SIZE * 1.2
    box = f"{min(xs) - pad:.0f} {min(ys) - pad:.0f} {max(xs) - min(xs) + 2 * pad:.0f} {max(ys) - min(ys) + 2 * pad:.0f}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" class="board" role="img" '
             f'aria-label="Ingenious board after the game">']
    for q, r in line.area:
        x, y = _centre(q, r)
        points = _points(q, r)
        if (q, r) in line.starts:
            letter = line.starts[(q, r)]
            parts.append(
                f'<g class="start"><polygon points="{points}" fill="{BY_LETTER[letter].hex}" stroke="#000" stroke-width="2.5"/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="{BY_LETTER[letter].ink}">★{letter}</text></g>'
            )
        elif (q, r) in placed:
            letter, number = placed[(q, r)]
            # An empty hex underneath shows while the viewer steps back before this placement.
            parts.append(f'<polygon points="{points}" fill="#f6f1e7" stroke="#c9bfa9"/>')
            parts.append(
                f'<g class="placed" data-step="{number}"><polygon points="{points}" fill="{BY_LETTER[letter].hex}" stroke="#555"/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="{BY_LETTER[letter].ink}">{letter}</text></g>'
            )
        else:
            parts.append(f'<polygon points="{points}" fill="#f6f1e7" stroke="#c9bfa9"/>')
    parts.append("</svg>")
    return "".join(parts)
