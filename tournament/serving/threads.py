"""Each server process's own threads, started with the process: the rooms' sweep (rooms/sweeper.py: flags and
the timetable) and the outbox's sender (outbox/worker.py), each on its own, so neither needs the other to run.

The site's wiring (tournament/asgi.py, tournament/wsgi.py) wraps its application in these, naming the threads'
`start` functions (each starts its thread once per process, and is cheap to call again).  Under a server that
speaks ASGI's lifespan protocol (`make serve`'s uvicorn workers) they start as the worker starts, before any
request: a restarted instance nobody visits still lets flags fall, runs the timetable and sends the outbox's
mail.  Daphne (`make run`) does not: there the first request or socket starts them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Starter = Callable[[], None]


def start_all(starters: Sequence[Starter]) -> None:
    for start in starters:
        start()


class StartsThreads:
    """Wraps the site's WSGI application: the first request starts the process's threads."""

    def __init__(self, application, starters: Sequence[Starter]):
        self.application, self.starters = application, tuple(starters)

    def __call__(self, environ, start_response):
        start_all(self.starters)
        return self.application(environ, start_response)


class StartsThreadsAsgi:
    """The same for the ASGI application (an explicit three-argument callable, as ASGI 3 servers expect); it
    answers the lifespan protocol itself, starting the threads at start-up."""

    def __init__(self, application, starters: Sequence[Starter]):
        self.application, self.starters = application, tuple(starters)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self._lifespan(receive, send)
        start_all(self.starters)
        return await self.application(scope, receive, send)

    async def _lifespan(self, receive, send) -> None:
        """Started at start-up; nothing to do at shut-down (the threads are daemons, and every write they make is
        a transaction of its own)."""
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                start_all(self.starters)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
