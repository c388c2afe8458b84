"""The board as SVG: hexes, printed start symbols, and each placed hex with its colour letter too,
so colour-blind readers can follow the game.

`board_svg` draws a finished game for the game viewer; `fault_svg` draws the
board a refused log's faulty event met, with that placement outlined, off the
playing area if that is where it was written.
"""

from __future__ import annotations

import math

from django.utils.html import escape

from games.colours import BY_LETTER
from games.engine.board import CELLS, START_SYMBOLS, area_cells, coordinate_text
from games.engine.fault import FaultScene
from games.engine.tiles import COLOURS as LETTERS
from games.engine.timeline import Timeline

SIZE = 16.0
EMPTY_FILL, EMPTY_STROKE = "#f6f1e7", "#c9bfa9"
OUTSIDE_RINGS = 3  # how far outside the playing area an off-board cell is drawn where it was written


def _centre(q: float, r: float) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _points(x: float, y: float) -> str:
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + SIZE * 0.97 * math.cos(angle):.1f},{y + SIZE * 0.97 * math.sin(angle):.1f}")
    return " ".join(corners)


def _hex(x: float, y: float, letter: str, cls: str, attrs: str = "") -> str:
    colour = BY_LETTER[letter]
    return (
        f'<g class="{cls}"{attrs}><polygon points="{_points(x, y)}" fill="{colour.hex}" stroke="#555"/>'
        f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="{colour.ink}">{letter}</text></g>'
    )


def _start_symbol(x: float, y: float, letter: str) -> str:
    """A printed start symbol: its colour, a thick outline and a star beside its letter."""
    return (f'<g class="start"><polygon points="{_points(x, y)}" fill="{BY_LETTER[letter].hex}" stroke="#000" '
            f'stroke-width="2.5"/><text x="{x:.1f}" y="{y + 4:.1f}" fill="{BY_LETTER[letter].ink}">★{letter}</text></g>')


def _board(area, starts, label: str, placed: dict, extra: list[str], extent: list[tuple[float, float]]) -> str:
    """The playing area, start symbols and placed hexes; `extra` drawn on top; the view fits `extent` too."""
    centres = [_centre(q, r) for q, r in area] + extent
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    pad = SIZE * 1.2
    box = f"{min(xs) - pad:.0f} {min(ys) - pad:.0f} {max(xs) - min(xs) + 2 * pad:.0f} {max(ys) - min(ys) + 2 * pad:.0f}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" class="board" role="img" '
             f'aria-label="{escape(label)}">']
    for q, r in area:
        x, y = _centre(q, r)
        if (q, r) in starts:
            letter = starts[(q, r)]
            parts.append(_start_symbol(x, y, letter))
            continue
        # An empty hex, under a placed one too: the viewer steps back to before that placement.
        parts.append(f'<polygon points="{_points(x, y)}" fill="{EMPTY_FILL}" stroke="{EMPTY_STROKE}"/>')
        if (q, r) in placed:
            letter, attrs = placed[(q, r)]
            parts.append(_hex(x, y, letter, "placed", attrs))
    parts.extend(extra)
    parts.append("</svg>")
    return "".join(parts)


def board_svg(line: Timeline, best: dict | None = None) -> str:
    """The final board; each placed hex carries data-step so a script can step through the game.

    `best` (the analysis: placement number -> the best candidate's tile and cells) adds, hidden, each placement's
    best candidate as a dashed outline with its letters (`g.best`, `data-best` its placement), for the script to show.
    """
    placed = {}
    for step in line.steps:
        for cell, letter in zip(step.cells, step.tile):
            placed[cell] = (letter, f' data-step="{step.number}"')
    outlines = [_best_outline(number, tile, cells) for number, (tile, cells) in (best or {}).items()]
    return _board(line.area, line.starts, "Ingenious board after the game", placed, outlines, [])


def _best_outline(number: int, tile: str, cells) -> str:
    hexes = []
    for letter, (q, r) in zip(tile, cells):
        x, y = _centre(q, r)
        hexes.append(f'<polygon points="{_points(x, y)}" fill="{BY_LETTER[letter].hex}" fill-opacity="0.55" '
                     f'stroke="#000" stroke-width="3" stroke-dasharray="5 3"/>'
                     f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="#000">{letter}</text>')
    return f'<g class="best" data-best="{number}" visibility="hidden">{"".join(hexes)}</g>'


def _where_drawn(scene: FaultScene, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a faulty cell is drawn: where it was written, or, far off the board, at the edge of the view toward it."""
    q, r = cell
    ring = max(abs(q), abs(r), abs(q + r))
    furthest = scene.area_radius + OUTSIDE_RINGS
    if ring <= furthest:
        return _centre(q, r)
    return _centre(q * furthest / ring, r * furthest / ring)


def fault_svg(scene: FaultScene) -> str:
    """The board before the faulty event; its placement outlined (`class="faulty"`), each cell with its coordinates."""
    placed = {cell: (letter, "") for cell, letter in scene.tiles.items()}
    outlines, extent = [], []
    for index, cell in enumerate(scene.placement):
        x, y = _where_drawn(scene, cell)
        extent.append((x, y))
        letter = scene.placement_tile[index] if scene.placement_tile else None
        fill = BY_LETTER[letter].hex if letter else "#fff"
        where = "off the playing area" if scene.off_board(cell) else "in the playing area"
        q, r = (coordinate_text(n) if abs(n) < 1000 else "…" for n in cell)  # a far cell's numbers are in the text
        outlines.append(
            f'<g class="faulty" data-cell="{q},{r}"><title>[{q}, {r}] {where}</title>'
            f'<polygon points="{_points(x, y)}" fill="{fill}" fill-opacity="0.75" stroke="#b42318" '
            f'stroke-width="3.5" stroke-dasharray="5 3"/>'
            f'<text x="{x:.1f}" y="{y - 1:.1f}" fill="#000">{letter or "?"}</text>'
            f'<text class="coord" x="{x:.1f}" y="{y + 9:.1f}" fill="#000">{q},{r}</text></g>'
        )
    label = "The board before the faulty event"
    if scene.placement:
        label += ", the faulty placement outlined"
    return _board(scene.area, scene.starts, label, placed, outlines, extent)


def room_board_svg(players: int = 2) -> str:
    """The empty playing area for a game room, as a WAI-ARIA grid: a `row` per line of hexes, top to bottom, and in it
    a `gridcell` per cell, left to right, each a `g.cell` with `data-cell="q,r"` for the room's script to colour, to
    name and to make choosable (a start symbol's cell also `data-start`, its colour letter).  The letters on the
    cells (`g.letters`, a `text` per cell with the same `data-cell`) and tiles' outlines (`g.outlines`) are drawn
    over the cells and hidden from the accessibility tree: the cells' names say it all."""
    area = [CELLS[i] for i in sorted(area_cells(players))]
    starts = {CELLS[i]: LETTERS[c] for i, c in START_SYMBOLS.items()}
    centres = [_centre(q, r) for q, r in area]
    xs, ys, pad = [x for x, _ in centres], [y for _, y in centres], SIZE * 1.2
    box = f"{min(xs) - pad:.0f} {min(ys) - pad:.0f} {max(xs) - min(xs) + 2 * pad:.0f} {max(ys) - min(ys) + 2 * pad:.0f}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" class="board" id="board" role="grid" '
             f'aria-label="The board">']
    letters = []  # drawn apart from the cells: a cell's name is its label, not a letter inside it
    for row in sorted({r for _, r in area}):
        parts.append('<g role="row">')
        for q, r in sorted(cell for cell in area if cell[1] == row):
            x, y = _centre(q, r)
            letter = starts.get((q, r))
            fill, ink = (BY_LETTER[letter].hex, BY_LETTER[letter].ink) if letter else (EMPTY_FILL, "#000")
            start = f' data-start="{letter}"' if letter else ""
            stroke = '#000" stroke-width="2.5' if letter else EMPTY_STROKE
            parts.append(f'<g class="cell{" start" if letter else ""}" role="gridcell" data-cell="{q},{r}"{start}>'
                         f'<polygon points="{_points(x, y)}" fill="{fill}" stroke="{stroke}"/></g>')
            letters.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="{ink}" data-cell="{q},{r}">'
                           f'{"★" + letter if letter else ""}</text>')
        parts.append("</g>")
    parts.append(f'<g class="letters" aria-hidden="true">{"".join(letters)}</g>'
                 '<g class="outlines" aria-hidden="true"></g></svg>')
    return "".join(parts)
