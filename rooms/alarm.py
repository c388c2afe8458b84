"""Wakes this process's sweep at once (`rooms.sweeper`) when a game room writes its result: the round may be
over, and the timetable then closes it and publishes the next without waiting for the sweep's next second."""

from __future__ import annotations

import threading

game_over = threading.Event()
