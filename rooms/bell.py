"""The bell a room rings after each commit: 'event N is stored, look'.  It carries no state of its own.

The stored events are the truth (online-play.md, "Nothing lost"); the bell only
tells whoever watches the room that there is something new, with the sequence
number, so a watcher that missed a ring asks for what it missed.  Listeners in
this process (tests, the page's long poll) subscribe with `listen`.
"""

from __future__ import annotations

from typing import Callable

_listeners: list[Callable[[int, int], None]] = []


def listen(callback: Callable[[int, int], None]) -> Callable[[], None]:
    """Call `callback(room_id, seq)` on every ring in this process; returns the function that stops it."""
    _listeners.append(callback)
    return lambda: _listeners.remove(callback)


def ring(room_id: int, seq: int) -> None:
    for callback in list(_listeners):
        callback(room_id, seq)
