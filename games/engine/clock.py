"""The players' clocks as a log reads them (`shared/spec/ingenious-log.md`, Precise points: Clock readings).

A placement may carry `clock_s`, the time its player had left after it.  Time
only runs down (the MSO clock has no increment), never below 0 nor above the
game's `clock_s`; a reading of 0 is the player's time running out, so unless
that placement ended the game the player's `flag` must come next.
"""

from __future__ import annotations

from typing import Sequence

from .errors import IllegalMove


class Clocks:
    """Each player's latest reading, and whose flag is owed after a reading of 0."""

    def __init__(self, names: Sequence[str], limit: int | None = None):
        self.names = names
        self.limit = limit  # the game's time per player in seconds, when the log gives it
        self.last: list[int | None] = [None] * len(names)  # each player's latest reading

    def check(self, player: int, seconds: int) -> None:
        """Refuse (`bad-clock`) a reading that cannot follow the player's earlier ones."""
        name = self.names[player]
        if seconds < 0:
            raise IllegalMove(
                "bad-clock", f"{name}'s clock reads {seconds} s after this placement: time left cannot be below 0"
            )
        if self.limit is not None and seconds > self.limit:
            raise IllegalMove(
                "bad-clock",
                f"{name}'s clock reads {seconds} s after this placement, more than the game's {self.limit} s "
                f"per player",
            )
        previous = self.last[player]
        if previous is not None and seconds > previous:
            raise IllegalMove(
                "bad-clock",
                f"{name}'s clock reads {seconds} s after this placement, more than the {previous} s of "
                f"{name}'s previous reading: time only runs down",
            )

    def flag_missing(self, player: int, instead: str) -> IllegalMove:
        """The fault of an event that is not the flag owed by `player`, whose clock read 0."""
        name = self.names[player]
        return IllegalMove(
            "bad-clock",
            f"{name}'s clock read 0 after the placement just before, so {name}'s time ran out: the next event "
            f"must be {name}'s flag, not {instead}",
        )


def minutes(seconds: int) -> str:
    """A clock reading as a clock shows it: 605 -> "10:05"."""
    sign = "-" if seconds < 0 else ""
    return f"{sign}{abs(seconds) // 60}:{abs(seconds) % 60:02d}"
