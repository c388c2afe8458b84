"""A socket whose browser went while the room was sending to it (the game over, the page closed) logs no error:
the server's `ClientDisconnected` ends the socket's own task quietly (rooms/sockets/consumers.py)."""

from __future__ import annotations

import asyncio
import gc
import logging

from uvicorn.protocols.utils import ClientDisconnected

from rooms.sockets.consumers import RoomConsumer


async def gone(*args, **kwargs):
    raise ClientDisconnected()


def test_a_browser_gone_before_a_send_logs_no_error(caplog):
    async def scenario():
        consumer = RoomConsumer()
        consumer.closing = False
        consumer.send_json = gone
        consumer.room_gone()  # a task of the socket's own, which sends before it closes
        await asyncio.sleep(0.01)

    with caplog.at_level(logging.DEBUG):
        asyncio.run(scenario())
        gc.collect()  # asyncio says "never retrieved" as the task is collected
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_any_other_failure_of_a_sockets_task_is_logged_once_as_a_warning(caplog):
    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    async def scenario():
        consumer = RoomConsumer()
        consumer.closing = False
        consumer.send_json = broken
        consumer.room_gone()
        await asyncio.sleep(0.01)

    with caplog.at_level(logging.DEBUG):
        asyncio.run(scenario())
        gc.collect()
    assert [(r.name, r.levelname) for r in caplog.records if r.levelno >= logging.WARNING] == [
        ("rooms.sockets.consumers", "WARNING")]
