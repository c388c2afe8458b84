"""The random players of the live room tests, on `make run`'s set-up (tests.production.servers.runserver: Daphne's
runserver, WebSockets too, SQLite, the in-memory channel layer, the clock sweep running as on a real server)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def play_random(env: dict, link: str, seed: int, pace: float) -> subprocess.Popen:
    """`manage.py play_random` on a private link (a full address), its output kept for the test to read."""
    return subprocess.Popen([sys.executable, "manage.py", "play_random", link, "--pace", str(pace), "--seed", str(seed)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
