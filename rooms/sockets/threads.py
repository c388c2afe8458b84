"""The game rooms' database work off the sockets' event loop: each process's pool of `ROOM_THREADS` threads.

Channels' own `database_sync_to_async` runs every socket's database work of a
process on one thread: a move waits there for PostgreSQL, its row locks and the
bell, and every other move of the process waits behind it (a measured 50 games
kept that thread 80% busy, mostly waiting).  Moves of different rooms now wait
side by side; moves of one room still go one at a time, by its row lock.
"""

from __future__ import annotations

import asyncio
import functools

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.db import close_old_connections

from tournament.serving.pages_in_threads import process_threads

from . import bell


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
    (`_with_fresh_connections`: a connection broken by a database restart is closed after the call that met it),
    a bell it rings handed back to this event loop (`bell.serving_loop`)."""
    in_thread = SyncToAsync(_with_fresh_connections(function), thread_sensitive=False,
                            executor=process_threads("room", settings.ROOM_THREADS))

    async def call(*args, **kwargs):
        bell.serving_loop.set(asyncio.get_running_loop())
        return await in_thread(*args, **kwargs)

    return call
