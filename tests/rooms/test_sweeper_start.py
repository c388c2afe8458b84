"""The sweep (flags, the timetable, the outbox) starts as a `make serve` worker starts, not at its first visitor:
an instance restarted in the night with nobody connected still runs the event (rooms/sweeper.py)."""

from __future__ import annotations

import asyncio

from rooms import sweeper


def test_the_sweep_starts_at_the_workers_start_up_before_any_request(monkeypatch):
    started = []
    monkeypatch.setattr(sweeper, "start", lambda: started.append("sweep"))
    inbox = asyncio.Queue()
    sent = []

    async def send(message):
        sent.append(message["type"])

    async def never_called(scope, receive, send):
        raise AssertionError("the lifespan is the sweeper's to answer, not the site's")

    async def worker_life():
        for message in ("lifespan.startup", "lifespan.shutdown"):
            inbox.put_nowait({"type": message})
        await sweeper.StartsSweeperAsgi(never_called)({"type": "lifespan"}, inbox.get, send)

    asyncio.run(worker_life())
    assert started == ["sweep"]
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
