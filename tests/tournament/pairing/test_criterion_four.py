"""Criterion 4 of "Swiss pairing" (`docs/tournament-rules.md`).

Within a score group the top half meets the bottom half in ranking order
(1 v n/2+1, 2 v n/2+2, ...).  Measured: first the number of pairs whose two
players are in the same half of their group (fewer is better; the middle
player of an odd group is in the bottom half), then the sum over the group's
pairs of |(lower's place − higher's place) − ⌊n/2⌋| (smaller is better).
Each case is built so that criteria 1–3 tie and only criterion 4 decides;
the values are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from tournament.pairing import Entrant, pair_swiss
from tournament.pairing.criteria import halves


@pytest.mark.parametrize("higher, lower, size, expected", [
    (0, 6, 13, (0, 0)),  # 1 v 7 in a group of 13 (⌊13/2⌋ = 6): the ideal pair
    (0, 3, 13, (1, 3)),  # 1 v 4: both in the top half (places 1–6), 3 from the ideal
    (5, 6, 13, (0, 5)),  # 6 v 7: the middle player (7th of 13) is in the bottom half
    (6, 7, 13, (1, 5)),  # 7 v 8: both in the bottom half
    (1, 2, 4, (0, 1)),  # 2 v 3 of 4: across the halves 1–2 and 3–4, 1 from the ideal
])
def test_a_pairs_halves_and_distance(higher, lower, size, expected):
    assert halves(higher, lower, size) == expected


def test_fewer_pairs_within_one_half_decides_where_the_distance_ties():
    # Six players, all on ½ VP after drawing round 1: Ben (first) v Ann, Cat (first) v Eve, Fay (first) v Dan.
    # Places in the group: Ann 1, Ben 2, Cat 3 | Dan 4, Eve 5, Fay 6.  Nobody can fault on criterion 2
    # after one game; criterion 3: Ann, Dan, Eve played second and prefer first, Ben, Cat, Fay second.
    # With no rematch, only two pairings meet every preference (each "first" against a "second"):
    #   A: Ann–Cat, Dan–Ben, Eve–Fay — places 1v3 and 5v6 within one half (2 pairs);
    #      distances |2−3| + |2−3| + |1−3| = 4;
    #   B: Ann–Fay, Dan–Cat, Eve–Ben — every pair across the halves (0 pairs);
    #      distances |5−3| + |1−3| + |3−3| = 4.
    # The distance alone ties (4 = 4); the pairs within one half decide: B.
    sides = {1: "S", 2: "F", 3: "F", 4: "S", 5: "S", 6: "F"}
    met = {1: {2}, 2: {1}, 3: {5}, 5: {3}, 4: {6}, 6: {4}}
    names = dict(zip(range(1, 7), ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]))
    field = [Entrant(i, i, 1, frozenset(met[i]), sides[i], name=names[i]) for i in range(1, 7)]
    pairing = pair_swiss(field, 2)
    # Each table's first player is the one who prefers first; tables in the order of the higher-ranked.
    assert pairing.pairs == [(1, 6), (5, 2), (4, 3)]
    assert "score group ½ VP: 1 v 6 of 6" in pairing.tables[0].reason


def test_top_half_meets_bottom_half_when_first_moves_allow_either():
    # Four on equal VP: Ann FF, Ben SS, Cat FF, Dan SS (past opponents elsewhere).  Criterion 2 bars Ann–Cat
    # and Ben–Dan; Ann–Ben with Cat–Dan and Ann–Dan with Ben–Cat both have no fault and no unmet preference.
    # Distances: |1−2| + |1−2| = 2 against |3−2| + |1−2| = 2, a tie; within one half: 2 pairs against 0.
    ghosts = iter(range(100, 200))
    field = [Entrant(i, i, 2, frozenset({next(ghosts), next(ghosts)}), sides, name=name)
             for i, (name, sides) in enumerate([("Ann", "FF"), ("Ben", "SS"), ("Cat", "FF"), ("Dan", "SS")], 1)]
    pairing = pair_swiss(field, 3)
    assert pairing.pairs == [(4, 1), (2, 3)]  # Dan first v Ann, Ben first v Cat
