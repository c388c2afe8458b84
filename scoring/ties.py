"""Why players level on VP stand as they do, in words: for each such group, what head-to-head decided.

The standings page says it under the table, so that a reader who sees a
player with H2H 2 below one with H2H 0 learns that the H2H column was not
applied to their group (docs/tournament-rules.md, "Standings order", criterion 2).

Nothing is decided here: `scoring.head_to_head.decide` made the decision
when the standings were ranked (`scoring.standings.rank`), and this module
only words the value it returned.  Pure, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tournament.domain.text import format_vp

from .head_to_head import Case, HeadToHeadSplit
from .tally import Tally

PD_THEN_LEVEL = "progressive difference decides, then level"


@dataclass(frozen=True)
class TieNote:
    """One group of players level on VP, in standings order, and what head-to-head did to it."""

    vp: str
    names: tuple[str, ...]  # as shown (`PlayerRecord.label`): a same-named pair told apart
    sentence: str
    applied: bool  # head-to-head split the group: its H2H numbers count
    player_ids: frozenset[int]
    decision: HeadToHeadSplit  # what head-to-head decided, which the sentence words


def tie_notes(level_on_vp: Sequence[Sequence[Tally]], decisions: dict, places: dict[int, int]) -> list[TieNote]:
    """A note per group of two or more players level on VP, best group first.

    `level_on_vp` and `decisions` as `scoring.standings.Ranking` holds them; `places`: each player's index in the
    standings, for the order of the names.  A group head-to-head was not applied to (an order without it) has no
    note.
    """
    notes = []
    for level in level_on_vp:
        if len(level) < 2:
            continue
        ids = frozenset(t.player.id for t in level)
        decision = decisions.get(("head_to_head", ids))
        if decision is None:
            continue
        group = sorted(level, key=lambda t: places[t.player.id])
        notes.append(TieNote(format_vp(group[0].half_points), tuple(t.player.label for t in group), explain(decision),
                             decision.splits, ids, decision))
    return notes


def unapplied_head_to_head(notes: Sequence[TieNote]) -> frozenset[int]:
    """The players whose H2H number head-to-head did not apply to their VP group: every page and sheet that
    shows the H2H column greys it out for them, so nobody reads a number that placed nobody."""
    return frozenset(player for note in notes if not note.applied for player in note.player_ids)


def _names(group: Sequence[Tally]) -> str:
    names = [t.player.label for t in group]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain(decision: HeadToHeadSplit) -> str:
    """The sentence for one VP group: the case head-to-head found, then what it did again inside the parts."""
    if decision.case == Case.ORDERED:
        return ("They all played each other, so they stand in the order of the VP they scored against each other "
                "(H2H)" + _level_parts(decision) + ".")
    if decision.case == Case.LEVEL:
        return ("They all played each other and scored the same against each other: head-to-head does not split "
                f"them, so {PD_THEN_LEVEL}.")
    if decision.case == Case.ENDS:
        return "Not all of them played each other, but " + _ends(decision, "the group", "the rest") + "."
    return ("Not all of them played each other, and nobody played and won (or lost) every game against all the "
            f"others: H2H is not applied (struck through); {PD_THEN_LEVEL}.")


def _ends(decision: HeadToHeadSplit, whom: str, rest: str) -> str:
    """Case.ENDS: who stands first and last of `whom`, then what became of the players between (`rest`: how the
    sentence names them)."""
    parts = []
    if decision.winners:
        parts.append(f"{_names(decision.winners)} played and won every game against the others, so stands first")
    if decision.losers:
        parts.append(f"{_names(decision.losers)} played and lost every game against the others, so stands last")
    inner = decision.again_for(decision.rest) if decision.rest else None
    return "; ".join(parts) + f" of {whom}" + _rest(inner, rest)


def _rest(inner: HeadToHeadSplit | None, rest: str) -> str:
    """What head-to-head, applied again among the players between the first and the last, did to them.  Those
    players are never all met (the first and the last met everyone, so the pair that did not meet is among them):
    the criterion finds a first or a last among them again, or splits nothing."""
    if inner is None:  # nobody between, or one player: nothing left to order
        return ""
    if inner.case == Case.NOT_APPLIED:
        return f"; {rest} are ordered by progressive difference, then level"
    return f"; among {_names(inner.group)}, head-to-head applies again: " + _ends(inner, "them", _names(inner.rest))


def _level_parts(decision: HeadToHeadSplit) -> str:
    """Case.ORDERED: the players level on head-to-head VP, ordered again by their games against each other (they
    all met, so the criterion orders them by VP again, or finds them level)."""
    clauses = []
    for part in decision.parts:
        inner = decision.again_for(part)
        if inner is None:
            continue
        if inner.splits:
            clauses.append(f"; {_names(part)}, level on that, are ordered by their games against each other")
        else:
            clauses.append(f"; {_names(part)}, level on that, scored the same against each other, so {PD_THEN_LEVEL}")
    return "".join(clauses)
