"""What a room's socket does besides answering its browser, each a task of the socket's own (`background`).

- A seat's presence (`rooms.desk.presence`): marked as its socket opens and closes, and on an answer to a ping at most
  every `presence.HEARTBEAT_MS` (`Pings.answered`).
- A seat's pings (`Pings`): one at once, then every `PING_EVERY_S`; the answers measure the seat's network allowance
  (`rooms.game.network.RoundTrips`), stored when it changed enough (`services.store_allowance`).
- The wake (`Wake`): a look when the room's start time or the running player's flag comes, if nothing came before.
- After the game (`NextGame`, docs/online-event.md, The timetable): a finished room's seat is told its player's
  next game, and looks again every `NEXT_LOOK_S` while that is not known or still to start.

Each is handed what it sends through (the consumer's `send_json`) and how it knows the socket is closing: none
holds the socket itself, so the consumer stays the one place that reads the browser's frames and answers them.
A database that does not answer costs the one mark, store or look that met it, never the socket.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from django.db import Error as DatabaseError

from .. import services
from ..desk import presence
from ..game.network import RoundTrips
from ..models import Room
from ..next_game import KNOWN, next_game
from . import frames
from .threads import database_sync_to_async

logger = logging.getLogger("rooms.sockets.consumers")  # the sockets' own logger, the consumer's and the watchers'

PING_EVERY_S = 5
NEXT_LOOK_S = 20  # a finished room's seat looks for its next game this often, in case a round's bell was lost

Send = Callable[[dict], Awaitable[None]]
Closing = Callable[[], bool]


def background(coroutine) -> asyncio.Task:
    """A task of the socket's own (a ping, a look, the after-game loop), its end always read: a browser that went
    while it was sending (the game over, the page closed: an `OSError` such as the server's `ClientDisconnected`)
    is no error, and anything else is logged once here rather than as asyncio's "exception was never retrieved"."""
    task = asyncio.ensure_future(coroutine)
    task.add_done_callback(_read_end)
    return task


def _read_end(task: asyncio.Task) -> None:
    if task.cancelled() or task.exception() is None or isinstance(task.exception(), OSError):
        return
    logger.warning("a room socket's task failed", exc_info=task.exception())


async def mark(heard, room_id: int, seat: int, at_ms: int) -> bool:
    """A presence mark of the seat (`presence.arrived`, `still_here` or `left`), stored for the desk and the
    opponent; False when the database did not answer: that costs only this one mark."""
    try:
        await database_sync_to_async(heard)(room_id, seat, at_ms)
    except DatabaseError:
        frames.warnings.warn("the database failed a presence mark of room %s", room_id)
        return False
    return True


class Pings:
    """A seat socket's pings and what their answers earn: the seat's heartbeat and its network allowance."""

    def __init__(self, room_id: int, seat: int, send_json: Send, closing: Closing):
        self.room_id, self.seat, self.send_json, self.closing = room_id, seat, send_json, closing
        self.round_trips = RoundTrips()
        self.heard_ms = services.now_ms()  # the last presence mark: the arrival, then each heartbeat

    async def every(self) -> None:
        """A ping at once (the first turn's allowance), then every `PING_EVERY_S`."""
        while not self.closing():
            await self.send_json({"type": "ping", "id": self.round_trips.ping(services.now_ms())})
            await asyncio.sleep(PING_EVERY_S)

    async def answered(self, ping_id) -> None:
        """The browser's pong: only the answer to a ping of ours counts, for a heartbeat and a measurement."""
        now = services.now_ms()
        if not self.round_trips.pong(ping_id, now):
            return  # not the answer to a ping of ours: it counts for nothing
        if presence.heartbeat_due(self.heard_ms, now):
            self.heard_ms = now
            await mark(presence.still_here, self.room_id, self.seat, now)
        allowance = self.round_trips.to_store()
        if allowance is not None:
            try:
                await database_sync_to_async(services.store_allowance)(self.room_id, self.seat, allowance)
            except DatabaseError:
                self.round_trips.stored = None  # stored at the next answer


class Wake:
    """The one look a socket has due: when the room's start time or the running player's flag comes."""

    def __init__(self, look: Callable[[], Awaitable]):
        self.look = look
        self.task: asyncio.Task | None = None

    def schedule(self, message: dict) -> None:
        """Look again at the view's `wakes_at_ms`, in place of any look scheduled before (none: none due)."""
        self.cancel()
        due = message.get("wakes_at_ms")
        if due is not None:
            self.task = background(self._wake(max(0, due - services.now_ms()) / 1000 + 0.05))

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _wake(self, delay_s: float) -> None:
        await asyncio.sleep(delay_s)
        await self.look()


class NextGame:
    """A finished room's seat and its player's next game (`rooms.next_game`)."""

    def __init__(self, room_id: int, seat: int, tournament_id: int, send_json: Send, closing: Closing):
        self.room_id, self.seat, self.tournament_id = room_id, seat, tournament_id
        self.send_json, self.closing = send_json, closing
        self.sent = None  # the last `next` message sent, its time left out

    async def follow(self, join_rounds: Callable[[], Awaitable]) -> None:
        """The seat's game is over: it joins the tournament's rounds group (rung when a round is published, moved
        or taken back), is sent its player's next game, and looks again every `NEXT_LOOK_S` while that is not
        known, or is a game still to start (a lost bell costs a correction that long, never a stale countdown)."""
        try:
            await join_rounds()
        except Exception:  # noqa: BLE001 - a channel layer that fails (Redis down) leaves the slow look to tell it
            logger.warning("could not join the rounds group of tournament %s", self.tournament_id, exc_info=True)
        while not self.closing():
            message = await self.send()
            if message is not None and message["state"] in KNOWN and not (
                    message.get("starts_at_ms", 0) > message["now_ms"]):
                return
            await asyncio.sleep(NEXT_LOOK_S)

    async def send(self, again: bool = False) -> dict | None:
        """The player's next game, sent when it changed since the last one sent (or `again`, for a `sync`); None
        when the database did not answer (the next look or ring tries again)."""
        try:
            message = await database_sync_to_async(next_game)(self.room_id, self.seat, services.now_ms())
        except (DatabaseError, Room.DoesNotExist):
            return None
        told = {field: value for field, value in message.items() if field != "now_ms"}
        if not self.closing() and (again or told != self.sent):
            self.sent = told
            await self.send_json(message)
        return message
