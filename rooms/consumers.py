"""The game room over a WebSocket (Django Channels): a seat's or a spectator's live view of one room.

The consumer holds no game state: each message it sends is `services.look`
(or the answer of `services.move`) for its viewer, read from the database,
or, after a bell, the process's replay of the room brought forward by the
events the bell carries (`services.look_rung`: no query; a process without
the room up to the event before them looks instead).  A client that saw a gap (or reconnects)
sends `{"type": "sync"}` and gets the room as it stands.

While someone watches, the consumer wakes when the room next has something
to settle (the start time, a flag) and looks, which settles it; rooms nobody
watches are settled by the sweep (`rooms.sweeper`).  It measures the round
trip to its browser itself (`ping`/`pong` carrying the server's own time) for
the network allowance; nothing the browser says about time is trusted.

From the browser: `{"type": "move", "action": ..., "seq": N, "client_id": ..., "tile": ..., "cells": ...}`,
`{"type": "sync"}`, `{"type": "pong", "t": <the ping's t>}`.
To the browser: `{"type": "room", ...view}` and `{"type": "refused", "error": {...}, ...view}`, `{"type": "ping", "t": ...}`;
a view's `events` are the log's from index `log_from` on (the browser appends them; one that does not fit what
it has asks for a `sync`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.http import Http404

from tournament.serving.pages_in_threads import process_threads

from . import bell, services
from .bell import group_name
from .models import Room
from .referee import Refused
from .views import room_for_link, room_for_table

logger = logging.getLogger("rooms.consumers")

PING_EVERY_S = 5
CHECK_EVERY_S = 2.0  # a socket whose bell was lost is caught up within two of these


class Watchers:
    """This process's sockets by room, and the check that none stays behind its room when a bell is lost.

    The channel layer only rings: Redis's publish-subscribe reaches only the processes listening at that moment
    (not while Redis restarts, nor while a process joins it again), and channels-redis's queued layer dropped
    rings silently past a process's queue of 100.  Every `CHECK_EVERY_S` one query per process reads the
    sequence number of each room its sockets watch; a socket still behind the number read at the check before
    (its bell had all that time to come) looks again.  A lost bell costs its watcher a few seconds, never a game
    that waits for a move it was never shown."""

    def __init__(self):
        self.rooms: dict[int, set] = {}
        self.read: dict[int, int] = {}  # room -> its sequence number at the last check
        self.task: asyncio.Task | None = None

    def add(self, consumer) -> None:
        self.rooms.setdefault(consumer.room_id, set()).add(consumer)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._check_while_watched())

    def discard(self, consumer) -> None:
        watching = self.rooms.get(consumer.room_id)
        if watching is not None:
            watching.discard(consumer)
            if not watching:
                del self.rooms[consumer.room_id]
                self.read.pop(consumer.room_id, None)

    async def _check_while_watched(self):
        while self.rooms:
            await asyncio.sleep(CHECK_EVERY_S)
            try:
                await self.check()
            except Exception:  # noqa: BLE001 - a database hiccup: the next check tries again
                logger.warning("could not check the watched rooms' sequence numbers", exc_info=True)

    async def check(self) -> None:
        stored = await database_sync_to_async(_stored_seqs)(list(self.rooms))
        for room_id, seq in stored.items():
            before, self.read[room_id] = self.read.get(room_id), seq
            if before is None:
                continue  # first read: its bells have had no time yet
            for consumer in list(self.rooms.get(room_id, ())):
                if consumer.sent_seq < before:
                    consumer.catch_up()


def _stored_seqs(room_ids) -> dict[int, int]:
    return dict(Room.objects.filter(pk__in=room_ids).values_list("pk", "seq"))


_watchers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Watchers]" = weakref.WeakKeyDictionary()


def watchers() -> Watchers:
    """The sockets of this event loop (one per server process; each test's own)."""
    return _watchers.setdefault(asyncio.get_running_loop(), Watchers())


def _with_fresh_connections(function):
    """`function` between two of Django's checks of this thread's connections (closed when old or broken, given
    back to the pool), run where `function` runs.  Channels' `DatabaseSyncToAsync` makes its checks outside the
    call, but asgiref 3.13 runs the call in the socket's own context, whose copy of Django's connections those
    checks never see: a connection a call opened stayed open (the tests' database could not be dropped)."""

    @functools.wraps(function)
    def run(*args, **kwargs):
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return run


def database_sync_to_async(function):
    """`function` run in one of this process's `ROOM_THREADS` threads, with fresh database connections
    (`_with_fresh_connections`), a bell it rings handed back to this event loop (`bell.serving_loop`).

    Channels' own runs every socket's database work of a process on one thread: a move waits there for
    PostgreSQL, its row locks and the bell, and every other move of the process waits behind it (a measured 50
    games kept that thread 80% busy, mostly waiting). Moves of different rooms now wait side by side; moves of
    one room still go one at a time, by its row lock."""
    in_thread = SyncToAsync(_with_fresh_connections(function), thread_sensitive=False,
                            executor=process_threads("room", settings.ROOM_THREADS))

    async def call(*args, **kwargs):
        bell.serving_loop.set(asyncio.get_running_loop())
        return await in_thread(*args, **kwargs)

    return call


class RoomConsumer(AsyncJsonWebsocketConsumer):
    room_id: int
    seat: int | None

    async def dispatch(self, message):
        """Channels' dispatch without its `close_old_connections` hop to the one shared database thread before
        every message (each bell, pong and move): this consumer touches the database only in its own threads,
        which check their connections themselves (`database_sync_to_async`)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        try:
            self.room_id, self.seat = await database_sync_to_async(self._find)()
        except Http404:
            await self.close(code=4404)
            return
        self.sent_seq = -1
        self.log_sent = 0  # how many of the log's events this browser has (each message carries only the rest)
        self.wake_task = None
        await self.channel_layer.group_add(group_name(self.room_id), self.channel_name)
        await self.accept()
        await self._send_view()
        # Only a seat has a clock, so only a seat's round trip is measured (for its network allowance).
        self.ping_task = asyncio.ensure_future(self._ping()) if self.seat is not None else None
        watchers().add(self)

    def _find(self) -> tuple[int, int | None]:
        kwargs = self.scope["url_route"]["kwargs"]
        if "token" in kwargs:
            room, seat = room_for_link(kwargs["token"])
            return room.pk, seat
        return room_for_table(kwargs["slug"], kwargs["number"], kwargs["table"]).pk, None

    async def disconnect(self, code):
        for task in (getattr(self, "wake_task", None), getattr(self, "ping_task", None)):
            if task is not None:
                task.cancel()
        if hasattr(self, "room_id"):
            watchers().discard(self)
            await self.channel_layer.group_discard(group_name(self.room_id), self.channel_name)

    async def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "move" and self.seat is not None:
            await self._move(content)
        elif kind == "sync":
            self.log_sent = 0  # the browser lost count: the whole log again
            await self._send_view()
        elif kind == "pong" and self.seat is not None and isinstance(content.get("t"), int):
            round_trip = services.now_ms() - content["t"]
            delay = round_trip // 2
            # Written only when it changed by 20 ms or more since this socket last wrote it: no query a pong.
            if 0 <= round_trip < 60_000 and abs(delay - getattr(self, "delay_written", -1_000)) >= 20:
                self.delay_written = delay
                await database_sync_to_async(services.measured_delay)(self.room_id, self.seat, delay)

    async def _move(self, content):
        try:
            answer = await database_sync_to_async(services.move)(
                self.room_id, self.seat, content.get("action"), seq=content.get("seq"),
                client_id=str(content.get("client_id", ""))[:64], tile=content.get("tile"), cells=content.get("cells"))
        except Refused as refused:
            message = (await database_sync_to_async(services.look)(self.room_id, self.seat)).message
            await self._send({"type": "refused", "error": {"code": refused.code, "message": refused.message},
                              **message})
            return
        await self._send({"type": "room", **answer.message})

    async def room_bell(self, event):
        """The channel layer's ring: something new in the room; unless this viewer has it already, the view from
        the events the bell carries (no database read, no thread: `services.look_rung`), or a look when this
        process does not have the room up to the event before them."""
        if event["seq"] <= self.sent_seq:
            return
        answer = services.look_rung(self.room_id, self.seat, event) if "events" in event else None
        if answer is None:
            await self._send_view()
        else:
            await self._send({"type": "room", **answer.message})

    def catch_up(self) -> None:
        """The room has moved on past what this socket was sent, and its bell did not come (`Watchers`): look."""
        asyncio.ensure_future(self._send_view())

    async def _send_view(self):
        message = (await database_sync_to_async(services.look)(self.room_id, self.seat)).message
        await self._send({"type": "room", **message})

    async def _send(self, message):
        """Send the room as this viewer sees it, with only the log's events the browser does not have yet
        (`log_from`: the index of the first one sent; 0 and the whole log after a `sync`).  A view older than
        one already sent (a look that began before a move it crossed) is dropped, a refusal keeping its words."""
        if message["seq"] < self.sent_seq:
            if message.get("type") == "refused":
                await self.send_json({"type": "refused", "error": message["error"]})
            return
        events = message["events"]
        start = self.log_sent if self.log_sent <= len(events) else 0
        self.log_sent = len(events)
        self.sent_seq = message["seq"]
        await self.send_json({**message, "log_from": start, "events": events[start:]})
        self._schedule_wake(message)

    def _schedule_wake(self, message):
        """Look again when the room's start time or the running player's flag comes, if still watching."""
        if self.wake_task is not None:
            self.wake_task.cancel()
            self.wake_task = None
        due = message.get("wakes_at_ms")
        if due is not None:
            self.wake_task = asyncio.ensure_future(self._wake(max(0, due - services.now_ms()) / 1000 + 0.05))

    async def _wake(self, delay_s):
        await asyncio.sleep(delay_s)
        await self._send_view()

    async def _ping(self):
        while True:
            await asyncio.sleep(PING_EVERY_S)
            await self.send_json({"type": "ping", "t": services.now_ms()})
