"""The bell a room rings after each commit: 'event N is stored, look'.  It carries no state of its own.

The stored events are the truth (online-play.md, "Nothing lost"); the bell only
tells whoever watches the room that there is something new, with the sequence
number, so a watcher that missed a ring asks for what it missed.  Listeners in
this process (tests, the page's long poll) subscribe with `listen`.
"""

from __future__ import annotations

import logging
from typing import Callable

logger = logging.getLogger("rooms.bell")
_listeners: list[Callable[[int, int], None]] = []


def listen(callback: Callable[[int, int], None]) -> Callable[[], None]:
    """Call `callback(room_id, seq)` on every ring in this process; returns the function that stops it."""
    _listeners.append(callback)
    return lambda: _listeners.remove(callback)


def group_name(room_id: int) -> str:
    """The channel layer's group of a room's watchers, on every instance."""
    return f"room-{room_id}"


def ring(room_id: int, seq: int) -> None:
    """Tell the room's watchers, here and on every instance, that event `seq` is stored."""
    for callback in list(_listeners):
        callback(room_id, seq)
    _ring_channel_layer(room_id, seq)


def _ring_channel_layer(room_id: int, seq: int) -> None:
    """Over the channel layer; a layer that fails (Redis down) makes watchers later, never a move lost."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    try:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(group_name(room_id), {"type": "room.bell", "seq": seq})
    except Exception:  # noqa: BLE001 - any failure of the bell is only lateness: the events are stored
        logger.warning("could not ring room %s's bell (event %s)", room_id, seq, exc_info=True)
