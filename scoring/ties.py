"""Why players level on VP stand as they do: for each such group, whether head-to-head split it, and if not why.

The standings page says it under the table, so that a reader who sees a
player with H2H 2 below one with H2H 0 learns that the H2H column was not
applied to their group (tournament.md, "Standings order", criterion 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.domain.text import format_vp

from .metrics import everyone_has_met, groups_by, head_to_head_half_points, lost_every_game, won_every_game
from .standings import Tally, standings, tallies


@dataclass(frozen=True)
class TieNote:
    """One group of players level on VP, in standings order, and what head-to-head did to it."""

    vp: str
    names: tuple[str, ...]
    sentence: str
    applied: bool  # head-to-head split the group: its H2H numbers count
    player_ids: frozenset[int]


def tie_notes(record, lines=None) -> list[TieNote]:
    """A note per group of two or more players level on VP, best group first (`lines`: the standings, if made)."""
    order = {line.player_id: index for index, line in enumerate(lines if lines is not None else standings(record))}
    level: dict[int, list[Tally]] = {}
    for tally in tallies(record):
        level.setdefault(tally.half_points, []).append(tally)
    notes = []
    for half_points in sorted(level, reverse=True):
        group = sorted(level[half_points], key=lambda t: order[t.player.id])
        if len(group) < 2:
            continue
        sentence, applied = explain(group)
        notes.append(TieNote(format_vp(half_points), tuple(t.player.name for t in group), sentence, applied,
                             frozenset(t.player.id for t in group)))
    return notes


def unapplied_head_to_head(notes: list[TieNote]) -> frozenset[int]:
    """The players whose H2H number head-to-head did not apply to their VP group: every page and sheet that
    shows the H2H column greys it out for them, so nobody reads a number that placed nobody."""
    return frozenset(player for note in notes if not note.applied for player in note.player_ids)


def _names(group: list[Tally]) -> str:
    names = [t.player.name for t in group]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain(group: list[Tally]) -> tuple[str, bool]:
    """The sentence for one VP group, and whether head-to-head split it."""
    if everyone_has_met(group):
        if len(groups_by(group, lambda t: head_to_head_half_points(t, group))) > 1:
            return ("They all played each other, so they stand in the order of the VP they scored against each "
                    "other (H2H).", True)
        return ("They all played each other and scored the same against each other: head-to-head does not split "
                "them, so progressive difference decides, then progressive level.", False)
    winners = [t for t in group if won_every_game(t, group)]
    losers = [t for t in group if lost_every_game(t, group)]
    if winners or losers:
        parts = []
        if winners:
            parts.append(f"{_names(winners)} played and won every game against the others, so stands first")
        if losers:
            parts.append(f"{_names(losers)} played and lost every game against the others, so stands last")
        return ("Not all of them played each other, but " + "; ".join(parts) + " of the group; the rest are "
                "ordered by progressive difference, then level.", True)
    return ("Not all of them played each other, and nobody played and won (or lost) every game against all the "
            "others: H2H is not applied (struck through); progressive difference decides, then level.", False)
