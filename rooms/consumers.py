"""The game room over a WebSocket (Django Channels): a seat's or a spectator's live view of one room.

The consumer holds no game state: each message it sends is `services.look`
(or the answer of `services.move`) for its viewer, read from the database,
or, after a bell, the process's copy of the room brought forward by the
events the bell carries (`services.look_rung`: no query; a process without
the room up to the event before them looks instead).  A client that saw a gap
(or reconnects) sends `{"type": "sync"}` and gets the room as it stands.

It trusts nothing the browser sends (docs/online-play.md):
- every frame is read by `rooms.frames` first (a bad one is an error answer and one rate-limited log line,
  never a traceback; a socket past its budget of messages is refused without a database read, then closed);
- a seat's moves carry the link the socket was opened with, which the move's own transaction checks is still
  the seat's live link; renewing the link closes the socket (`link_replaced`, the renewal's group message; the
  process's `Watchers` check when that message was lost);
- the network allowance is measured by the server's own pings (`rooms.network`): an id and the server's
  send time, the answer to an outstanding ping only, the lowest round trip of several.
A database that does not answer is said to the browser (a move: "retry", sent again with its client id; a
look: the socket closed with `frames.SERVER_HICCUP`, and the page comes back), never a dead socket.

From the browser: `{"type": "move", "action": ..., "seq": N, "client_id": ..., "tile": ..., "cells": ...}`,
`{"type": "sync"}`, `{"type": "pong", "id": <the ping's id>}`.
To the browser: `{"type": "room", ...view}`, `{"type": "refused", "error": {"code", "message"}, ...view}` (the view
left out when the refusal needed no database: "too-many", "retry"), `{"type": "error", "error": {...}}` for a
frame that is not a message, `{"type": "ping", "id": N}`, and before a close of the application's own,
`{"type": "closed", "error": {...}}`, and to a finished room's seat `{"type": "next", ...}`, its player's next game
(`next_game`, `_after_game`).  A view's `events` are the log's from index `log_from` on (the browser appends
them; one that does not fit what it has asks for a `sync`).
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import Error as DatabaseError
from django.http import Http404

from tournament.services.links import Replaced

from . import frames, presence, services
from .bell import group_name, link_group_name, rounds_group_name
from .frames import BadFrame, Budget
from .models import Room
from .network import RoundTrips
from .next_game import KNOWN, next_game
from .referee import Refused
from .threads import database_sync_to_async
from .views import room_for_link, room_for_table
from .watchers import watchers

logger = logging.getLogger("rooms.consumers")

PING_EVERY_S = 5
HEARTBEAT_MS = 10_000  # a seat's presence is marked at most this often (on the answer to a ping)
HICCUP = "the server did not answer in time: your move is sent again"
NEXT_LOOK_S = 20  # a finished room's seat looks for its next game this often, in case a round's bell was lost


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


class RoomConsumer(AsyncJsonWebsocketConsumer):
    room_id: int
    seat: int | None
    link: str | None

    async def dispatch(self, message):
        """Channels' dispatch without its `close_old_connections` hop to the one shared database thread before
        every message (each bell, pong and move): this consumer touches the database only in its own threads,
        which check their connections themselves (`threads.database_sync_to_async`)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.budget, self.round_trips = Budget(), RoundTrips()
        self.sent_seq = -1
        self.log_sent = 0  # how many of the log's events this browser has (each message carries only the rest)
        self.wake_task = self.ping_task = self.next_task = None
        self.closing = False
        self.after_game = False  # the seat's game is over: it is told its player's next game (`_after_game`)
        self.next_sent = None  # the last `next` message sent, its time left out
        try:
            self.room_id, self.seat, self.link, player_id, self.tournament_id = await database_sync_to_async(
                self._find)()
        except Http404:
            await self.close(code=frames.NO_ROOM)
            return
        except Replaced:
            await self.accept()
            await self._close_for("link-replaced", services.LINK_REPLACED, frames.LINK_REPLACED)
            return
        except DatabaseError:
            await self.accept()
            await self._hiccup("a handshake")
            return
        await self.channel_layer.group_add(group_name(self.room_id), self.channel_name)
        if player_id is not None:
            await self.channel_layer.group_add(link_group_name(player_id), self.channel_name)
        self.player_id = player_id
        await self.accept()
        if not await self._send_view():
            return
        # Only a seat has a clock and a presence: only a seat's round trip is measured (for its network allowance).
        if self.seat is not None:
            self.heard_ms = services.now_ms()
            self.counted = await self._presence(presence.arrived, self.heard_ms)
            self.ping_task = background(self._ping())
        watchers().add(self)

    def _find(self) -> tuple[int, int | None, str | None, int | None, int]:
        """The room, the seat (None: a spectator), the link it came through, its player and the tournament.  A
        seat's `?round=N` keeps the page on the room it shows (`views.room_for_link`)."""
        kwargs = self.scope["url_route"]["kwargs"]
        if "token" in kwargs:
            query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
            room, seat = room_for_link(kwargs["token"], (query.get("round") or [None])[0])
            player_id = room.match.first_id if seat == 0 else room.match.second_id
            return room.pk, seat, kwargs["token"], player_id, room.match.round.tournament_id
        room = room_for_table(kwargs["slug"], kwargs["number"], kwargs["table"])
        return room.pk, None, None, None, room.match.round.tournament_id

    async def disconnect(self, code):
        for task in (getattr(self, "wake_task", None), getattr(self, "ping_task", None),
                     getattr(self, "next_task", None)):
            if task is not None:
                task.cancel()
        if hasattr(self, "room_id"):
            watchers().discard(self)
            if self.seat is not None and getattr(self, "counted", False):  # only a socket counted is uncounted
                await self._presence(presence.left, services.now_ms())
            await self.channel_layer.group_discard(group_name(self.room_id), self.channel_name)
            if getattr(self, "player_id", None) is not None:
                await self.channel_layer.group_discard(link_group_name(self.player_id), self.channel_name)
            if self.after_game:
                await self.channel_layer.group_discard(rounds_group_name(self.tournament_id), self.channel_name)

    # -- what the browser sends ------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.closing:
            return
        if not self.budget.spend():
            if self.budget.exhausted:
                frames.warnings.warn("%s went on past its budget of messages: closed", self._who())
                await self._close_for("too-many", "too many messages: wait a moment", frames.TOO_MANY)
            else:
                await self.send_json({"type": "refused", "error": {
                    "code": "too-many", "message": "too many messages: wait a moment and send it again"}})
            return
        try:
            content = frames.read(text_data, bytes_data)
        except BadFrame as bad:
            frames.warnings.warn("%s sent a frame that is not a message (%s)", self._who(), bad.code)
            if self.budget.bad_frame():
                await self._close_for(bad.code, bad.message, frames.BAD_FRAMES)
            else:
                await self.send_json({"type": "error", "error": {"code": bad.code, "message": bad.message}})
            return
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs):
        kind = content["type"]
        if kind == "move" and self.seat is not None:
            await self._move(content)
        elif kind == "sync":
            self.log_sent = 0  # the browser lost count: the whole log again
            # From this process's copy when it is as current as what this process knows (no query), else a look.
            known = max(self.sent_seq, watchers().read.get(self.room_id, -1))
            answer = services.look_kept(self.room_id, self.seat, known)
            if answer is None:
                await self._send_view()
            else:
                await self._send({"type": "room", **answer.message})
            if self.after_game:
                await self._send_next(again=True)
        elif kind == "pong" and self.seat is not None:
            await self._pong(content.get("id"))

    async def _move(self, content):
        try:
            answer = await database_sync_to_async(services.move)(
                self.room_id, self.seat, content.get("action"), seq=content.get("seq"),
                client_id=str(content.get("client_id", ""))[:64], tile=content.get("tile"), cells=content.get("cells"),
                link=self.link)
        except Refused as refused:
            if refused.code == "link-replaced":
                await self._close_for(refused.code, refused.message, frames.LINK_REPLACED)
                return
            try:
                message = (await database_sync_to_async(services.look)(self.room_id, self.seat)).message
            except DatabaseError:
                message = {}
            await self._send({"type": "refused", "error": {"code": refused.code, "message": refused.message},
                              **message})
            return
        except DatabaseError:
            # Stored or not, the move is safe to send again: its client id makes it count once.
            frames.warnings.warn("the database failed a move of room %s", self.room_id)
            await self.send_json({"type": "refused", "error": {"code": "retry", "message": HICCUP}})
            return
        await self._send({"type": "room", **answer.message})

    async def _pong(self, ping_id):
        now = services.now_ms()
        if not self.round_trips.pong(ping_id, now):
            return  # not the answer to a ping of ours: it counts for nothing
        if now - self.heard_ms >= HEARTBEAT_MS:
            self.heard_ms = now
            await self._presence(presence.still_here, now)
        allowance = self.round_trips.to_store()
        if allowance is not None:
            try:
                await database_sync_to_async(services.store_allowance)(self.room_id, self.seat, allowance)
            except DatabaseError:
                self.round_trips.stored = None  # stored at the next answer

    # -- what the room and the server send ---------------------------------------------------

    async def room_bell(self, event):
        """The channel layer's ring: something new in the room; unless this viewer has it already, the view from
        the events the bell carries (no database read, no thread: `services.look_rung`), or a look when this
        process does not have the room up to the event before them."""
        if event["seq"] <= self.sent_seq:
            return
        answer = services.look_rung(self.room_id, self.seat, event) if "events" in event else None
        if answer is None:
            await self._send_view(quietly=True)
        else:
            await self._send({"type": "room", **answer.message})

    async def room_next(self, event):
        """The channel layer's ring of the tournament's rounds (`bell.ring_rounds`): a round was published, moved,
        taken back or closed; this finished room's seat reads its player's next game again."""
        await self._send_next()

    async def link_replaced(self, event):
        """The organiser renewed this seat's link (`tournament.signals.link_renewed`): the socket closes."""
        await self._close_for("link-replaced", services.LINK_REPLACED, frames.LINK_REPLACED)

    def link_gone(self) -> None:
        """The process's check found this seat's link renewed (its group message was lost): close."""
        background(self.link_replaced({}))

    def room_gone(self) -> None:
        """The room is no longer stored (its round was taken back): the page opens the player's game again."""
        background(self._close_for("room-gone", "this game was taken back by the arbiter",
                                              frames.ROOM_GONE))

    async def _presence(self, heard, at_ms: int) -> bool:
        """The seat's connection, stored for the desk and the opponent (`rooms.presence`); False when the database
        did not answer: that costs only this one mark."""
        try:
            await database_sync_to_async(heard)(self.room_id, self.seat, at_ms)
        except DatabaseError:
            frames.warnings.warn("the database failed a presence mark of room %s", self.room_id)
            return False
        return True

    def catch_up(self) -> None:
        """The room has moved on past what this socket was sent, and its bell did not come (`Watchers`): look."""
        background(self._send_view(quietly=True))

    async def _send_view(self, quietly: bool = False) -> bool:
        """The room as it stands, to this browser; False when the database did not answer (then, unless `quietly`
        for a bell or a check that the next one repeats, the socket is closed for the page to come back)."""
        try:
            message = (await database_sync_to_async(services.look)(self.room_id, self.seat)).message
        except DatabaseError:
            if not quietly:
                await self._hiccup("a look")
            return False
        await self._send({"type": "room", **message})
        return True

    async def _send(self, message):
        """Send the room as this viewer sees it, with only the log's events the browser does not have yet
        (`log_from`: the index of the first one sent; 0 and the whole log after a `sync`).  A view older than
        one already sent (a look that began before a move it crossed) is dropped, a refusal keeping its words."""
        if self.closing:
            return
        if "seq" not in message or message["seq"] < self.sent_seq:
            if message.get("type") == "refused":
                await self.send_json({"type": "refused", "error": message["error"]})
            return
        events = message["events"]
        start = self.log_sent if self.log_sent <= len(events) else 0
        self.log_sent = len(events)
        self.sent_seq = message["seq"]
        await self.send_json({**message, "log_from": start, "events": events[start:]})
        self._schedule_wake(message)
        if message.get("status") == "finished" and self.seat is not None and not self.after_game:
            self.after_game = True
            self.next_task = background(self._after_game())

    # -- after the game: the player's next game (docs/online-event.md, The timetable) --------------------------

    async def _after_game(self):
        """The seat's game is over: it joins the tournament's rounds group (rung when a round is published, moved
        or taken back), is sent its player's next game, and looks again every `NEXT_LOOK_S` while that is not
        known, or is a game still to start (a lost bell costs a correction that long, never a stale countdown)."""
        try:
            await self.channel_layer.group_add(rounds_group_name(self.tournament_id), self.channel_name)
        except Exception:  # noqa: BLE001 - a channel layer that fails (Redis down) leaves the slow look to tell it
            logger.warning("could not join the rounds group of tournament %s", self.tournament_id, exc_info=True)
        while not self.closing:
            message = await self._send_next()
            if message is not None and message["state"] in KNOWN and not (
                    message.get("starts_at_ms", 0) > message["now_ms"]):
                return
            await asyncio.sleep(NEXT_LOOK_S)

    async def _send_next(self, again: bool = False) -> dict | None:
        """The player's next game (`next_game`), sent when it changed since the last one sent (or `again`, for a
        `sync`); None when the database did not answer (the next look or ring tries again)."""
        try:
            message = await database_sync_to_async(next_game)(self.room_id, self.seat, services.now_ms())
        except (DatabaseError, Room.DoesNotExist):
            return None
        told = {field: value for field, value in message.items() if field != "now_ms"}
        if not self.closing and (again or told != self.next_sent):
            self.next_sent = told
            await self.send_json(message)
        return message

    def _schedule_wake(self, message):
        """Look again when the room's start time or the running player's flag comes, if still watching."""
        if self.wake_task is not None:
            self.wake_task.cancel()
            self.wake_task = None
        due = message.get("wakes_at_ms")
        if due is not None:
            self.wake_task = background(self._wake(max(0, due - services.now_ms()) / 1000 + 0.05))

    async def _wake(self, delay_s):
        await asyncio.sleep(delay_s)
        await self._send_view(quietly=True)

    async def _ping(self):
        """A ping at once (the first turn's allowance), then every `PING_EVERY_S`."""
        while not self.closing:
            await self.send_json({"type": "ping", "id": self.round_trips.ping(services.now_ms())})
            await asyncio.sleep(PING_EVERY_S)

    # -- closing ---------------------------------------------------------------------------------

    async def _hiccup(self, what: str):
        frames.warnings.warn("the database failed %s of a room socket: closed for the page to come back", what)
        await self._close_for("retry", "the server had a hiccup: coming back", frames.SERVER_HICCUP)

    async def _close_for(self, code: str, words: str, close_code: int):
        """Say why, then close with the application's code (the page explains each: `rooms.frames`)."""
        if self.closing:
            return
        self.closing = True
        await self.send_json({"type": "closed", "error": {"code": code, "message": words}})
        await self.close(code=close_code)

    def _who(self) -> str:
        room = getattr(self, "room_id", "?")
        return f"a {'seat' if getattr(self, 'seat', None) is not None else 'spectator'}'s socket of room {room}"
