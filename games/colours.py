"""The six colours of Ingenious: letter, name and the colour they are drawn in, one table for every page and sheet.

In the order of the score lists (`docs/move-log.md`: "R O Y G B P").
Pages and sheets always write the letter or the name beside a colour, so
that colour-blind readers can follow.
"""

from __future__ import annotations

from typing import NamedTuple

from .engine.tiles import COLOUR_NAMES
from .engine.tiles import COLOURS as LETTERS


class Colour(NamedTuple):
    letter: str
    name: str
    hex: str
    ink: str  # what text on the colour is written in


_HEX = {"R": "#d62728", "O": "#ff7f0e", "Y": "#e6c300", "G": "#2ca02c", "B": "#1f77b4", "P": "#8e44ad"}
# Text on a colour meets WCAG's 4.5:1: white on green (#2ca02c) is only 3.4:1, so green is written on in black
# (6.2:1); the colour itself, what players know the tiles by, stays as it is.
_INK = {"R": "#fff", "O": "#000", "Y": "#000", "G": "#000", "B": "#fff", "P": "#fff"}
COLOURS = tuple(Colour(letter, name, _HEX[letter], _INK[letter]) for letter, name in zip(LETTERS, COLOUR_NAMES))
BY_LETTER = {colour.letter: colour for colour in COLOURS}
