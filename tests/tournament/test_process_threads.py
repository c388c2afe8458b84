"""Each server process's threads (the rooms' sweep, the outbox's sender) start as a `make serve` worker starts, not
at its first visitor: an instance restarted in the night with nobody connected still runs the event and sends its
mail (tournament/serving/threads.py).  The sender is started by the outbox's own `start`, not by the rooms'."""

from __future__ import annotations

import asyncio

from outbox import worker
from rooms import sweeper
from tournament import asgi
from tournament.serving.threads import StartsThreadsAsgi


def test_the_threads_start_at_the_workers_start_up_before_any_request():
    started = []
    inbox = asyncio.Queue()
    sent = []

    async def send(message):
        sent.append(message["type"])

    async def never_called(scope, receive, send):
        raise AssertionError("the lifespan is the threads' wrapper's to answer, not the site's")

    async def worker_life():
        for message in ("lifespan.startup", "lifespan.shutdown"):
            inbox.put_nowait({"type": message})
        starters = (lambda: started.append("sweep"), lambda: started.append("sender"))
        await StartsThreadsAsgi(never_called, starters)({"type": "lifespan"}, inbox.get, send)

    asyncio.run(worker_life())
    assert started == ["sweep", "sender"]
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]


def test_the_site_starts_the_sender_itself_not_through_the_rooms_sweep(monkeypatch):
    started = []
    monkeypatch.setattr(sweeper, "_run", lambda: None)
    monkeypatch.setattr(sweeper, "ENABLED", True)
    monkeypatch.setattr(worker, "ENABLED", True)
    monkeypatch.setattr(worker, "_run", lambda: started.append("sender"))
    monkeypatch.setattr(worker, "_thread", None)
    sweeper.start()
    assert started == []  # the rooms' sweep starts no mail sender
    assert worker.start in asgi.application.starters
    worker.start()
    worker._thread.join(timeout=5)
    assert started == ["sender"]
