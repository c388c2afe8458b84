"""A result being entered: what was typed, logged or decided, who sent it and how, its move log read once.

Every way a result comes in builds one `ResultEntry` with a named
constructor: the organiser's or arbiter's form (`typed`, `forfeit`,
`removal`), a player's private link (`from_player`, `confirmed`,
`with_dispute`), the game room (`from_game_room`, `room_forfeit`).  The
services check it (`services.results.check_played_result`) and write it
(`enter_result`).  The move log is parsed and replayed once, when the entry
is built (`reading`, the engine's report).  Who sat first is decided here
only (`seated`): the match's first player, unless the organiser ticked
"swap who played first".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from games.engine import Report, check_text, replay

from .enums import MatchStatus

# Who sends a result: an organiser or arbiter (a form, or a service acting for one), a player through their
# private link, the site's game room.
ORGANISER, PLAYER, GAME_ROOM = "organiser", "player", "game room"


@dataclass(frozen=True)
class ResultEntry:
    """A result on its way in.  `scores` and `flagged` are as typed, per player, the match's first player's
    first (None: not typed); `reading` is the move log as the engine replayed it (None: no log)."""

    status: str
    scores: Sequence[Sequence[Any]] | None = None
    flagged: Sequence[bool] | None = None
    reading: Report | None = field(default=None, compare=False, repr=False)
    forfeit_winner: Any = None  # the player present at a forfeit; None: both absent
    by: str = ORGANISER
    how: str = ""
    log_names_are_players: bool = False
    first_is_second: bool = False

    # --- the ways in ------------------------------------------------------------------------------

    @classmethod
    def typed(cls, scores=None, flagged=None, log_text: str | None = None, *, log_names_are_players: bool = False,
              first_is_second: bool = False, how: str = "typed") -> ResultEntry:
        """A played game's result from an organiser's or arbiter's form: scores, ticks and a log, each optional."""
        return cls(MatchStatus.PLAYED.value, scores, flagged, read_log(log_text), by=ORGANISER, how=how,
                   log_names_are_players=log_names_are_players, first_is_second=first_is_second)

    @classmethod
    def forfeit(cls, winner=None, *, how: str = "forfeit") -> ResultEntry:
        """A forfeit decided by an organiser or arbiter: `winner` was present (None: both absent)."""
        return cls(MatchStatus.FORFEIT.value, forfeit_winner=winner, by=ORGANISER, how=how)

    @classmethod
    def removal(cls, *, how: str = "removed") -> ResultEntry:
        """No result: the match waits again (a correction that removes the result entered)."""
        return cls(MatchStatus.PENDING.value, by=ORGANISER, how=how)

    @classmethod
    def from_player(cls, scores=None, flagged=None, log_text: str | None = None) -> ResultEntry:
        """A player's own result, sent through their private link (no forfeits, no ways past a log's identity)."""
        return cls(MatchStatus.PLAYED.value, scores, flagged, read_log(log_text), by=PLAYER, how="sent")

    @classmethod
    def confirmed(cls, scores, flagged, log: dict | None) -> ResultEntry:
        """A sent result its opponent confirmed: its stored log (checked when it was sent) is replayed, not parsed."""
        return cls(MatchStatus.PLAYED.value, scores, flagged, None if log is None else replay(log), by=PLAYER,
                   how="confirmed")

    @classmethod
    def with_dispute(cls, scores, flagged=None) -> ResultEntry:
        """The scores a disputing player sends beside the dispute (no log)."""
        return cls(MatchStatus.PLAYED.value, scores, list(flagged or [False, False]), by=PLAYER, how="disputed")

    @classmethod
    def from_game_room(cls, log_text: str) -> ResultEntry:
        """A game finished in the site's game room: its log, under the players' user names."""
        return cls(MatchStatus.PLAYED.value, reading=read_log(log_text), by=GAME_ROOM, how="played online",
                   log_names_are_players=True)

    @classmethod
    def room_forfeit(cls, winner=None) -> ResultEntry:
        """A game-room game forfeited (a player never came, or left): `winner` stayed (None: neither)."""
        return cls(MatchStatus.FORFEIT.value, forfeit_winner=winner, by=GAME_ROOM, how="forfeit online")

    # --- what it says --------------------------------------------------------------------------

    @property
    def by_absence(self) -> bool:
        """A game lost by absence: the room's forfeit (no placement before the time ran out) or the arbiter's
        forfeit for a no-show; the timetable withdraws the absent (docs/online-event.md, The timetable)."""
        return self.status == MatchStatus.FORFEIT.value and self.how in ("forfeit online", "absent")

    def seated(self, first, second) -> tuple:
        """Of the match's `first` and `second` (players, names, score rows, ticks), who played first, then second:
        swapped when the organiser ticked 'swap who played first'.  The one place the order is decided."""
        return (second, first) if self.first_is_second else (first, second)

    @property
    def played_scores(self) -> list | None:
        """The typed scores in the order the players played (who played first, first); None if none typed."""
        return None if self.scores is None else list(self.seated(*self.scores))

    @property
    def played_flags(self) -> list | None:
        """The typed ticks in the order the players played; None if none came."""
        return None if self.flagged is None else list(self.seated(*self.flagged))

    @property
    def has_log(self) -> bool:
        return self.reading is not None

    @property
    def typed_result(self) -> tuple[list | None, list[bool]]:
        """What someone typed, as the match's pages compare it with a sent result: (scores, ticks), per player."""
        return (None if self.scores is None else [list(row) for row in self.scores],
                list(self.flagged or [False, False]))


def read_log(log_text: str | None) -> Report | None:
    """A move log's text parsed and replayed (the engine's report, valid or not); None for no log."""
    return check_text(log_text) if log_text else None
