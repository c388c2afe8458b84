"""Board geometry of `docs/move-log.md`, "Board and coordinates".

Cells are numbered 0..168 once, here; everything else in the engine works on
those numbers.  Neighbours and the straight lines (rays) leaving each cell in
each direction are computed once at import, so scoring a placement is a walk
along precomputed tuples with no coordinate arithmetic and no board copies.
"""

from __future__ import annotations

from .tiles import COLOURS

BOARD_RADIUS = 7

# The six axial directions, in the order the spec lists neighbours.
# Direction d and direction (d + 3) % 6 point opposite ways.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Radius of the playing area for each number of players.
AREA_RADIUS = {2: 5, 3: 6, 4: 7}

# The printed start symbols: one per colour at the corners of ring 5.
START_SYMBOL_CELLS = {
    "R": (5, 0),
    "G": (5, -5),
    "B": (0, -5),
    "O": (-5, 0),
    "Y": (-5, 5),
    "P": (0, 5),
}


def ring(q: int, r: int) -> int:
    """Distance of the cell [q, r] from the centre."""
    return max(abs(q), abs(r), abs(q + r))


CELLS: tuple[tuple[int, int], ...] = tuple(
    (q, r)
    for q in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    for r in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    if ring(q, r) <= BOARD_RADIUS
)
CELL_INDEX: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(CELLS)}
RINGS: tuple[int, ...] = tuple(ring(q, r) for q, r in CELLS)


def _neighbour(i: int, d: int) -> int | None:
    q, r = CELLS[i]
    dq, dr = DIRECTIONS[d]
    return CELL_INDEX.get((q + dq, r + dr))


# NEIGHBOURS[i]: the cells touching cell i, on the whole board.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for d in range(6) if (n := _neighbour(i, d)) is not None) for i in range(len(CELLS))
)

# DIRECTION_TO[i][j] = d when cell j is the neighbour of i in direction d.
DIRECTION_TO: tuple[dict[int, int], ...] = tuple(
    {n: d for d in range(6) if (n := _neighbour(i, d)) is not None} for i in range(len(CELLS))
)


def _ray(i: int, d: int) -> tuple[int, ...]:
    cells = []
    while (i := _neighbour(i, d)) is not None:
        cells.append(i)
    return tuple(cells)


# RAYS[i][d]: the cells in a straight line from i in direction d, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(i, d) for d in range(6)) for i in range(len(CELLS))
)

# SCORING_RAYS[i][d]: the five rays scored from cell i when its partner hex
# lies in direction d (the ray towards the partner is left out).
SCORING_RAYS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(RAYS[i][e] for e in range(6) if e != d and RAYS[i][e]) for d in range(6))
    for i in range(len(CELLS))
)

START_SYMBOLS: dict[int, int] = {
    CELL_INDEX[cell]: COLOURS.index(letter) for letter, cell in START_SYMBOL_CELLS.items()
}


def area_cells(players: int) -> frozenset[int]:
    """The cells of the playing area for this number of players."""
    radius = AREA_RADIUS[players]
    return frozenset(i for i, r in enumerate(RINGS) if r <= radius)


def format_cell(i: int) -> str:
    """A cell as the log writes it: `[q,r]`."""
    q, r = CELLS[i]
    return f"[{q},{r}]"


def coordinate_text(number: int) -> str:
    """A coordinate as written, or, for a number too long to read (or even to write out), how many digits it has."""
    if -10**15 < number < 10**15:
        return str(number)
    digits = int(abs(number).bit_length() * 0.30103) + 1  # about
    return f"{'-' if number < 0 else ''}a {digits}-digit number"


def written_cell(q: int, r: int, separator: str = ",") -> str:
    """Any two integers as a cell, `[q,r]`, on the board or far off it."""
    return f"[{coordinate_text(q)}{separator}{coordinate_text(r)}]"
