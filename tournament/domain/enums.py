"""The tournament's named states (`docs/tournament-rules.md`, `docs/tournament-file.md`).

String enums, so a value is the very text the tournament file and the
database hold ("played", "all-play-all"); the models build their
`TextChoices` from these.
"""

from __future__ import annotations

from enum import StrEnum


class MatchStatus(StrEnum):
    """A match in the tournament file: `status`."""

    PLAYED = "played"
    FORFEIT = "forfeit"
    BYE = "bye"
    PENDING = "pending"
    # An excused absence (a requested bye): the player alone, no second, not the round's bye.
    EXCUSED = "excused"


# Statuses of a match with one player and no second.
SOLO_STATUSES = frozenset({MatchStatus.BYE, MatchStatus.EXCUSED})


class RoundStatus(StrEnum):
    """A round's life on the site: a draft the organiser may change, published, then closed (complete)."""

    DRAFT = "draft"
    PUBLISHED = "published"
    COMPLETE = "complete"


class System(StrEnum):
    """The pairing system (`settings.system`); `auto` is the site's "decide when entries close"."""

    SWISS = "swiss"
    ALL_PLAY_ALL = "all-play-all"


class Play(StrEnum):
    """Where a round's games are played (`settings.play`, docs/online-play.md): over the board, or in the site's rooms."""

    TABLE = "table"
    ONLINE = "online"


class Progressive(StrEnum):
    """How progressive difference and level add up (`settings.progressive`)."""

    SUM = "sum"
    RUNNING = "running"


# `auto` resolves to all-play-all for this many entries or fewer (docs/tournament-rules.md, Format).
ALL_PLAY_ALL_LIMIT = 10


def resolved_system(system: str, entries: int) -> System:
    """`auto` becomes all-play-all for 10 entries or fewer, else Swiss; a named system stays itself."""
    if system != "auto":
        return System(system)
    return System.ALL_PLAY_ALL if entries <= ALL_PLAY_ALL_LIMIT else System.SWISS
