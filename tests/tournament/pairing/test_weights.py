"""Pair weights stay within what rustworkx's matching takes (a signed 128-bit integer)."""

import pytest
import rustworkx

from tournament.pairing import Entrant
from tournament.pairing.criteria import MAX_WEIGHT_BITS, Criteria
from tournament.pairing.matching import matching


def test_rustworkx_takes_our_widest_weights_and_refuses_wider():
    top = 1 << MAX_WEIGHT_BITS
    nodes = [Entrant(i, i) for i in range(4)]
    # The heaviest perfect matching is 0-3 + 1-2 (2 top + 21) against 0-1 + 2-3 (2 top + 10).
    pairs = matching(nodes, [(0, 1, top + 5), (2, 3, top + 5), (1, 2, top + 20), (0, 3, top + 1)])
    assert sorted((a.id, b.id) for a, b in pairs) == [(0, 3), (1, 2)]
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(2))
    graph.add_edge(0, 1, 1 << 130)
    with pytest.raises(OverflowError):
        rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)


def field(players, groups):
    return [Entrant(i + 1, i + 1, half_points=2 * (i % groups)) for i in range(players)]


@pytest.mark.parametrize("players, levels", [(160, 6), (160, 10), (2500, 2), (5000, 3)])
def test_weights_fit_for_the_largest_matchings_we_build(players, levels):
    # The exact solver sees at most EXACT_FIELD players with many score-difference
    # levels; the group solver sees big groups with none; in between, a few levels.
    criteria = Criteria(field(players, levels + 1), list(range(1, levels + 1)))
    assert criteria.bits <= MAX_WEIGHT_BITS


def test_criterion_four_gives_way_before_the_weights_overflow():
    criteria = Criteria(field(5000, 7), list(range(1, 7)))
    assert criteria.split_radix == 1
    assert criteria.bits <= MAX_WEIGHT_BITS
