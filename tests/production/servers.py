"""`make serve` in child processes, and a visitor that talks to them over HTTP as a browser would.

Servers listen on 127.0.0.1 only; every wait is bounded.  Each server runs in
its own process group, so stopping it stops make, gunicorn and its workers.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import uvicorn

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextmanager
def uvicorn_in_thread(app, **options):
    """uvicorn serving `app` on a free port of HOST from a thread of this process while the block runs:
    yields the port once it listens (`options`: uvicorn.Config's, such as the protocol under test)."""
    port = free_port()
    running = uvicorn.Server(uvicorn.Config(app, host=HOST, port=port, log_level="warning", lifespan="off",
                                            **options))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield port
    finally:
        running.should_exit = True
        thread.join(timeout=5)


@dataclass
class Page:
    status: int
    headers: dict[str, str]  # names in lower case
    text: str

    @property
    def from_cache(self) -> str:
        return self.headers.get("x-page-cache", "")

    def json(self):
        return json.loads(self.text)


class _FormReader(HTMLParser):
    """The fields of each POST form on a page, as a browser would send them untouched."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict[str, str]] = []
        self.in_form = False

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if tag == "form" and attrs.get("method", "").lower() == "post":
            self.in_form = True
            self.forms.append({})
        elif tag == "input" and self.in_form and attrs.get("name"):
            kind = attrs.get("type", "text").lower()
            if kind in ("radio", "checkbox") and "checked" not in attrs:
                self.forms[-1].setdefault(attrs["name"], "")  # known to the form, sent only if chosen
                return
            if kind not in ("submit", "file"):
                self.forms[-1][attrs["name"]] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.in_form = False


@dataclass
class Visitor:
    """One browser on one server: keeps its cookies (session, CSRF token), fills in forms."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def get(self, path: str) -> Page:
        return self._request("GET", path)

    def post(self, path: str, fields: dict) -> Page:
        return self._request("POST", path, urlencode(fields))

    def fill_in(self, path: str, **changes) -> Page:
        """Open the page, change some fields of its form, send it (with its CSRF token)."""
        page = self.get(path)
        assert page.status == 200, f"GET {path}: {page.status}"
        reader = _FormReader()
        reader.feed(page.text)
        # The form with the fields to change (not, say, the top bar's "Log out").
        forms = [form for form in reader.forms if set(changes) <= set(form)]
        assert forms, f"no form on {path} with the fields {sorted(changes)}"
        fields = {name: value for name, value in forms[0].items() if value or name not in changes}
        return self.post(path, {**fields, **changes})

    def log_in(self, username: str, password: str) -> None:
        page = self.fill_in("/accounts/login/", username=username, password=password)
        assert page.status == 302, f"logging in as {username}: {page.status}"

    def _request(self, method: str, path: str, body: str | None = None) -> Page:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return Page(response.status, {k.lower(): v for k, v in response.getheaders()}, text)


@dataclass
class Server:
    """One `make serve`: its port, its process (group leader) and where its output goes."""

    name: str
    port: int
    process: subprocess.Popen
    stdout: Path
    stderr: Path

    def visitor(self) -> Visitor:
        return Visitor(self.port)

    def get(self, path: str) -> Page:
        return Visitor(self.port).get(path)

    def wait_for_output(self, text: str, timeout: float = 10) -> str:
        """The server's stdout once it holds `text` (gunicorn logs a request just after answering it)."""
        deadline = time.monotonic() + timeout
        while True:
            written = self.stdout.read_text(errors="replace")
            if text in written or time.monotonic() > deadline:
                return written
            time.sleep(0.1)

    def output(self) -> str:
        return f"--- {self.name} stdout\n{_tail(self.stdout)}\n--- {self.name} stderr\n{_tail(self.stderr)}"


def _tail(path: Path, characters: int = 4000) -> str:
    return path.read_text(errors="replace")[-characters:] if path.exists() else ""


def start_serve(name: str, env: dict, folder: Path, timeout: float = 120) -> Server:
    """`make serve` with the environment given, started and answering /healthz with 200, or a failure saying why.

    `-o` tells make the virtualenv is up to date: a test never reinstalls it.
    """
    port = int(env["PORT"])
    stdout, stderr = folder / f"{name}.out", folder / f"{name}.err"
    with open(stdout, "wb") as out, open(stderr, "wb") as err:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "-o", ".venv/.installed.stamp", "serve"],
            cwd=ROOT, env=env, stdout=out, stderr=err, start_new_session=True,
        )
    server = Server(name, port, process, stdout, stderr)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"make serve ({name}) exited with {process.returncode}\n{server.output()}")
        try:
            if server.get("/healthz").status == 200:
                return server
        except OSError:
            pass  # not listening yet
        time.sleep(0.3)
    stop(server)
    raise AssertionError(f"make serve ({name}) did not answer /healthz within {timeout:.0f} s\n{server.output()}")


def stop(server: Server) -> None:
    """SIGTERM to the whole group (make, gunicorn, its workers); SIGKILL if it has not ended in 20 s."""
    if server.process.poll() is None:
        try:
            os.killpg(server.process.pid, signal.SIGTERM)
            server.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait(timeout=10)
        except ProcessLookupError:
            pass
    # gunicorn's workers may outlive make's exit by a moment: wait until the group is gone.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.killpg(server.process.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    try:
        os.killpg(server.process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


# `make run`'s set-up (runserver, DEBUG on, SQLite) in a child process, for the tests that need real threads or
# sockets on the default set-up (tournament/test_sqlite_concurrency, rooms/test_live, bench/test_bench_public_pages).

def sqlite_environment(database: Path) -> dict:
    """The settings as `make run` has them (DEBUG on, SQLite), on a file of the test's own."""
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("DJANGO_", "GUNICORN_")) and name not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="tournament.settings", DATABASE_URL=f"sqlite:///{database}")
    return env


def manage(env: dict, *args: str, timeout: float = 120) -> str:
    """`manage.py ARGS` in the environment given: its stdout, or a failure showing its stderr."""
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@contextmanager
def runserver(env: dict, folder: Path, ready: str = "/", timeout: float = 60):
    """`manage.py runserver` on a free port, answering `ready` with 200; yields (port, output file, process id),
    stops it after."""
    port = free_port()
    output = folder / "server.out"
    with open(output, "wb") as out:
        server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"{HOST}:{port}", "--noreload"],
                                  cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if Visitor(port).get(ready).status == 200:
                    break
            except OSError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, _tail(output, 3000)
            time.sleep(0.2)
        yield port, output, server.pid
    finally:
        server.terminate()
        server.wait(timeout=20)


def kill(server: Server) -> None:
    """SIGKILL to the whole group at once, as a machine losing its power would: nothing is shut down cleanly."""
    try:
        os.killpg(server.process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.process.wait(timeout=10)
    stop(server)  # waits until no process of the group is left


def environment_of(server: Server) -> dict:
    """The environment the server was started with (read back from its process), for a restart on the same port."""
    environ = open(f"/proc/{server.process.pid}/environ", "rb").read().split(b"\0")
    return dict(item.decode().split("=", 1) for item in environ if b"=" in item)


def play_random(server: Server, token: str, seed: int, pace: float = 0.1, timeout: float = 300,
                every_game: bool = False) -> subprocess.Popen:
    """`manage.py play_random` on a player's private link at that server, its output kept for the test to read;
    with `every_game`, each of the link's games in turn (`--every-game`)."""
    return subprocess.Popen([sys.executable, "manage.py", "play_random", f"http://{HOST}:{server.port}/p/{token}/",
                             "--pace", str(pace), "--seed", str(seed), "--timeout", str(timeout)]
                            + (["--every-game"] if every_game else []),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class RedisServer:
    """A redis-server of a test's own on `port` (nothing saved): started, stopped, frozen (SIGSTOP) and thawed."""

    def __init__(self, port: int):
        self.port = port
        self.url = f"redis://{HOST}:{port}/0"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", HOST, "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((HOST, self.port), timeout=0.2) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server did not answer on port {self.port}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def freeze(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        os.kill(self.process.pid, signal.SIGCONT)
