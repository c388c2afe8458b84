"""What the timetable's settings may be (docs/online-event.md, The timetable; docs/tournament-file.md): pure."""

from __future__ import annotations

from .enums import Play
from .limits import MAX_ROUND_BREAK_S


def settings_problem(play: str, auto: bool, round_break_s) -> tuple[str, str] | None:
    """(field, sentence) for settings the timetable cannot run with: a break below 0 or above a day, `auto` on a
    table tournament; None when they are fine."""
    if isinstance(round_break_s, bool) or not isinstance(round_break_s, int) or not 0 <= round_break_s <= MAX_ROUND_BREAK_S:
        return "round_break_s", f"The break between rounds is 0 to {MAX_ROUND_BREAK_S} seconds (a day)."
    if auto and play != Play.ONLINE:
        return "auto", "Only an online tournament runs by itself: its rounds are played in the game rooms."
    return None
