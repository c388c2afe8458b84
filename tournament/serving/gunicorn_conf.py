"""gunicorn's settings for `make serve`: `gunicorn -c python:tournament.serving.gunicorn_conf tournament.asgi:application`.

The workers are uvicorn's (`uvicorn_worker.UvicornWorker`): the site is an
ASGI application, the pages over HTTP and the game rooms over WebSockets
(tournament/asgi.py), the pages in a pool of DJANGO_PAGE_THREADS threads per
worker (tournament/serving/pages_in_threads.py).

- PORT (default 8000) and LISTEN_ADDRESS (default 127.0.0.1, for a proxy on
  the same machine; 0.0.0.0 to be reached from other machines directly);
- WEB_CONCURRENCY worker processes (default 2 x cores + 1, gunicorn's advice);
- the access log on stdout, gunicorn's own messages on stderr, private-link
  tokens redacted from both (tournament/serving/server_log.py).

Anything else goes in GUNICORN_CMD_ARGS, e.g. "--threads 4" (gunicorn reads it
itself and it wins over this file).  A value that cannot be read stops the
start, naming the variable.
"""

from __future__ import annotations

import os

from gunicorn.glogging import Logger

from tournament.serving.server_log import RedactingFormatter, RequestContextFilter, redact


def _whole_number(name: str, default: int, smallest: int, largest: int) -> int:
    value = os.environ.get(name, "").strip() or str(default)
    if not value.isdigit() or not smallest <= int(value) <= largest:
        raise SystemExit(f"{name}={value!r} cannot be used: set {name} to a whole number from {smallest} to {largest}.")
    return int(value)


port = _whole_number("PORT", 8000, 1, 65535)
bind = f"{os.environ.get('LISTEN_ADDRESS', '').strip() or '127.0.0.1'}:{port}"
workers = _whole_number("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1) + 1, 1, 256)
accesslog = "-"
errorlog = "-"
worker_class = "tournament.serving.handshake.Worker"  # uvicorn's, with a time limit on a request's head
# gunicorn 24+ opens a control socket at one fixed path per user: a second
# instance on the machine would take it over.  Nothing here uses it.
control_socket_disable = True


class RedactingLogger(Logger):
    """gunicorn's logger, with private-link tokens taken out of the access log and of its own messages.

    The access log's request line, path and Referer hold the address asked
    for; gunicorn's error messages ("Error handling request /p/...") may too.
    """

    def __init__(self, cfg):
        super().__init__(cfg)
        self.error_log.addFilter(RequestContextFilter())

    def setup(self, cfg):
        """gunicorn's handlers, each writing through a redacting formatter: a traceback's text too, and the
        access lines uvicorn's workers write through the same handlers ("uvicorn.access")."""
        super().setup(cfg)
        for handler in self.error_log.handlers + self.access_log.handlers:
            if handler.formatter is not None:
                handler.setFormatter(RedactingFormatter(handler.formatter._fmt, handler.formatter.datefmt))

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()}


logger_class = RedactingLogger
