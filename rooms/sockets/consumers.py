"""The game room over a WebSocket (Django Channels): a seat's or a spectator's live view of one room.

The consumer holds no game state: each message it sends is `services.look`
(or the answer of `services.move`) for its viewer, read from the database,
or, after a bell, the process's copy of the room brought forward by the
events the bell carries (`services.look_rung`: no query; a process without
the room up to the event before them looks instead).  A client that saw a gap
(or reconnects) sends `{"type": "sync"}` and gets the room as it stands.

It trusts nothing the browser sends (docs/online-play.md):
- every frame is read by `rooms.sockets.frames` first (a bad one is an error answer and one rate-limited log line,
  never a traceback; a socket past its budget of messages is refused without a database read, then closed);
- a seat's moves carry the link the socket was opened with, which the move's own transaction checks is still
  the seat's live link; renewing the link closes the socket (`link_replaced`, the renewal's group message; the
  process's `Watchers` check when that message was lost);
- the network allowance is measured by the server's own pings (`rooms.game.network`): an id and the server's
  send time, the answer to an outstanding ping only, the lowest round trip of several.
A database that does not answer is said to the browser (a move: "retry", sent again with its client id; a
look: the socket closed with `frames.SERVER_HICCUP`, and the page comes back), never a dead socket.

From the browser: `{"type": "move", "action": ..., "seq": N, "client_id": ..., "tile": ..., "cells": ...}`,
`{"type": "sync"}`, `{"type": "pong", "id": <the ping's id>}`.
To the browser: `{"type": "room", ...view}`, `{"type": "refused", "error": {"code", "message"}, ...view}` (the view
left out when the refusal needed no database: "too-many", "retry"), `{"type": "error", "error": {...}}` for a
frame that is not a message, `{"type": "ping", "id": N}`, and before a close of the application's own,
`{"type": "closed", "error": {...}}`, and to a finished room's seat `{"type": "next", ...}`, its player's next game
(`next_game`, `rooms.sockets.loops.NextGame`).  A view's `events` are the log's from index `log_from` on (the
browser appends them; one that does not fit what it has asks for a `sync`).

The consumer reads the browser's frames and relays them to the services, and sends back what they answer; what a
socket does on its own beside that (a seat's presence marks and pings, the look when a flag or start comes, the
next game after the game) is `rooms.sockets.loops`'.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import Error as DatabaseError
from django.http import Http404

from tournament.services.links import Replaced

from .. import services
from ..desk import presence
from ..game.referee import Refused
from ..views import room_for_link, room_for_table
from . import frames
from .bell import group_name, link_group_name, rounds_group_name
from .frames import BadFrame, Budget
from .loops import NextGame, Pings, Wake, background, mark
from .threads import database_sync_to_async
from .watchers import watchers

HICCUP = "the server did not answer in time: your move is sent again"


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
        self.budget = Budget()
        self.sent_seq = -1
        self.log_sent = 0  # how many of the log's events this browser has (each message carries only the rest)
        self.wake = Wake(lambda: self._send_view(quietly=True))
        self.pings = self.ping_task = self.next_game = self.next_task = None
        self.closing = False
        self.after_game = False  # the seat's game is over: it is told its player's next game (`NextGame`)
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
            self.pings = Pings(self.room_id, self.seat, self.send_json, self._closing)
            self.counted = await mark(presence.arrived, self.room_id, self.seat, self.pings.heard_ms)
            self.ping_task = background(self.pings.every())
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
        if getattr(self, "wake", None) is not None:
            self.wake.cancel()
        for task in (getattr(self, "ping_task", None), getattr(self, "next_task", None)):
            if task is not None:
                task.cancel()
        if hasattr(self, "room_id"):
            watchers().discard(self)
            if self.seat is not None and getattr(self, "counted", False):  # only a socket counted is uncounted
                await mark(presence.left, self.room_id, self.seat, services.now_ms())
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
                await self.next_game.send(again=True)
        elif kind == "pong" and self.seat is not None:
            await self.pings.answered(content.get("id"))

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
        if self.next_game is not None:
            await self.next_game.send()

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
        self.wake.schedule(message)
        if message.get("status") == "finished" and self.seat is not None and not self.after_game:
            self.after_game = True
            self.next_game = NextGame(self.room_id, self.seat, self.tournament_id, self.send_json, self._closing)
            self.next_task = background(self.next_game.follow(self._join_rounds))

    async def _join_rounds(self):
        """This finished room's seat hears of each change of its tournament's rounds (`room_next`)."""
        await self.channel_layer.group_add(rounds_group_name(self.tournament_id), self.channel_name)

    # -- closing ---------------------------------------------------------------------------------

    async def _hiccup(self, what: str):
        frames.warnings.warn("the database failed %s of a room socket: closed for the page to come back", what)
        await self._close_for("retry", "the server had a hiccup: coming back", frames.SERVER_HICCUP)

    async def _close_for(self, code: str, words: str, close_code: int):
        """Say why, then close with the application's code (the page explains each: `rooms.sockets.frames`)."""
        if self.closing:
            return
        self.closing = True
        await self.send_json({"type": "closed", "error": {"code": code, "message": words}})
        await self.close(code=close_code)

    def _closing(self) -> bool:
        return self.closing

    def _who(self) -> str:
        room = getattr(self, "room_id", "?")
        return f"a {'seat' if getattr(self, 'seat', None) is not None else 'spectator'}'s socket of room {room}"
