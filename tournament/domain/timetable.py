"""What the timetable's settings may be (docs/online-event.md, The timetable; docs/tournament-file.md): pure."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .enums import Play
from .limits import MAX_ROUND_BREAK_S


def _seconds_problem(value) -> bool:
    return isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ROUND_BREAK_S


def settings_problem(play: str, auto: bool, round_break_s, round_lead_s=60, time_zone=None) -> tuple[str, str] | None:
    """(field, sentence) for settings the timetable cannot run with: a break or a lead below 0 or above a day,
    `auto` on a table tournament, a time zone that is no IANA name; None when they are fine."""
    if _seconds_problem(round_break_s):
        return "round_break_s", f"The break between rounds is 0 to {MAX_ROUND_BREAK_S} seconds (a day)."
    if _seconds_problem(round_lead_s):
        return "round_lead_s", f"The time a round is published before its start is 0 to {MAX_ROUND_BREAK_S} seconds."
    if time_zone and not is_time_zone(time_zone):
        return "time_zone", "A time zone is an IANA name such as Europe/London, or empty for the site's."
    if auto and play != Play.ONLINE:
        return "auto", "Only an online tournament runs by itself: its rounds are played in the game rooms."
    return None


def is_time_zone(name) -> bool:
    """Whether `name` is a time zone this machine knows by its IANA name."""
    if not isinstance(name, str) or not name or len(name) > 64 or name.startswith(("/", ".")) or ".." in name:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def lead_of(round_lead_s: int, round_break_s: int) -> int:
    """How long before its start a round after the first is paired and published: the lead, never more than the
    break (with a shorter break, at the round's close)."""
    return min(round_lead_s, round_break_s)
