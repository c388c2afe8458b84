"""The random players of the live room tests, on `make run`'s set-up (tests.production.servers.runserver: Daphne's
runserver, WebSockets too, SQLite, the in-memory channel layer, the clock sweep running as on a real server), and the
site's clock that those tests move on instead of waiting for it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLOCK_HOOK = ROOT / "tests" / "anydate"  # its sitecustomize moves each process's wall clock as the file says
STEP_S = 20  # the in-memory channel layer drops a message queued 60 s of the wall clock before: move in steps


def play_random(env: dict, link: str, seed: int, pace: float) -> subprocess.Popen:
    """`manage.py play_random` on a private link (a full address), its output kept for the test to read."""
    return subprocess.Popen([sys.executable, "manage.py", "play_random", link, "--pace", str(pace), "--seed", str(seed)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class SiteClock:
    """The wall clock of every process of a live site (its server, its robot players, `manage.py shell`), moved on
    by the test: a round's start or a player's flag comes at once, not after a real wait.  Each process reads
    `file` (tests/anydate/sitecustomize.py); the monotonic clock, which the browsers' and the server's timers run
    on, is left alone."""

    def __init__(self, folder: Path):
        self.file = folder / "clock-moved-s"
        self.file.write_text("0")
        self.moved_s = 0.0

    def environment(self, env: dict) -> dict:
        """`env` with the clock hook on the path: for every process of the site."""
        path = os.pathsep.join(filter(None, [str(CLOCK_HOOK), env.get("PYTHONPATH", "")]))
        return {**env, "PYTHONPATH": path, "TEST_CLOCK_FILE": str(self.file)}

    def now(self, zone=timezone.utc) -> datetime:
        """The site's time now: this process's clock moved as far as the site's.  Moved on in UTC, then shown in
        `zone`: adding to a time in London adds to its wall clock, an hour short across the end of summer time."""
        return (datetime.now(timezone.utc) + timedelta(seconds=self.moved_s)).astimezone(zone)

    def move_on(self, seconds: float, step_s: float = STEP_S) -> None:
        """Move the site's clock `seconds` ahead, in steps each process has read before the next (50 ms apart);
        in one step (`step_s=seconds`) while no socket is open."""
        while seconds > 0:
            step = min(seconds, step_s)
            self.moved_s += step
            written = self.file.with_suffix(".new")
            written.write_text(repr(self.moved_s))
            written.replace(self.file)  # whole: a process never reads half a number
            seconds -= step
            time.sleep(0.3)
