"""What a stored value may be: whole numbers, finite numbers, text the database can hold.

The tournament file, the result form and the players' links all store JSON
(scores, move logs); a NUL or an unpaired surrogate in a text, or a number
that is not finite, cannot be stored (PostgreSQL's jsonb refuses the NUL).
"""

from __future__ import annotations

import json
import math
from typing import Any

from .limits import MAX_RATING


def is_whole(value: Any) -> bool:
    """An integer, and not a bool (JSON's true is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(text: str, largest: int = 2**63 - 1) -> int | None:
    """The number the text writes in ASCII digits (no sign, no spaces), if it is one from 0 to `largest`; else None.

    `str.isdigit` alone takes "²" and "٣", which `int` then refuses (or reads), and any number of digits, which
    the database cannot hold: a posted number goes through here before it reaches a query.
    """
    if not (isinstance(text, str) and text.isascii() and text.isdigit()) or len(text) > len(str(largest)):
        return None
    number = int(text)
    return number if number <= largest else None


# --- A player's rating: one rule for the player form, the players file and the tournament file -----------

RATING_RULE = f"a whole number from 0 to {MAX_RATING:,}"


def is_rating(value: Any) -> bool:
    """Whether `value` is a player's rating: a whole number from 0 to `MAX_RATING` (no rating at all is None,
    which each reader allows in its own spelling: an empty cell or field, JSON's null)."""
    return is_whole(value) and 0 <= value <= MAX_RATING


def rating_of_text(text: str) -> int | None:
    """The rating a typed or read text writes, or None if it writes none: ASCII digits only, within the rule.

    `int` alone would take "-5", " 7", "²"'s cousins ("٣") and a hundred thousand digits."""
    number = whole_number(text, MAX_RATING)
    return number if is_rating(number) else None


def show_json(value: Any) -> str:
    """A value as JSON for a message (one nested too deeply to write out is only named)."""
    try:
        return json.dumps(value)
    except (RecursionError, ValueError, TypeError):
        return "a value nested too deeply to show"


def storable(obj: Any) -> bool:
    """Whether the database can hold the value: no NUL nor unpaired surrogate in any text, every number finite."""
    stack = [obj]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value or not value.isascii() and not _utf8(value):
                return False
        elif isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, float) and not math.isfinite(value):
            return False
    return True


def first_unstorable(obj: Any) -> tuple[str, str] | None:
    """(place, problem) of the first value the database cannot hold, in reading order; None when all can be."""
    if storable(obj):
        return None
    stack = [(obj, "")]  # again, slower, to name the first place at fault
    while stack:
        value, place = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return place, f"{value} is not a finite number"
        if isinstance(value, str):
            problem = text_problem(value)
            if problem:
                return place, problem
        elif isinstance(value, dict):
            for key in value:
                if isinstance(key, str) and text_problem(key):
                    return place, text_problem(key)
            stack.extend((item, f"{place}.{key}" if place else str(key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, f"{place}[{i}]") for i, item in reversed(list(enumerate(value))))
    return None


def text_problem(text: str) -> str | None:
    """Why the text cannot be stored, or None."""
    if "\x00" in text:
        return "text may not hold the NUL character (\\u0000)"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(text[error.start])
        return f"text holds an unpaired surrogate (\\u{code:04x}), which is not Unicode"
    return None


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
