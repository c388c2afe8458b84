"""Where a tile may go (`docs/move-log.md`, "Board and coordinates", "Events": place).

A game's board is a list with one colour integer per cell number (`EMPTY` for
an empty cell, start symbols printed on their cells).  These functions read
it; only `cover` changes it, once the `Game` has checked the whole move.  The
refusals are built here so that each placement rule has its sentence next to
its check.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .board import CELLS, DIRECTION_TO, NEIGHBOURS, START_SYMBOLS, area_cells, format_cell, written_cell
from .errors import IllegalMove
from .rules import RuleSet
from .tiles import COLOUR_NAMES, COLOURS, TILE_KINDS

EMPTY = -1

# A new game's board: every cell empty but the printed start symbols.
EMPTY_BOARD: tuple[int, ...] = tuple(START_SYMBOLS.get(i, EMPTY) for i in range(len(CELLS)))

START_NEIGHBOURS = {start: frozenset(NEIGHBOURS[start]) for start in START_SYMBOLS}


@dataclass(frozen=True)
class Placement:
    """A tile laid on two cells: `tile[0]` on `cells[0]`, `tile[1]` on `cells[1]`."""

    tile: str
    cells: tuple[tuple[int, int], tuple[int, int]]


@lru_cache(maxsize=None)
def play_area(players: int) -> tuple[tuple[bool, ...], int]:
    """Per cell number whether it is in the playing area, and how many adjacent empty pairs it starts with."""
    area = area_cells(players)
    in_area = tuple(i in area for i in range(len(CELLS)))
    empty = [in_area[i] and EMPTY_BOARD[i] == EMPTY for i in range(len(CELLS))]
    pairs = sum(1 for i in range(len(CELLS)) if empty[i] for n in NEIGHBOURS[i] if n > i and empty[n])
    return in_area, pairs


def touches_anything(board: Sequence[int], i0: int, i1: int) -> bool:
    """Whether a tile on i0 and i1 would touch a tile or a start symbol (mso's rule)."""
    for n in NEIGHBOURS[i0]:
        if board[n] != EMPTY:
            return True
    for n in NEIGHBOURS[i1]:
        if board[n] != EMPTY:
            return True
    return False


def start_touched(board: Sequence[int], start: int) -> bool:
    """Whether a tile touches this start symbol's cell."""
    return any(board[n] != EMPTY and n not in START_SYMBOLS for n in NEIGHBOURS[start])


def touches_free_start(board: Sequence[int], i0: int, i1: int) -> bool:
    """Whether a tile on i0 and i1 would touch a start symbol no tile touches yet (a first kosmos placement)."""
    return any(
        (i0 in around or i1 in around) and not start_touched(board, start)
        for start, around in START_NEIGHBOURS.items()
    )


def cover(board: list[int], in_area: Sequence[bool], i0: int, i1: int, a: int, b: int) -> int:
    """Lay colour a on i0 and b on i1; returns how many adjacent empty pairs of the playing area that took away."""
    lost = 0
    for n in NEIGHBOURS[i0]:
        if board[n] == EMPTY and in_area[n]:
            lost += 1
    board[i0] = a
    for n in NEIGHBOURS[i1]:
        if board[n] == EMPTY and in_area[n]:
            lost += 1
    board[i1] = b
    return lost


def legal_cell_pairs(
    board: Sequence[int], in_area: Sequence[bool], rules: RuleSet, first: bool
) -> list[tuple[int, int]]:
    """Every unordered pair of cell numbers a tile may cover now; `first`: the player's first placement."""
    first_kosmos = not rules.must_touch and first
    free_starts = [s for s in START_SYMBOLS if not start_touched(board, s)] if first_kosmos else ()
    pairs = []
    for i in range(len(CELLS)):
        if not in_area[i] or board[i] != EMPTY:
            continue
        for j in NEIGHBOURS[i]:
            if j < i or not in_area[j] or board[j] != EMPTY:
                continue
            if rules.must_touch:
                if not touches_anything(board, i, j):
                    continue
            elif first_kosmos:
                if not any(i in START_NEIGHBOURS[s] or j in START_NEIGHBOURS[s] for s in free_starts):
                    continue
            pairs.append((i, j))
    return pairs


def check_cover(name: str, board: Sequence[int], rules: RuleSet, first_placement: bool, i0: int, i1: int) -> int:
    """The direction from i0 to i1, two cells of the playing area, when a tile may cover them now.

    Refuses (in the spec's order) a covered cell, cells that do not touch,
    and cells the rule set's placement rule does not allow.
    """
    if board[i0] != EMPTY or board[i1] != EMPTY:
        raise occupied(name, i0 if board[i0] != EMPTY else i1)
    direction = DIRECTION_TO[i0].get(i1)
    if direction is None:
        raise not_adjacent(name, i0, i1)
    if rules.must_touch:
        if not touches_anything(board, i0, i1):
            raise placement_rule(name, rules, i0, i1)
    elif first_placement and not touches_free_start(board, i0, i1):
        raise placement_rule(name, rules, i0, i1)
    return direction


def placements(pairs: list[tuple[int, int]], kinds: list[int]) -> list[Placement]:
    """Every tile of these kinds, either way round, on every one of these cell pairs."""
    found = []
    for i, j in pairs:
        cells = (CELLS[i], CELLS[j])
        for k in kinds:
            a, b = TILE_KINDS[k]
            found.append(Placement(COLOURS[a] + COLOURS[b], cells))
            if a != b:
                found.append(Placement(COLOURS[b] + COLOURS[a], cells))
    return found


# --- refusals ---------------------------------------------------------------


def off_board(name: str, cell: tuple[int, int], players: int) -> IllegalMove:
    return IllegalMove(
        "off-board",
        f"{name} placed on {written_cell(*cell)}, which is outside the playing area for {players} players",
    )


def occupied(name: str, cell: int) -> IllegalMove:
    if cell in START_SYMBOLS:
        what = f"holds the printed {COLOUR_NAMES[START_SYMBOLS[cell]]} start symbol"
    else:
        what = "is already covered"
    return IllegalMove("occupied", f"{name} placed on {format_cell(cell)}, which {what}")


def not_adjacent(name: str, i0: int, i1: int) -> IllegalMove:
    return IllegalMove("not-adjacent", f"{name} placed on {format_cell(i0)} and {format_cell(i1)}, which do not touch")


def placement_rule(name: str, rules: RuleSet, i0: int, i1: int) -> IllegalMove:
    where = f"{format_cell(i0)} and {format_cell(i1)}"
    if rules.must_touch:
        return IllegalMove(
            "placement-rule",
            f"{name} placed on {where}, which touch no tile and no start symbol "
            f"({rules.name} rules: every placement must touch one)",
        )
    return IllegalMove(
        "placement-rule",
        f"{name}'s first placement, on {where}, does not touch a start symbol "
        f"that no tile touches yet ({rules.name} rules)",
    )
