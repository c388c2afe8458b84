"""Whether a move log is the record of a match's own game (`docs/tournament-file.md`).

A match's log must name the match's two players, the first player's name
first (names compared as everywhere, by `names.name_key`: case, accents and spaces aside), be
played under the `mso` rules, and carry the tournament's clock when it
gives one.  The tournament file's reader, the result form and the players'
links all ask `log_mismatch`.
"""

from __future__ import annotations

from typing import Any, Sequence

from .names import same_name

TOURNAMENT_RULES = "mso"


def log_mismatch(log: dict, first: str, second: str, clock_s: int) -> str | None:
    """What makes a valid two-player log not the game of `first` v `second`; None when it is that game.

    `log` is the parsed log object (already replayed as valid).
    """
    names: Sequence[Any] = log.get("players") or []
    if len(names) != 2:
        return f"a match is a game for two, but the move log has {len(names)} players"
    log_first, log_second = (str(name) for name in names)
    if not (same_name(log_first, first) and same_name(log_second, second)):
        if same_name(log_first, second) and same_name(log_second, first):
            return f"the log has {log_first.strip()} playing first, the match has {first}"
        return (f"the log is a game of {log_first.strip()} v {log_second.strip()}, "
                f"but the match is {first} v {second}")
    rules = log.get("rules", TOURNAMENT_RULES)
    if rules != TOURNAMENT_RULES:
        return f"the log is played under {rules} rules; a tournament game is played under {TOURNAMENT_RULES} rules"
    log_clock = log.get("clock_s")
    if log_clock is not None and log_clock != clock_s:
        return f"the log's clock is {log_clock} s, but the tournament's is {clock_s} s"
    return None
