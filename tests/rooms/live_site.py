"""`make run`'s set-up in a child process for the live room tests: Daphne's runserver (WebSockets too), SQLite, the
in-memory channel layer, the clock sweep running as on a real server."""

from __future__ import annotations

import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from tests.production.servers import HOST, Visitor, free_port

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def runserver(env: dict, folder: Path):
    """The site served on a free port until the block ends; yields the port (its output goes to folder/server.out)."""
    port = free_port()
    with open(folder / "server.out", "wb") as out:
        server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"{HOST}:{port}", "--noreload"],
                                  cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if Visitor(port).get("/").status == 200:
                    break
            except OSError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, (folder / "server.out").read_text()[-3000:]
            time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=20)


def play_random(env: dict, link: str, seed: int, pace: float) -> subprocess.Popen:
    """`manage.py play_random` on a private link (a full address), its output kept for the test to read."""
    return subprocess.Popen([sys.executable, "manage.py", "play_random", link, "--pace", str(pace), "--seed", str(seed)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
