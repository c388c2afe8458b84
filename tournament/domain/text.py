"""How the tournament's values are written for people: VP, a game's result, the progressive reading.

One way each, used by the pages, the sheets and the organiser's messages.
(The tournament file writes VP as JSON numbers and TRF-16 as "11.5": those
are file formats, written where the files are.)
"""

from __future__ import annotations

from games.engine import board_decision

from .enums import MatchStatus, Progressive
from .records import MatchRecord
from .results import game_half_points


def format_vp(half_points: int) -> str:
    """VP from half-points, halves as ½: "0", "½", "3", "3½"."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def format_result(first_half_points: int, second_half_points: int) -> str:
    """A game's result from the first player's side: "1–0", "½–½", "0–1"."""
    return f"{format_vp(first_half_points)}–{format_vp(second_half_points)}"


def result_text(match: MatchRecord, names: tuple[str, str] | None = None) -> str:
    """A match's result in words, the one way it is written.  As the public pages and sheets write it: "1–0",
    "½–½", "1–0 forfeit", "0–0 (both absent)", "bye", "excused" ("" while pending).  With the players' `names`
    (first, second), as the organiser's pages read it back: "Ann Able ½–½ Ben Baker", "Ann Able 1–0 Ben Baker
    (forfeit)", "Ann Able 0–0 Ben Baker (both absent)"."""
    if match.status == MatchStatus.PLAYED:
        score, kind = format_result(*game_half_points(*match.scores)), ""
    elif match.status == MatchStatus.FORFEIT:
        if match.winner is None:
            score, kind = format_result(0, 0), "both absent"
        else:
            score, kind = format_result(2, 0) if match.winner == match.first else format_result(0, 2), "forfeit"
    else:
        return {MatchStatus.BYE: "bye", MatchStatus.EXCUSED: "excused"}.get(match.status, "")
    if names is not None:
        return f"{names[0]} {score} {names[1]}" + (f" ({kind})" if kind else "")
    return {"": score, "forfeit": f"{score} forfeit", "both absent": f"{score} (both absent)"}[kind]


# Counted from the lowest, as the rule compares them ("both 8 9 10 in the 3 lowest colours" is followed by the
# fourth-lowest, not the third-highest); the last is the highest.
PLACES = ("lowest", "second-lowest", "third-lowest", "fourth-lowest", "fifth-lowest", "highest")


def result_words(first_name: str, second_name: str, scores, flagged=(False, False)) -> str:
    """A played game's result in words, for the page where someone checks it before it counts.

    "Ben Baker wins, 5 v 4 in the lowest colour"; when the lowest colours are
    level, the first place where the ascending lists differ decides:
    "Ann Able wins, 7 v 6 in the second-lowest colour (both 3 in the lowest)";
    "Draw: the same six scores, lowest first 3 4 5 6 7 8".  Who won and where is
    the engine's decision (`board_decision`); only the words are here.  Running out of
    time only stops a player (docs/tournament-rules.md, the clock), so it is added as a
    fact, not a reason.
    """
    names = (first_name, second_name)
    decision = board_decision(scores)
    ranked, winner, place = decision.ranked, decision.winner, decision.place
    if winner is None:
        words = f"Draw: the same six scores, lowest first {' '.join(map(str, ranked[0]))}"
    else:
        words = (f"{names[winner]} wins, {ranked[winner][place]} v {ranked[decision.runner_up][place]} "
                 f"in the {PLACES[place]} colour")
        if place:
            level = ranked[0][:place]
            same = "both " + " ".join(map(str, level))
            words += f" ({same} in the {'lowest colour' if place == 1 else f'{place} lowest colours'})"
    out = [name for name, flag in zip(names, flagged) if flag]
    if out:
        words += f"; {' and '.join(out)} ran out of time"
    return words


PROGRESSIVE_READINGS = {
    Progressive.SUM: "Progressive difference and level are the sums over the player's games.",
    Progressive.RUNNING: "Progressive difference and level are the sums of the running totals after each round "
    "(the chess reading); a round sat out carries the running total over.",
}


def quoted(note: str) -> str:
    """A note quoted at the end of a sentence, with the sentence's stop: ': “It was 9 v 7.”' (its own stop closes
    the sentence, never '.”.'), ': “I won”.', or just '.' for no note."""
    if not note:
        return "."
    return f": \u201c{note}\u201d" + ("" if note.rstrip()[-1:] in ".!?\u2026" else ".")
