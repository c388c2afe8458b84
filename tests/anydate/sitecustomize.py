"""The suite on any date: with `TEST_CLOCK_AT` set (an ISO time, e.g. `2027-10-31T00:54:00Z`), every Python process
started with this folder on `PYTHONPATH` reads a wall clock moved to that time, running on from it.

The first process works out how far the clock moves and hands that shift on (`TEST_CLOCK_SHIFT_S`), so a server or a
worker started minutes later reads the same moved clock as the test that started it, not the moment named again.
Only the wall clock moves (`time.time`, `datetime.now`, ...): the monotonic clock that sleeps, timeouts and event
loops run on is left alone.  README, "Tests", gives the command.
"""

import os

if os.environ.get("TEST_CLOCK_AT"):
    import datetime
    import time

    import time_machine

    if "TEST_CLOCK_SHIFT_S" not in os.environ:
        target = datetime.datetime.fromisoformat(os.environ["TEST_CLOCK_AT"].replace("Z", "+00:00"))
        if target.tzinfo is None:
            raise SystemExit(f"TEST_CLOCK_AT={os.environ['TEST_CLOCK_AT']!r}: give the time with its offset (Z or +01:00)")
        os.environ["TEST_CLOCK_SHIFT_S"] = repr(target.timestamp() - time.time())
    time_machine.travel(time.time() + float(os.environ["TEST_CLOCK_SHIFT_S"]), tick=True).start()
