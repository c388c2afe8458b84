"""The pages under ASGI as under a threaded WSGI server: Django's WSGI handler, run whole in a pool of threads.

`make serve` runs one ASGI application (uvicorn's workers) because the game
rooms need WebSockets.  Django's own ASGI handler serves a sync page by
handing it between the event loop and threads at every middleware (each of
Django's middlewares runs its request and response halves through
`sync_to_async`), and starts a new thread for every request, so a page cost
about three times the CPU it costs under gunicorn's threaded worker, and
each request had a new database connection and a new cache object of its
own.  Here a request's body is read on the event loop, then the WSGI
application runs in one of a fixed pool of threads (kept, with their
database connections, as gunicorn's threads keep theirs), and the answer is
sent back on the loop: one hand-over each way.

The whole answer is gathered before it is sent: the site's pages, sheets and
static files are all whole answers of a few MB at most, none a stream.
"""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from tempfile import SpooledTemporaryFile

from asgiref.wsgi import WsgiToAsgiInstance

_BODY_IN_MEMORY = 2**16  # a request body above this goes to a temporary file, as asgiref's own adapter does
_pools: dict[tuple[int, str], ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def process_threads(name: str, size: int) -> ThreadPoolExecutor:
    """This process's pool of `size` threads called `name` (the pages', the game rooms'), made on first use in the
    process that serves: gunicorn imports the application, then forks its workers, which must not share threads."""
    with _pools_lock:
        key = (os.getpid(), name)
        if key not in _pools:
            _pools[key] = ThreadPoolExecutor(max_workers=size, thread_name_prefix=name)
        return _pools[key]


class PagesInThreads:
    """An ASGI application for HTTP answering with `wsgi_application`, run in a pool of `threads` threads."""

    def __init__(self, wsgi_application, threads: int):
        self.wsgi_application = wsgi_application
        self.threads = threads

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"pages are served over HTTP, not {scope['type']}")
        with SpooledTemporaryFile(max_size=_BODY_IN_MEMORY) as body:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return  # the client left before sending the whole request: nobody to answer
                body.write(message.get("body", b""))
                if not message.get("more_body"):
                    break
            body.seek(0)
            loop = asyncio.get_running_loop()
            threads = process_threads("page", self.threads)
            status, headers, content = await loop.run_in_executor(threads, self._answer, scope, body)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    def _answer(self, scope, body) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """In a pool thread: the WSGI application's whole answer to the request."""
        try:
            environ = _environ(scope, body)
        except ValueError:  # asgiref refuses more than 100 copies of one header
            return 400, [(b"content-type", b"text/plain")], b"Bad Request: too many duplicate headers"
        started: list = []

        def start_response(status, response_headers, exc_info=None):
            if exc_info is not None and started:
                raise exc_info[1].with_traceback(exc_info[2])
            # Django writes each Set-Cookie value after a space (`cookie.output(header="")`): WSGI servers strip it.
            started[:] = [int(status.split(" ", 1)[0]),
                          [(name.lower().encode("latin1"), value.strip().encode("latin1"))
                           for name, value in response_headers]]

        result = self.wsgi_application(environ, start_response)
        try:
            content = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: the database connection back, as under any WSGI server
        status, headers = started
        return status, headers, content


def _environ(scope, body) -> dict:
    """The WSGI environ of an ASGI request, as asgiref's WSGI adapter builds it."""
    adapter = WsgiToAsgiInstance(None)
    adapter.scope = scope
    return adapter.build_environ(scope, body)
