"""The sweep that lets flags fall in rooms nobody watches (docs/online-play.md, Clocks: "within 2 s").

It runs inside each server process (a daemon thread started as the worker
starts, or by the first request where the server does not say when it
starts: tournament/serving/threads.py), so there is no extra process to start.  Several
processes and instances sweep at once safely: each room is settled under its
own row lock, and a room another process has settled has nothing left to do
(its `wakes_at_ms` has moved on), so no event is ever written twice.
"""

from __future__ import annotations

import logging
import threading

from django.db import close_old_connections

from . import alarm

logger = logging.getLogger("rooms.sweeper")

ENABLED = True  # the test process turns it off (tests/conftest.py)
EVERY_S = 1.0  # a flag falls at most this long (plus a settle) after its moment, with nobody watching
_started = threading.Lock()
_thread: threading.Thread | None = None


def start() -> None:
    """Start this process's sweep, once."""
    global _thread
    if not ENABLED or (_thread is not None and _thread.is_alive()):
        return
    with _started:
        if _thread is not None and _thread.is_alive():
            return
        _thread = threading.Thread(target=_run, name="rooms-sweeper", daemon=True)
        _thread.start()


def _run() -> None:
    from tournament.services import timetable

    from . import services

    while True:
        alarm.game_over.wait(EVERY_S)  # a second, or less when a game of this process has just ended
        alarm.game_over.clear()
        try:
            close_old_connections()
            services.sweep()
            # The timetable (docs/online-event.md) after the flags: a round whose last game a flag just ended goes on.
            timetable.sweep()
        except Exception:  # noqa: BLE001 - a database hiccup must not end the sweep: try again next second
            logger.warning("the rooms' sweep failed; trying again", exc_info=True)
