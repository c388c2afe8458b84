"""The MSO clock rule as a log reads it (`docs/move-log.md`, Precise points: Clock readings, Flag).

A placement may carry `clock_s`, the time its player had left after it.  Time
only runs down (the MSO clock has no increment), never below 0 nor above the
game's `clock_s`; a reading of 0 is the player's time running out, so unless
that placement ended the game the player's `flag` must come next.  A player
who has flagged makes no further move; when every player has, the game ends.

`Clocks` is the one object that holds this rule: the `Game` asks it before a
move (`check_next`, `check_reading`) and tells it after (`record`, `flag`),
and reads what it owes (`flag_owed`); nothing else writes its state.
"""

from __future__ import annotations

from typing import Sequence

from .errors import BadLog, IllegalMove


class Clocks:
    """Each player's latest reading, who has flagged, and whose flag is owed after a reading of 0."""

    def __init__(self, names: Sequence[str], limit: int | None = None):
        self.names = names
        self.limit = limit  # the game's time per player in seconds, when the log gives it
        self._last: list[int | None] = [None] * len(names)
        self._flagged = [False] * len(names)
        self._owed: int | None = None  # the player whose reading was 0: that player's flag comes next

    # --- reading -------------------------------------------------------------

    @property
    def flag_owed(self) -> int | None:
        """The player whose clock read 0 on a placement that did not end the game: the next event is their flag."""
        return self._owed

    @property
    def flagged(self) -> list[bool]:
        """Who has run out of time, per player (a copy)."""
        return list(self._flagged)

    @property
    def all_flagged(self) -> bool:
        return all(self._flagged)

    def has_flagged(self, player: int) -> bool:
        return self._flagged[player]

    def last(self, player: int) -> int | None:
        """The player's latest reading, None before the first."""
        return self._last[player]

    # --- before a move ----------------------------------------------------------

    def check_next(self, instead: str, flag_by: int | None = None) -> None:
        """Refuse (`bad-clock`) any event but the flag owed after a reading of 0.

        `instead` names the event in words ("a draw by Ann Able"); `flag_by` is
        the player whose flag it is, when it is a flag.
        """
        owed = self._owed
        if owed is not None and flag_by != owed:
            name = self.names[owed]
            raise IllegalMove(
                "bad-clock",
                f"{name}'s clock read 0 after the placement just before, so {name}'s time ran out: the next event "
                f"must be {name}'s flag, not {instead}",
            )

    def check_reading(self, player: int, seconds: int) -> None:
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
        previous = self._last[player]
        if previous is not None and seconds > previous:
            raise IllegalMove(
                "bad-clock",
                f"{name}'s clock reads {seconds} s after this placement, more than the {previous} s of "
                f"{name}'s previous reading: time only runs down",
            )

    def check_flag(self, player: int) -> None:
        """Refuse a flag that is not the one owed, or a second flag by the same player."""
        name = self.names[player]
        self.check_next(f"a flag by {name}", flag_by=player)
        if self._flagged[player]:
            raise BadLog("bad-event", f"{name} ran out of time twice")

    # --- after a move -----------------------------------------------------------

    def record(self, player: int, seconds: int | None, game_over: bool) -> None:
        """A placement was made with this reading (None: none given); a 0 owes a flag unless the game is over."""
        if seconds is None:
            return
        self._last[player] = seconds
        if seconds == 0 and not game_over:
            self._owed = player

    def flag(self, player: int) -> None:
        """The player's time ran out (checked first with `check_flag`): no further move by that player."""
        self._flagged[player] = True
        self._owed = None


def minutes(seconds: int) -> str:
    """A clock reading as a clock shows it, the one way every page writes one: 605 -> "10:05"; from an hour with
    the hours, 3725 -> "1:02:05"."""
    sign = "-" if seconds < 0 else ""
    hours, rest = divmod(abs(seconds), 3600)
    if hours:
        return f"{sign}{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{sign}{rest // 60}:{rest % 60:02d}"
