"""`make serve`'s HTTP protocol: uvicorn's h11 protocol, with a time limit on a request's head.

uvicorn times a connection out only between requests (its keep-alive), so a
client that opens a connection and sends half a request head, a WebSocket
handshake or a page's request, holds a connection and its memory for ever; a
few thousand such cost a worker its file descriptors.  Here a request head
(the request line and the headers, up to the blank line) must arrive whole
within `HEAD_WITHIN_S` of the connection, or of its first byte on a connection
kept alive (until then uvicorn's keep-alive timeout holds), or the connection
is closed.  A request's body and an open WebSocket are not timed:
once the head is in, uvicorn's own limits hold, but for a WebSocket message's
size: the site's (tournament/serving/socket_limits.py).
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn_worker import UvicornWorker

from .socket_limits import MESSAGE_MAX_BYTES

HEAD_WITHIN_S = 10.0


class TimedHeadH11Protocol(H11Protocol):
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._time_the_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._time_the_head()

    def connection_lost(self, exc) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def _time_the_head(self) -> None:
        """Start the clock while h11 waits for a request's head (state IDLE); stop it once the head is in."""
        waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
        if waiting and self.head_timer is None:
            self.head_timer = self.loop.call_later(HEAD_WITHIN_S, self._head_too_late)
        elif not waiting:
            self._stop_timer()

    def _stop_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_too_late(self) -> None:
        self.head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


class Worker(UvicornWorker):
    """gunicorn's worker for `make serve`: uvicorn's, speaking HTTP through `TimedHeadH11Protocol`, and refusing a
    WebSocket message over the site's limit as it arrives (uvicorn's own is 16 MiB, read whole before the
    application could refuse it)."""

    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "http": TimedHeadH11Protocol, "ws_max_size": MESSAGE_MAX_BYTES}
