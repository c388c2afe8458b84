"""Swiss pairing of `docs/tournament-rules.md`, "Swiss pairing" and "Byes".

The round is a maximum-weight, maximum-cardinality matching (Edmonds'
blossom, from rustworkx) over the pairs the absolute rules allow.  Each
pair's weight is one integer whose digits, most significant first, are the
spec's criteria in priority order (see `Criteria`), so the heaviest perfect
matching is the best pairing on criterion 1, then on the floaters, then 2,
then 3, then 4.

Criterion 1 (pair score differences) has a lower bound that any pairing
must meet: every "odd cut" (a place in the ranking between two score
groups with an odd number of players above it) is crossed by at least one
pair, at least as wide as the gap between those two groups (see
`criterion_one_bound`).  When a pairing reaches the bound, it is optimal on
criterion 1, and then exactly one pair crosses each odd cut and none
crosses any other: the round falls apart into the groups and one floater
pair per odd cut.  Large fields are paired that way (`pair_by_groups`);
whatever cannot be proven optimal so is paired by the exact solver over the
whole field (`pair_exact`).
"""

from __future__ import annotations

import random

from ..domain.text import format_vp
from .criteria import Groups, bye_refused, ranking_order
from .matching import EXACT_FIELD, pair_by_groups, pair_exact
from .model import Entrant, PairingImpossible, RoundPairing, Table
from .sides import orient

# --- the whole round --------------------------------------------------------------


def pair_swiss(entrants: list[Entrant], round_number: int, rng: random.Random | None = None) -> RoundPairing:
    """The pairing for `round_number` among the active entrants.

    Raises `PairingImpossible` when no pairing obeys the absolute rules.
    `rng` draws the first board's first player in round 1.
    """
    ranked = ranking_order([e for e in entrants if e.active])
    if round_number == 1:
        return _first_round(ranked, rng or random.Random(0))
    bye, bye_reason, ranked, pairs, notes = _pair_with_bye(ranked)
    return RoundPairing(round_number, _tables(pairs, ranked), bye, bye_reason, notes)


def _first_round(ranked: list[Entrant], rng: random.Random) -> RoundPairing:
    """Seed order, top half against bottom half, first move alternating from a drawn start."""
    bye, bye_reason = None, ""
    if len(ranked) % 2:
        bye, bye_reason = ranked[-1].id, f"{ranked[-1].label}: the lowest seed takes the bye"
        ranked = ranked[:-1]
    half = len(ranked) // 2
    top_first = rng.random() < 0.5
    tables = []
    for board in range(half):
        top, bottom = ranked[board], ranked[board + half]
        top_plays_first = top_first == (board % 2 == 0)
        first, second = (top, bottom) if top_plays_first else (bottom, top)
        tables.append(
            Table(first.id, second.id, f"round 1: seed {board + 1} v seed {board + half + 1}; first move "
                  + ("drawn at random" if board == 0 else "alternates down the boards"))
        )
    return RoundPairing(1, tables, bye, bye_reason)


def _pair_with_bye(ranked: list[Entrant]):
    """The bye (if the field is odd) and the pairing of the rest.

    The bye goes to the lowest-ranked eligible player whose removal leaves a
    legal pairing; the pairing itself is the proof that one exists.
    """
    if len(ranked) % 2 == 0:
        pairs, notes = _pair(ranked)
        return None, "", ranked, pairs, notes
    fewest = min(e.byes for e in ranked)
    # Those the absolute rule lets take it (`bye_refused`); once everyone has had
    # one, the fewest go first, but anyone may take it if need be.
    eligible = sorted(
        (e for e in reversed(ranked) if bye_refused(e, ranked) is None),
        key=lambda e: e.byes,
    )
    skipped = []
    for candidate in eligible:
        rest = [e for e in ranked if e.id != candidate.id]
        try:
            pairs, notes = _pair(rest)
        except PairingImpossible:
            skipped.append(candidate)
            continue
        if fewest == 0:
            reason = f"{candidate.label}: the lowest-ranked player without a bye or forfeit win"
        elif candidate.byes == fewest:
            reason = f"{candidate.label}: every player has had a bye; the lowest-ranked of those with fewest"
        else:
            reason = f"{candidate.label}: every player has had a bye, and no one with fewer can take it"
        if skipped:
            reason += (
                "; not " + ", ".join(e.label for e in skipped) + ", whose bye would leave no pairing without a rematch"
            )
        return candidate.id, reason, rest, pairs, notes
    raise PairingImpossible(
        "No player can take the bye and leave a pairing without rematches: pair this round by hand.",
        [e.id for e in eligible],
    )


def _pair(ranked: list[Entrant]) -> tuple[list[tuple[Entrant, Entrant]], list[str]]:
    if not ranked:
        return [], []
    if len(ranked) > EXACT_FIELD:
        by_groups = pair_by_groups(ranked)
        if by_groups is not None:
            return by_groups, []
        notes = ["the field could not be paired group by group; paired as a whole"]
    else:
        notes = []
    return pair_exact(ranked), notes


# --- the tables and their reasons -------------------------------------------------------------


def _tables(pairs: list[tuple[Entrant, Entrant]], ranked: list[Entrant]) -> list[Table]:
    rank = {e.id: i for i, e in enumerate(ranked)}
    groups = Groups.of(ranked)
    tables = []
    for a, b in pairs:
        higher, lower = (a, b) if rank[a.id] < rank[b.id] else (b, a)
        way = orient(higher, lower)
        if higher.half_points == lower.half_points:
            size = groups.size[higher.id]
            where = (
                f"score group {format_vp(higher.half_points)} VP: "
                f"{groups.position[higher.id] + 1} v {groups.position[lower.id] + 1} of {size}"
            )
        else:
            where = (
                f"{higher.label} floated down from {format_vp(higher.half_points)} VP "
                f"to meet {lower.label} on {format_vp(lower.half_points)} VP"
            )
        tables.append((rank[higher.id], Table(way.first.id, way.second.id, f"{where}; {way.why}")))
    return [table for _, table in sorted(tables, key=lambda t: t[0])]
