"""A `make serve` worker starts its sweep and its mail sender as it starts (ASGI lifespan, rooms/sweeper.py), not
at its first visitor: a mail queued before the start is sent though nobody ever opens a page."""

from __future__ import annotations

import subprocess
import time

from tests.outbox.conftest import Running, free_port as free_smtp_port

from .servers import ROOT, Server, free_port, manage, sqlite_environment, stop

QUEUE = """
from django.db import transaction
from outbox.services import queue
with transaction.atomic():
    queue("ann@example.org", "Round 2", "Your game", kind="message")
"""


def test_a_mail_queued_before_the_start_is_sent_with_no_request(tmp_path):
    env = sqlite_environment(tmp_path / "db.sqlite3")
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    manage(env, "shell", "-c", QUEUE)
    smtp = Running(free_smtp_port())
    smtp.start()
    env.update(DJANGO_DEBUG="0", DJANGO_SECRET_KEY="sweep-at-start-" + "k" * 50, PORT=str(free_port()),
               WEB_CONCURRENCY="1", DJANGO_STATIC_ROOT=str(tmp_path / "static"), EMAIL_HOST="127.0.0.1",
               EMAIL_PORT=str(smtp.port), DEFAULT_FROM_EMAIL="tournaments@example.org")
    server = _serve_without_asking(env, tmp_path)
    try:
        deadline = time.monotonic() + 60
        while not smtp.server.received and time.monotonic() < deadline and server.process.poll() is None:
            time.sleep(0.2)
        assert [to for to, _ in smtp.server.received] == ["ann@example.org"], server.output()
    finally:
        stop(server)
        smtp.stop()


def _serve_without_asking(env: dict, folder) -> Server:
    """`make serve` started and never sent a request (`servers.start_serve` asks /healthz, which would start the
    sweep by itself)."""
    stdout, stderr = folder / "serve.out", folder / "serve.err"
    with open(stdout, "wb") as out, open(stderr, "wb") as err:
        process = subprocess.Popen(["make", "--no-print-directory", "-o", ".venv/.installed.stamp", "serve"],
                                   cwd=ROOT, env=env, stdout=out, stderr=err, start_new_session=True)
    return Server("serve", int(env["PORT"]), process, stdout, stderr)
