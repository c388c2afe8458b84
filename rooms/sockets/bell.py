"""The bell a room rings after each commit: 'event N is stored, look'.

The stored events are the truth (docs/online-play.md, "Nothing lost"); the bell
tells whoever watches the room that there is something new, with the sequence
number and the events just stored, so a watcher that has the room up to them
needs no database read, and one that missed a ring reads what it missed.  Listeners in
this process (tests, the page's long poll) subscribe with `listen`.
"""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar
from typing import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger("rooms.sockets.bell")
_listeners: list[Callable[[int, int], None]] = []
# The event loop of the socket whose database work is running in this thread (`consumers.database_sync_to_async`
# sets it): the bell is rung there without the thread waiting for it.
serving_loop: ContextVar[asyncio.AbstractEventLoop | None] = ContextVar("serving_loop", default=None)


def listen(callback: Callable[[int, int], None]) -> Callable[[], None]:
    """Call `callback(room_id, seq)` on every ring in this process; returns the function that stops it."""
    _listeners.append(callback)
    return lambda: _listeners.remove(callback)


def group_name(room_id: int) -> str:
    """The channel layer's group of a room's watchers, on every instance."""
    return f"room-{room_id}"


def link_group_name(player_id: int) -> str:
    """The channel layer's group of the sockets opened with a player's private link, on every instance."""
    return f"link-{player_id}"


def rounds_group_name(tournament_id: int) -> str:
    """The channel layer's group of the sockets of a tournament's finished rooms' seats, on every instance: each
    waits to be told of its player's next game (`next_game`)."""
    return f"rounds-{tournament_id}"


def ring_rounds(sender=None, *, round, **kwargs) -> None:
    """A round was published, moved, taken back or closed (`tournament.signals`): once that is committed, every finished
    room's seat of the tournament reads its next game again (`consumers.RoomConsumer.room_next`).  One message for
    the whole tournament, not one per player: a 500-player round is published with one send; a lost one is made up
    by each socket's slow look (`rooms.sockets.loops.NEXT_LOOK_S`)."""
    group = rounds_group_name(round.tournament_id)
    transaction.on_commit(lambda: _send_channel_layer(group, {"type": "room.next"}))


def close_link_sockets(sender=None, *, player, **kwargs) -> None:
    """A player's link was renewed: once that is committed, every socket opened with the old one closes
    (`consumers.RoomConsumer.link_replaced`).  A lost message is made up by each process's check (`watchers`)."""
    group = link_group_name(player.pk)
    transaction.on_commit(lambda: _send_channel_layer(group, {"type": "link.replaced"}))


def ring(room_id: int, seq: int, events: dict | None = None) -> None:
    """Tell the room's watchers, here and on every instance, that event `seq` is stored.

    `events` (from `services`): the events just stored, `{"key": the room as the replay cache names it,
    "seq_from": the first one's number, "events": [[kind, at_ms, data], ...]}`, so a watcher whose process has
    the room at the event before them needs no database read (`copies.view_rung`); they go to the server's
    consumers only, each of which sends its browser what its viewer may see (`messages.view`)."""
    for callback in list(_listeners):
        callback(room_id, seq)
    _ring_channel_layer(room_id, {"type": "room.bell", "seq": seq, **(events or {})})


def _ring_channel_layer(room_id: int, message: dict) -> None:
    _send_channel_layer(group_name(room_id), message)


def _send_channel_layer(group: str, message: dict) -> None:
    """Over the channel layer; a layer that fails (Redis down) makes watchers later, never a move lost.

    From a socket's database thread, handed to that socket's event loop, and the thread goes on (it had waited for
    Redis's answer: half a move's time in the thread, measured under load); elsewhere (the HTTP endpoint, a
    command, a page), sent before returning."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        loop = serving_loop.get()
        if loop is not None and loop.is_running():
            sending = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
            sending.add_done_callback(lambda done: _sent(group, message, done))
        else:
            async_to_sync(layer.group_send)(group, message)
    except Exception as error:  # noqa: BLE001 - any failure of the bell is only lateness: the events are stored
        _could_not_send(group, message, error)


def _sent(group: str, message: dict, done) -> None:
    if not done.cancelled() and done.exception() is not None:
        _could_not_send(group, message, done.exception())


def _could_not_send(group: str, message: dict, error: BaseException) -> None:
    logger.warning("could not tell %s (%s, event %s)", group, message["type"], message.get("seq", "-"),
                   exc_info=error)
