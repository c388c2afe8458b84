"""The wall clock of the Python processes the tests start, moved on request; the monotonic clock is left alone.

- `TEST_CLOCK_AT` (an ISO time with its offset, e.g. `2027-10-31T00:54:00Z`): the whole suite on that date.  Every
  process started with this folder on `PYTHONPATH` reads a wall clock that runs on from that time.  The first
  process works out how far the clock moves and hands the shift on (`TEST_CLOCK_SHIFT_S`), so a server or a worker
  started minutes later reads the same moved clock as the test that started it, not the moment named again.
- `TEST_CLOCK_FILE` (a path): a live site's clock that its test moves on (`tests/rooms/live_site.SiteClock`).  The
  file holds how many seconds the test has moved the clock on so far; each process of the site (its server, its
  robot players, `manage.py shell`) reads it every 50 ms and moves its own wall clock by the difference, so a
  round's start or a flag comes when the test says, not after a real wait.

Only the wall clock moves (`time.time`, `datetime.now`, ...): the monotonic clock that sleeps, timeouts and event
loops run on is left alone.  README, "Tests", gives the commands.
"""

import os

if os.environ.get("TEST_CLOCK_AT") or os.environ.get("TEST_CLOCK_FILE"):
    import datetime
    import threading
    import time

    import time_machine

    def _moved_by_file(traveller, path):
        moved = 0.0
        while True:
            try:
                with open(path) as file:
                    wanted = float(file.read() or 0)
            except (OSError, ValueError):  # not written yet, or caught half-written: read again
                wanted = moved
            if wanted != moved:
                traveller.shift(wanted - moved)
                moved = wanted
            time.sleep(0.05)

    if os.environ.get("TEST_CLOCK_AT") and "TEST_CLOCK_SHIFT_S" not in os.environ:
        target = datetime.datetime.fromisoformat(os.environ["TEST_CLOCK_AT"].replace("Z", "+00:00"))
        if target.tzinfo is None:
            raise SystemExit(f"TEST_CLOCK_AT={os.environ['TEST_CLOCK_AT']!r}: give the time with its offset (Z or +01:00)")
        os.environ["TEST_CLOCK_SHIFT_S"] = repr(target.timestamp() - time.time())
    _traveller = time_machine.travel(time.time() + float(os.environ.get("TEST_CLOCK_SHIFT_S", 0)), tick=True).start()
    if os.environ.get("TEST_CLOCK_FILE"):
        threading.Thread(target=_moved_by_file, args=(_traveller, os.environ["TEST_CLOCK_FILE"]), daemon=True,
                         name="test-clock").start()
