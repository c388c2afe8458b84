"""The server's clock of a game room (`docs/online-play.md`, "Clocks").

Plain state, as scalachess keeps it: per player the time left at the start of
the running turn, and when that turn started; the time left now is computed
from the server's clock passed in, never ticked down by a timer.  Every value
is a whole number of milliseconds of the server's clock, so the arithmetic is
exact and a test can run on a fake clock.

The rules it implements:

- Only one clock runs at a time, the one of the player whose turn it is, from
  the moment the turn starts until the server receives the turn's last
  decision.  No increment.
- **Network allowance**: the player's measured one-way network delay, at most
  0.5 s, is not charged (measured and capped in `rooms.game.network`, the one place).
  It is fixed when the turn starts (the server measured it; nothing a browser
  says about time is trusted) and is taken at the start
  of the turn, as the time the news of the turn takes to reach the player: the
  clock starts running that much later.  So the time left only runs down, and
  a flag falls exactly when the time left reaches 0, never later than
  `allowance` after it would without one.
- **Pauses**: while the room is paused no clock runs; a pause changes nothing
  else (time left before equals time left after).
- A player whose time has reached 0 has **flagged**; their clock stays at 0.
- Readings in the log are the time left rounded **up** to whole seconds, so a
  reading of 0 only when the time truly ran out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.engine.clock import minutes

from .network import allowance_of

def reading_s(left_ms: int) -> int:
    """A clock reading for the log: the time left rounded up to whole seconds (0 only at 0).  The one rounding of
    the server's clocks: the log's readings and the clocks the pages show."""
    return -(-max(0, left_ms) // 1000)


def clock_text(left_ms: int) -> str:
    """A clock as the room shows it: minutes and seconds left, rounded up ("9:05", "0:00"); the engine's
    `minutes` of the reading."""
    return minutes(reading_s(left_ms))


@dataclass(frozen=True)
class RoomClock:
    """Both players' clocks at a moment of the game, as the stored events leave them.

    `left_ms` is each player's time left when the running turn started (for
    the player not running, simply their time left).  `running` is the player
    whose turn it is (None before the start, after the end, or when no player
    may move).  `paused_at` is set while the room is paused.
    """

    left_ms: tuple[int, ...]
    running: int | None = None
    turn_started_ms: int = 0  # when the running turn started (moved on by a pause's length)
    allowance_ms: int = 0  # the running turn's network allowance
    paused_at: int | None = None

    @classmethod
    def new(cls, clock_s: int = 600, players: int = 2) -> "RoomClock":
        if clock_s <= 0:
            raise ValueError("a clock needs a positive time per player")
        return cls(left_ms=(clock_s * 1000,) * players)

    # -- reading -------------------------------------------------------------------------

    def used_in_turn(self, now_ms: int) -> int:
        """What the running turn has cost the running player by `now_ms` (0 when nobody runs)."""
        if self.running is None:
            return 0
        moment = self.paused_at if self.paused_at is not None else now_ms
        return max(0, moment - self.turn_started_ms - self.allowance_ms)

    def left(self, player: int, now_ms: int) -> int:
        """`player`'s time left at `now_ms`, in ms; never below 0."""
        if player != self.running:
            return self.left_ms[player]
        return max(0, self.left_ms[player] - self.used_in_turn(now_ms))

    def flag_at(self) -> int | None:
        """The server time at which the running player's time runs out (None: no clock runs)."""
        if self.running is None or self.paused_at is not None:
            return None
        return self.turn_started_ms + self.allowance_ms + self.left_ms[self.running]

    def flagged(self, player: int, now_ms: int) -> bool:
        """Whether `player`'s time has reached 0 by `now_ms`."""
        return self.left(player, now_ms) == 0

    def readings(self, now_ms: int) -> tuple[int, ...]:
        """Each player's clock reading at `now_ms`, in whole seconds rounded up."""
        return tuple(reading_s(self.left(player, now_ms)) for player in range(len(self.left_ms)))

    # -- changing ------------------------------------------------------------------------

    def start_turn(self, player: int, at_ms: int, allowance_ms: int = 0) -> "RoomClock":
        """`player`'s turn starts at `at_ms` (the game's start, or the end of the turn before)."""
        self._check_not_running("start a turn")
        if self.left_ms[player] == 0:
            raise ValueError(f"player {player} has no time left: their turn cannot start")
        # A turn that starts while the room is paused (the start time passing
        # during a pause) starts running when the room resumes.
        started = at_ms if self.paused_at is None else self.paused_at
        return replace(self, running=player, turn_started_ms=started, allowance_ms=allowance_of(allowance_ms))

    def end_turn(self, at_ms: int) -> "RoomClock":
        """The running player's last decision of the turn reached the server at `at_ms`: charge the turn."""
        if self.running is None:
            raise ValueError("no turn is running")
        if self.paused_at is not None:
            raise ValueError("the room is paused: no turn ends while it is")
        left = list(self.left_ms)
        left[self.running] = self.left(self.running, at_ms)
        return replace(self, left_ms=tuple(left), running=None, turn_started_ms=at_ms, allowance_ms=0)

    def flag(self, at_ms: int) -> "RoomClock":
        """The running player's time ran out (at or after `flag_at()`): their clock stops at 0."""
        if self.running is None:
            raise ValueError("no turn is running")
        if self.left(self.running, at_ms) != 0:
            raise ValueError(f"player {self.running} still has time at {at_ms} ms")
        left = list(self.left_ms)
        left[self.running] = 0
        return replace(self, left_ms=tuple(left), running=None, turn_started_ms=at_ms, allowance_ms=0)

    def pause(self, at_ms: int) -> "RoomClock":
        if self.paused_at is not None:
            raise ValueError("the room is already paused")
        return replace(self, paused_at=at_ms)

    def resume(self, at_ms: int) -> "RoomClock":
        """The room goes on at `at_ms`: the running turn's start moves on by the pause's length."""
        if self.paused_at is None:
            raise ValueError("the room is not paused")
        if at_ms < self.paused_at:
            raise ValueError("a pause cannot end before it began")
        # Time used before the pause, allowance included, is kept exactly: the
        # turn is simply taken to have started the pause's length later.
        return replace(self, turn_started_ms=self.turn_started_ms + (at_ms - self.paused_at), paused_at=None)

    def _check_not_running(self, what: str) -> None:
        if self.running is not None:
            raise ValueError(f"player {self.running}'s turn is running: cannot {what}")
