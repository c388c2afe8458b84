"""How times are written for people, the one way on every page and message of the server's (docs/online-event.md,
"Times"); the pages' scripts write them the same way (tournament/static/tournament/poll.js, `clockText`, and
countdown.js, `words` and `at`).  A clock reading ("9:05", from an hour "1:02:05") is the engine's
`games.engine.clock.minutes`, of the reading rounded up (`rooms.game.clock.clock_text`).

- A wait (a countdown): "1 h 2 min 3 s", "4 min 0 s", and under a minute the seconds alone, "40 s".
- A time of day: in the tournament's zone, with the zone named, "14:30 GMT"; to the second when the moment is not
  on a whole minute ("14:30:15 GMT"), so that a start is never written earlier or later than it is.
"""

from __future__ import annotations

from datetime import datetime, tzinfo


def wait_words(seconds: int) -> str:
    """A wait in words, as the countdowns count: "1 h 2 min 3 s", "4 min 0 s", "40 s"."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{hours} h"] if hours else []
    if hours or minutes:
        parts.append(f"{minutes} min")
    parts.append(f"{seconds} s")
    return " ".join(parts)


def time_of_day(moment: datetime, zone: tzinfo) -> str:
    """`moment` (aware) as a time of day in `zone`, the zone named: "14:30 GMT", "15:30:15 BST"."""
    local = moment.astimezone(zone)
    shown = f"{local:%H:%M:%S}" if local.second else f"{local:%H:%M}"
    return f"{shown} {zone_name(local)}"


def date_and_time(moment: datetime, zone: tzinfo, *, year: bool = False) -> str:
    """`moment` with its day, in `zone`: "Friday 27 November, 14:30 GMT" (a mail, read later: with the year)."""
    local = moment.astimezone(zone)
    day = f"{local:%A} {local.day} {local:%B %Y}" if year else f"{local:%A} {local.day} {local:%B}"
    return f"{day}, {time_of_day(moment, zone)}"


def zone_name(local: datetime) -> str:
    """The zone's name at that moment: its abbreviation ("GMT", "BST", "CET"), or its offset where it has none
    ("UTC+05:30")."""
    name = local.tzname() or ""
    if name and not name[0] in "+-":
        return name
    offset = local.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    sign, minutes = ("+" if minutes >= 0 else "-"), abs(minutes)
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"
