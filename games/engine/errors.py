"""Error codes of `docs/move-log.md`, "What a checker reports"."""

from __future__ import annotations

import json
from typing import Any

# In the table's order: when one event breaks several rules, the first code wins.
ERROR_CODES = (
    "bad-format",
    "bad-event",
    "bad-tile",
    "bad-cell",
    "flagged-player-moved",
    "out-of-turn",
    "off-board",
    "occupied",
    "not-adjacent",
    "placement-rule",
    "tile-supply",
    "tile-not-in-rack",
    "rack-overflow",
    "rack-mismatch",
    "illegal-swap",
    "wrong-gain",
    "bad-clock",
    "after-end",
    "premature-end",
    "unfinished",
    "wrong-final",
)


class IngeniousError(Exception):
    """A fault with one of the spec's codes and a sentence for a person."""

    def __init__(self, code: str, message: str):
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


class IllegalMove(IngeniousError):
    """A move the rules do not allow now; the game is left as it was."""


class BadLog(IngeniousError):
    """A log, or one of its events, that is not of the spec's form."""


def shown(value: Any) -> str:
    """A value as JSON for a fault's message: a value too deeply nested to write out is only named."""
    try:
        return json.dumps(value)
    except RecursionError:
        return "a value nested too deeply to show"
    except ValueError:  # an integer too long to write out
        return "a number too long to show"
