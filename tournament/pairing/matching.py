"""Solving a Swiss round: one maximum-weight matching over the whole field, or group by group on large fields.

See `tournament.pairing.swiss` for why a pairing that meets criterion 1's
lower bound splits into the score groups plus one floater pair per odd cut.
"""

from __future__ import annotations

import bisect

import rustworkx

from .criteria import Criteria, allowed, criterion_one_bound
from .model import Entrant, PairingImpossible
from .model import FIRST, SECOND
from .sides import better_way_costs, orient, own_costs, preference

# Fields up to this size are paired exactly in one matching; larger ones by groups.
EXACT_FIELD = 160
# Groups up to this size are matched on their complete graph.
COMPLETE_GROUP = 120
WINDOW = 12



# --- the exact solver ----------------------------------------------------------------


def matching(nodes: list[Entrant], edges: list[tuple[int, int, int]]) -> list[tuple[Entrant, Entrant]]:
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    graph.add_edges_from(edges)
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs = []
    for u, v in matched:
        i, j = (u, v) if u < v else (v, u)
        pairs.append((nodes[i], nodes[j]))
    return pairs


def smallest_feasible_gap(ranked: list[Entrant]) -> int:
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
        if len(matching(ranked, edges)) * 2 == len(ranked):
            return limit
    unmatched = unmatchable(ranked)
    raise PairingImpossible(
        "No pairing avoids a rematch: pair this round by hand. Players who cannot all be placed: "
        + ", ".join(e.label for e in unmatched),
        [e.id for e in unmatched],
    )


def unmatchable(ranked: list[Entrant]) -> list[Entrant]:
    edges = [
        (i, j, 1) for i in range(len(ranked)) for j in range(i + 1, len(ranked)) if allowed(ranked[i], ranked[j])
    ]
    matched = {e.id for pair in matching(ranked, edges) for e in pair}
    return [e for e in ranked if e.id not in matched]


def pair_exact(ranked: list[Entrant]) -> list[tuple[Entrant, Entrant]]:
    """The optimal pairing of an even, ranked field, by one weighted matching."""
    limit = smallest_feasible_gap(ranked)
    candidates = [
        (i, j)
        for i in range(len(ranked))
        for j in range(i + 1, len(ranked))
        if ranked[i].half_points - ranked[j].half_points <= limit and allowed(ranked[i], ranked[j])
    ]
    levels = sorted({ranked[i].half_points - ranked[j].half_points for i, j in candidates} - {0})
    criteria = Criteria(ranked, levels)
    edges = [(i, j, criteria.weight(ranked[i], ranked[j])) for i, j in candidates]
    pairs = matching(ranked, edges)
    assert len(pairs) * 2 == len(ranked)
    return pairs


# --- large fields, group by group ---------------------------------------------------------


def pair_by_groups(ranked: list[Entrant]) -> list[tuple[Entrant, Entrant]] | None:
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
    A widening is only made when it can improve the result: the bound is
    met by some pairing of the whole group whenever it is large beside the
    games its players have played among themselves (`bound_is_reached`);
    otherwise the group is small and matched whole at once.
    """
    if not group:
        return []
    criteria = Criteria(group, [])
    if len(group) <= COMPLETE_GROUP or not bound_is_reached(group):
        candidates = [(i, j) for i in range(len(group)) for j in range(i + 1, len(group)) if allowed(group[i], group[j])]
        pairs = matching(group, [(i, j, criteria.weight(group[i], group[j])) for i, j in candidates])
        return pairs if len(pairs) * 2 == len(group) else None
    bounds = side_bounds(group)
    width = WINDOW
    while True:
        candidates = _window(group, width)
        pairs = matching(group, [(i, j, criteria.weight(group[i], group[j])) for i, j in candidates])
        if len(pairs) * 2 == len(group) and _side_costs(pairs) == bounds:
            return pairs
        if width >= len(group):
            return pairs if len(pairs) * 2 == len(group) else None
        width *= 4


def side_bounds(group: list[Entrant]) -> tuple[int, int]:
    """The fewest criterion-2 faults, and then criterion-3 unmet preferences, any pairing of `group` can have
    when rematches are left aside: a lower bound on every pairing's (faults, unmet), compared in that order.

    Each pair has one player on each side, so a pairing of the group gives
    half of it the first move, and its faults and unmet preferences are each
    player's own on the side they play (`own_costs`).  The fewest over every
    such half are those of the players whom the first move costs least
    against the second: a fault nobody can avoid (a player faulting on
    either side) is counted, as are the faults of too many players who must
    play the same side.  Any half is some pairing's when rematches allow.
    """
    scale = len(group) + 1  # more than the unmet preferences a group can have: faults weigh more than any number
    first_costs = [_own_cost(player.sides, FIRST, scale) for player in group]
    second_costs = [_own_cost(player.sides, SECOND, scale) for player in group]
    extra = sorted(f - s for f, s in zip(first_costs, second_costs))
    total = sum(second_costs) + sum(extra[: len(group) // 2])
    return divmod(total, scale)


def _own_cost(sides: str, side: str, scale: int) -> int:
    """`own_costs` as one number: faults times `scale`, plus the unmet preference."""
    fault_count, unmet = own_costs(sides, side)
    return fault_count * scale + unmet


def bound_is_reached(group: list[Entrant]) -> bool:
    """Whether some pairing of `group`, rematches and all, meets `side_bounds`.

    True when each half of the group is at least twice the most games any of
    its players has played inside it (d): then any half of the group can be
    paired against the other half without a rematch (Hall's condition: a set
    of up to n/2 − d players of one half meets at least n/2 − d of the other,
    and a larger one, over d, meets every player of it), in particular the
    half that meets the bound.
    """
    ids = {e.id for e in group}
    barred: dict[int, set[int]] = {e.id: set() for e in group}
    for player in group:
        for opponent in player.opponents & ids:  # either player's record of the game bars the pair (`rematch`)
            barred[player.id].add(opponent)
            barred[opponent].add(player.id)
    return len(group) // 2 >= 2 * max(len(b) for b in barred.values())


def _side_costs(pairs) -> tuple[int, int]:
    """A pairing's criterion-2 faults and criterion-3 unmet preferences, each pair the better way round."""
    costs = [better_way_costs(a, b) for a, b in pairs]
    return sum(c[0] for c in costs), sum(c[1] for c in costs)


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
