"""The sender's thread: one per server process, started by the outbox's own `start` as the process starts (the
site's wiring calls it: tournament/serving/threads.py), beside the rooms' sweep but not by it, so the outbox runs
without the game rooms.

Every server process runs one, so `make run` needs no extra process and `make serve`'s workers (restarted by
gunicorn when one dies) each send; they share the outbox safely (`sender.claim`).  It sends every `EVERY_S`
seconds, and at once when this process commits a transaction that queued mail (`services.wakeup`).
"""

from __future__ import annotations

import logging
import threading

from django.db import close_old_connections

from .services import wakeup

logger = logging.getLogger("outbox.worker")

ENABLED = True  # the test process turns it off (tests/conftest.py): tests call `sender.deliver_due` themselves
EVERY_S = 2.0
_started = threading.Lock()
_thread: threading.Thread | None = None


def start() -> None:
    """Start this process's sender, once."""
    global _thread
    if not ENABLED:
        return
    with _started:
        if _thread is not None and _thread.is_alive():
            return
        _thread = threading.Thread(target=_run, name="outbox-sender", daemon=True)
        _thread.start()


def _run() -> None:
    from .sender import BATCH, deliver_due

    while True:
        wakeup.wait(EVERY_S)
        wakeup.clear()
        try:
            close_old_connections()
            while deliver_due() == BATCH:  # a full batch: more may be due
                pass
        except Exception:  # noqa: BLE001 - a database or mail hiccup must not end the sender: try again
            logger.warning("the outbox's sender failed; trying again", exc_info=True)
