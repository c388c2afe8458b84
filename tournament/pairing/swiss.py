"""Swiss pairing of `shared/spec/tournament.md`, "Swiss pairing" and "Byes".

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
pair per odd cut.  Large fields are paired that way (`_pair_by_groups`);
whatever cannot be proven optimal so is paired by the exact solver over the
whole field (`_pair_exact`).
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass

import rustworkx

from ..domain.text import format_vp
from .model import Entrant, PairingImpossible, RoundPairing, Table
from .sides import ABSOLUTE, orient, preference

# The widest weight rustworkx takes is a signed 128-bit integer; stay well under it.
MAX_WEIGHT_BITS = 110
# Fields up to this size are paired exactly in one matching; larger ones by groups.
EXACT_FIELD = 160
# Groups up to this size are matched on their complete graph.
COMPLETE_GROUP = 120
WINDOW = 12


def ranking_order(entrants: list[Entrant]) -> list[Entrant]:
    """VP, higher first, then seed order: tie-breaks play no part in pairing."""
    return sorted(entrants, key=lambda e: (-e.half_points, e.seed))


def allowed(a: Entrant, b: Entrant) -> bool:
    """The absolute rule on pairs: no two players meet twice."""
    return b.id not in a.opponents and a.id not in b.opponents


def criterion_one_bound(ranked: list[Entrant]) -> list[int]:
    """The smallest possible list of pair score differences (half-points, largest first)."""
    gaps = []
    above = 0
    for i, player in enumerate(ranked[:-1]):
        above += 1
        following = ranked[i + 1]
        if following.half_points != player.half_points and above % 2:
            gaps.append(player.half_points - following.half_points)
    return sorted(gaps, reverse=True)


def score_differences(pairs: list[tuple[Entrant, Entrant]]) -> list[int]:
    return sorted((abs(a.half_points - b.half_points) for a, b in pairs), reverse=True)


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
    # While anyone has had no bye, only those may take it (an absolute rule).  Once
    # everyone has had one, the fewest go first, but anyone may take it if need be.
    eligible = sorted(
        (e for e in reversed(ranked) if fewest > 0 or e.byes == 0),
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
        by_groups = _pair_by_groups(ranked)
        if by_groups is not None:
            return by_groups, []
        notes = ["the field could not be paired group by group; paired as a whole"]
    else:
        notes = []
    return _pair_exact(ranked), notes


# --- the exact solver ----------------------------------------------------------------


@dataclass
class _Groups:
    """Score groups of a ranked list: each player's group size and place in it."""

    size: dict[int, int]
    position: dict[int, int]

    @classmethod
    def of(cls, ranked: list[Entrant]) -> "_Groups":
        size, position = {}, {}
        start = 0
        for i, player in enumerate(ranked + [None]):
            if player is None or player.half_points != ranked[start].half_points:
                for j in range(start, i):
                    size[ranked[j].id] = i - start
                    position[ranked[j].id] = j - start
                start = i
        return cls(size, position)


class Criteria:
    """One pair's weight: its criteria as digits of a mixed-radix integer.

    Digits, most significant first: criterion 1 (a digit per score-difference
    level, base larger than the number of pairs, so one pair at a wider gap
    outweighs any number at narrower ones); the floater choice (how far the
    higher player stands from the bottom of its group plus how far the lower
    one stands from the top of its own); criterion 2 (first-move faults);
    criterion 3 (unmet preferences); criterion 4 (how far the pair stands from
    "1 v n/2+1" in its group).  Each radix exceeds the largest total its digit
    can reach over a whole round, so digits never carry.
    """

    def __init__(self, ranked: list[Entrant], gap_levels: list[int]):
        self.groups = _Groups.of(ranked)
        pairs = len(ranked) // 2
        self.level = {gap: i for i, gap in enumerate(sorted(gap_levels))}
        self.level_base = pairs + 1
        largest_group = max(self.groups.size.values())
        self.float_radix = pairs * 2 * largest_group + 1
        self.faults_radix = pairs * 2 + 1
        self.unmet_radix = pairs * 2 + 1
        self.split_radix = pairs * largest_group + 1
        self.bits = (
            (self.level_base ** len(gap_levels))
            * self.float_radix
            * self.faults_radix
            * self.unmet_radix
            * self.split_radix
        ).bit_length()
        if self.bits > MAX_WEIGHT_BITS:
            self.split_radix = 1  # criterion 4 gives way before the matching overflows
            self.bits = (
                (self.level_base ** len(gap_levels)) * self.float_radix * self.faults_radix * self.unmet_radix
            ).bit_length()
        if self.bits > MAX_WEIGHT_BITS:
            raise OverflowError(f"pair weights would need {self.bits} bits")
        self.ceiling = 1 << self.bits

    def cost(self, higher: Entrant, lower: Entrant) -> tuple[int, object]:
        gap = higher.half_points - lower.half_points
        size, position = self.groups.size, self.groups.position
        score_digit = self.level_base ** self.level[gap] if gap else 0
        floater = (size[higher.id] - 1 - position[higher.id]) + position[lower.id] if gap else 0
        way = orient(higher, lower)
        split = 0
        if not gap and self.split_radix > 1:
            split = abs(position[lower.id] - position[higher.id] - size[higher.id] // 2)
        value = score_digit
        value = value * self.float_radix + floater
        value = value * self.faults_radix + way.faults
        value = value * self.unmet_radix + way.unmet
        value = value * self.split_radix + split
        return value, way

    def weight(self, higher: Entrant, lower: Entrant) -> int:
        return self.ceiling - self.cost(higher, lower)[0]


def _matching(nodes: list[Entrant], edges: list[tuple[int, int, int]]) -> list[tuple[Entrant, Entrant]]:
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    graph.add_edges_from(edges)
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs = []
    for u, v in matched:
        i, j = (u, v) if u < v else (v, u)
        pairs.append((nodes[i], nodes[j]))
    return pairs


def _smallest_feasible_gap(ranked: list[Entrant]) -> int:
    """The smallest largest score difference any legal pairing can have."""
    bound = criterion_one_bound(ranked)
    gaps = sorted({abs(a.half_points - b.half_points) for a in ranked for b in ranked})
    for limit in [g for g in gaps if g >= (bound[0] if bound else 0)]:
        edges = [
            (i, j, 1)
            for i in range(len(ranked))
            for j in range(i + 1, len(ranked))
            if ranked[i].half_points - ranked[j].half_points <= limit and allowed(ranked[i], ranked[j])
        ]
        if len(_matching(ranked, edges)) * 2 == len(ranked):
            return limit
    unmatched = _unmatchable(ranked)
    raise PairingImpossible(
        "No pairing avoids a rematch: pair this round by hand. Players who cannot all be placed: "
        + ", ".join(e.label for e in unmatched),
        [e.id for e in unmatched],
    )


def _unmatchable(ranked: list[Entrant]) -> list[Entrant]:
    edges = [
        (i, j, 1) for i in range(len(ranked)) for j in range(i + 1, len(ranked)) if allowed(ranked[i], ranked[j])
    ]
    matched = {e.id for pair in _matching(ranked, edges) for e in pair}
    return [e for e in ranked if e.id not in matched]


def _pair_exact(ranked: list[Entrant]) -> list[tuple[Entrant, Entrant]]:
    """The optimal pairing of an even, ranked field, by one weighted matching."""
    limit = _smallest_feasible_gap(ranked)
    candidates = [
        (i, j)
        for i in range(len(ranked))
        for j in range(i + 1, len(ranked))
        if ranked[i].half_points - ranked[j].half_points <= limit and allowed(ranked[i], ranked[j])
    ]
    levels = sorted({ranked[i].half_points - ranked[j].half_points for i, j in candidates} - {0})
    criteria = Criteria(ranked, levels)
    edges = [(i, j, criteria.weight(ranked[i], ranked[j])) for i, j in candidates]
    pairs = _matching(ranked, edges)
    assert len(pairs) * 2 == len(ranked)
    return pairs


# --- large fields, group by group ---------------------------------------------------------


def _pair_by_groups(ranked: list[Entrant]) -> list[tuple[Entrant, Entrant]] | None:
    """Pair a large field as its score groups plus one floater pair per odd cut.

    Returns None when that cannot be done with the criterion-1 bound met (then
    the exact solver must decide).  Each floater pair is the cheapest legal
    one on the floater digit; cuts are independent because a group that sends
    one floater down and receives one from above uses its bottom and its top.
    """
    groups: list[list[Entrant]] = []
    for player in ranked:
        if groups and groups[-1][0].half_points == player.half_points:
            groups[-1].append(player)
        else:
            groups.append([player])
    pairs: list[tuple[Entrant, Entrant]] = []
    floated: set[int] = set()
    above = 0
    for upper, lower in zip(groups, groups[1:]):
        above += len(upper)
        if above % 2 == 0:
            continue
        pair = _floater_pair(upper, lower, floated)
        if pair is None:
            return None
        floated.update(e.id for e in pair)
        pairs.append(pair)
    for group in groups:
        rest = [e for e in group if e.id not in floated]
        inside = _pair_group(rest)
        if inside is None:
            return None
        pairs.extend(inside)
    return pairs


def _floater_pair(upper: list[Entrant], lower: list[Entrant], taken: set[int]):
    """The legal floater pair with the lowest floater digit; ties go to criteria 2 and 3."""
    highs = [e for e in reversed(upper) if e.id not in taken]  # from the bottom of the upper group
    lows = [e for e in lower if e.id not in taken]  # from the top of the lower group
    for distance in range(len(highs) + len(lows) - 1):
        options = []
        for i in range(max(0, distance - len(lows) + 1), min(distance, len(highs) - 1) + 1):
            high, low = highs[i], lows[distance - i]
            if allowed(high, low):
                way = orient(high, low)
                options.append((way.faults, way.unmet, i, high, low))
        if options:
            _, _, _, high, low = min(options, key=lambda o: o[:3])
            return high, low
    return None


def _pair_group(group: list[Entrant]) -> list[tuple[Entrant, Entrant]] | None:
    """Pair one score group; None if it cannot be done without a rematch.

    A group of up to COMPLETE_GROUP players is matched on its complete graph.
    A larger one is matched on a window of candidates, widened until the
    result meets the lower bounds of criteria 2 and 3 (`side_bounds`), which
    proves it optimal on them; criterion 4 is then optimal within the window.
    """
    if not group:
        return []
    criteria = Criteria(group, [])
    if len(group) <= COMPLETE_GROUP:
        candidates = [(i, j) for i in range(len(group)) for j in range(i + 1, len(group)) if allowed(group[i], group[j])]
        pairs = _matching(group, [(i, j, criteria.weight(group[i], group[j])) for i, j in candidates])
        return pairs if len(pairs) * 2 == len(group) else None
    width = WINDOW
    while True:
        candidates = _window(group, width)
        pairs = _matching(group, [(i, j, criteria.weight(group[i], group[j])) for i, j in candidates])
        if len(pairs) * 2 == len(group) and _meets_side_bounds(group, pairs):
            return pairs
        if width >= len(group):
            return pairs if len(pairs) * 2 == len(group) else None
        width *= 4


def side_bounds(group: list[Entrant]) -> tuple[int, int]:
    """Lower bounds, ignoring rematches, on criterion-2 faults and criterion-3 unmet preferences.

    Faults: a player who must play first faults only against another who must;
    the surplus of such players over the rest pairs among itself (likewise
    second).  Unmet: after pairing "first" with "second" preferences and the
    surplus with players who have none, what is left pairs among itself.
    """
    size = len(group)
    prefs = [preference(e.sides) for e in group]
    must = {side: sum(1 for p in prefs if p.strength == ABSOLUTE and p.side == side) for side in "FS"}
    fault_bound = sum((max(0, 2 * count - size) + 1) // 2 for count in must.values())
    wants = {side: sum(1 for p in prefs if p.side == side) for side in "FS"}
    indifferent = size - wants["F"] - wants["S"]
    surplus = max(0, abs(wants["F"] - wants["S"]) - indifferent)
    return fault_bound, (surplus + 1) // 2


def _meets_side_bounds(group: list[Entrant], pairs) -> bool:
    faults = unmet = 0
    rank = {e.id: i for i, e in enumerate(group)}
    for a, b in pairs:
        higher, lower = (a, b) if rank[a.id] < rank[b.id] else (b, a)
        way = orient(higher, lower)
        faults += way.faults
        unmet += way.unmet
    return (faults, unmet) == side_bounds(group)


def _window(group: list[Entrant], width: int) -> list[tuple[int, int]]:
    """Candidate opponents in a large group.

    For each player: the `width` players of each preference nearest to the
    ideal opponent (1 v n/2+1), and the `width` players of the opposite
    preference nearest to the same place within their own class, so that a
    surplus of one preference in one half can still meet the other in its own.
    """
    half = len(group) // 2
    by_side: dict[object, list[int]] = {}
    for index, player in enumerate(group):
        by_side.setdefault(preference(player.sides).side, []).append(index)
    class_index = {i: (side, k) for side, members in by_side.items() for k, i in enumerate(members)}
    candidates = set()

    def offer(i: int, members: list[int], centre: int) -> None:
        low = max(0, min(len(members) - width, centre - width // 2))
        for j in members[low : low + width]:
            if j != i and allowed(group[i], group[j]):
                candidates.add((min(i, j), max(i, j)))

    for i in range(len(group)):
        ideal = i + half if i < half else i - half
        for members in by_side.values():
            offer(i, members, bisect.bisect_left(members, ideal))
        side, k = class_index[i]
        if side is not None:
            opposite = by_side.get("S" if side == "F" else "F", [])
            if opposite:
                offer(i, opposite, k * len(opposite) // len(by_side[side]))
    return sorted(candidates)


# --- the tables and their reasons -------------------------------------------------------------


def _tables(pairs: list[tuple[Entrant, Entrant]], ranked: list[Entrant]) -> list[Table]:
    rank = {e.id: i for i, e in enumerate(ranked)}
    groups = _Groups.of(ranked)
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
