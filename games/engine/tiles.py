"""Colours, tiles and the bag of `docs/move-log.md`, "Colours and tiles".

Colours are the integers 0..5 in the spec's score order R O Y G B P.  A tile
kind (the unordered pair, "RO" == "OR") is an integer 0..20, used to count
tiles in the bag and in racks.
"""

from __future__ import annotations


COLOURS = "ROYGBP"
COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple")

# TILE_KINDS[k] = (low colour, high colour); doubles have low == high.
TILE_KINDS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(6) for b in range(a, 6)
)
_KIND_OF = {pair: k for k, pair in enumerate(TILE_KINDS)}

# How many of each kind the bag holds: 6 of each two-colour pair, 5 of each double.
BAG_COUNTS: tuple[int, ...] = tuple(5 if a == b else 6 for a, b in TILE_KINDS)
RACK_SIZE = 6


def kind_of(a: int, b: int) -> int:
    """The tile kind showing colours a and b, in either order."""
    return _KIND_OF[(a, b) if a <= b else (b, a)]


# PARSED_TILES["OR"] = (colour on the first cell, colour on the second, kind).
PARSED_TILES: dict[str, tuple[int, int, int]] = {
    COLOURS[a] + COLOURS[b]: (a, b, kind_of(a, b)) for a in range(6) for b in range(6)
}


def kind_name(k: int) -> str:
    a, b = TILE_KINDS[k]
    return COLOURS[a] + COLOURS[b]

