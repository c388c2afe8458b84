"""How deep a log may nest, and where it goes deeper (`log.py`: "A log nested more than `MAX_DEPTH`...").

The limit is fixed, so the verdict does not depend on how deep the caller's
stack is.  The fields the replay reads have fixed shapes and are checked by
it; only the others can hide deep nesting.  So the replay needs no separate
pass over the log: it looks at each event as it plays it (`PLAYED_FIELDS`
makes that a cheap test for the usual event), and at every event once it
has found a fault, since nesting too deep outranks any fault of an event.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64  # levels of nesting in a whole log; a log's own structure needs 5


def deeper_than(value: Any, limit: int) -> bool:
    """Whether a parsed value nests lists and objects more than `limit` levels deep (a scalar is 0)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, (list, dict)))
    return False


# The fields whose form the replay checks, by where they are: no deep nesting can hide in them.
_READ_AT_TOP = {"format", "rules", "players", "events", "clock_s", "final"}
_READ_IN_EVENT = {"place": {"cells", "gain"}, "draw": {"tiles"}, "swap": {"rack"}}
# The fields of an event the replay has played, by type: each of a fixed form or checked to be a number
# or a string.  A played event with no other field cannot be too deep.
PLAYED_FIELDS = {
    "place": frozenset({"type", "player", "tile", "cells", "gain", "clock_s"}),
    "draw": frozenset({"type", "player", "tiles"}),
    "swap": frozenset({"type", "player", "rack"}),
    "flag": frozenset({"type", "player"}),
    "end": frozenset({"type"}),
}


def too_deep_at_top(log: dict) -> str | None:
    """The top-level field of a log that nests more than MAX_DEPTH levels deep, or None."""
    for key, value in log.items():
        if key not in _READ_AT_TOP and isinstance(value, (list, dict)) and deeper_than(value, MAX_DEPTH - 1):
            return json.dumps(key)
    return None


def too_deep_in_event(index: int, event: Any) -> str | None:
    """The field of an event that takes the log more than MAX_DEPTH levels deep, or None."""
    if type(event) is not dict:
        return None
    kind = event.get("type")
    read = _READ_IN_EVENT.get(kind, ()) if isinstance(kind, str) else ()
    for key, value in event.items():
        if isinstance(value, (list, dict)) and key not in read and deeper_than(value, MAX_DEPTH - 3):
            return f'"events"[{index}][{json.dumps(key)}]'
    return None


def too_deep_in_events(events: list) -> str | None:
    """The first field of an event that takes the log more than MAX_DEPTH levels deep, or None."""
    for index, event in enumerate(events):
        where = too_deep_in_event(index, event)
        if where:
            return where
    return None


def nested_too_deeply(where: str) -> str:
    """The message of a log nested too deeply at `where`."""
    return f"the log is nested too deeply: {where} goes more than {MAX_DEPTH} levels deep"
