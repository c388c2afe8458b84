"""Each digit of the Swiss pair weight (`pairing.criteria.Criteria`) decides a round, in the spec's order.

`docs/tournament-rules.md`, "Swiss pairing": criterion 1 (pair score
differences), the floaters, criterion 2 (first-move faults), criterion 3
(unmet preferences), criterion 4 (pairs within one half, then the distance
from "1 v n/2+1").  Each field below is built so that two pairings tie on
every digit above the one under test and differ on it, the lower digits
pulling the other way; the expected tables are worked out by hand.
Past opponents are withdrawn players ("ghosts") unless a test names them.
"""

from __future__ import annotations

import itertools

from tournament.pairing import Entrant, pair_swiss

_ghosts = itertools.count(100)


def player(id, name, half_points, sides, opponents=(), byes=0):
    """A player whose past games not against `opponents` were against ghosts."""
    met = set(opponents) | {next(_ghosts) for _ in range(len(sides) - len(opponents))}
    return Entrant(id, id, half_points, frozenset(met), sides, byes, True, name)


def test_first_move_faults_outrank_unmet_preferences():
    # Cat (SFS), Eve (SS, and a bye) and Fay (FF) on 2 VP; Ann (FSS), Ben (FSF) and Dan (SFS) on 1 VP;
    # Ann and Fay have met.  One player floats down; the floater digit is 1 either way:
    #   α: Fay (bottom of 2 VP) meets Ben (2nd of 1 VP; Ann is barred): 0 + 1;
    #   β: Eve (one above the bottom) meets Ann (top of 1 VP): 1 + 0.
    # Preferences: Eve must play first (SS), Fay second (FF), Ann first (FSS); Cat (F 1, S 2) and Dan
    # (F 1, S 2) strongly prefer first, Ben (F 2, S 1) second.
    #   α: Ben–Fay, Eve–Cat, Ann–Dan: 0 faults; 3 unmet (Ben, Cat and Dan each play the side they do not want).
    #   β: Eve–Ann (both must play first: one plays second a third time in a row), Cat–Fay, Dan–Ben:
    #      1 fault; 1 unmet.
    # Criterion 2 comes before criterion 3: α.
    field = [
        player(1, "Ann", 2, "FSS", opponents={6}),
        player(2, "Ben", 2, "FSF"),
        player(3, "Cat", 4, "SFS"),
        player(4, "Dan", 2, "SFS"),
        player(5, "Eve", 4, "SS", byes=1),
        player(6, "Fay", 4, "FF", opponents={1}),
    ]
    assert pair_swiss(field, 4).pairs == [(5, 3), (2, 6), (1, 4)]


def test_unmet_preferences_outrank_top_half_against_bottom_half():
    # Round 1, all drawn (½ VP each): Ann (first) v Cat, Dan (first) v Ben.  Round 2, one score group:
    # Ann 1, Ben 2 | Cat 3, Dan 4.  Ann and Dan prefer second, Ben and Cat first; Ann–Cat and Ben–Dan
    # would be rematches.  Two pairings are left:
    #   A: Ben–Ann and Cat–Dan: every preference met (0 unmet); both pairs within one half;
    #   B: Ann–Dan (both prefer second) and Ben–Cat (both first): 2 unmet; both pairs across the halves.
    # Criterion 3 comes before criterion 4: A.
    field = [
        player(1, "Ann", 1, "F", opponents={3}),
        player(2, "Ben", 1, "S", opponents={4}),
        player(3, "Cat", 1, "S", opponents={1}),
        player(4, "Dan", 1, "F", opponents={2}),
    ]
    assert pair_swiss(field, 2).pairs == [(2, 1), (3, 4)]


def test_pairs_within_one_half_outrank_the_distance_from_one_v_n_over_2_plus_1():
    # Round 1, all drawn: Fay (first) v Ann, Cat (first) v Ben, Eve (first) v Dan.  Round 2, one score group:
    # Ann 1, Ben 2, Cat 3 | Dan 4, Eve 5, Fay 6 (⌊6/2⌋ = 3).  Ann, Ben and Dan prefer first; Cat, Eve and
    # Fay second.  Meeting every preference without a rematch leaves two pairings:
    #   X: Ann–Cat (places 1 v 3, top half), Ben–Eve (2 v 5), Dan–Fay (4 v 6, bottom half):
    #      2 pairs within one half; distance |2−3| + |3−3| + |2−3| = 2;
    #   Y: Ann–Eve (1 v 5), Ben–Fay (2 v 6), Dan–Cat (3 v 4): no pair within one half;
    #      distance |4−3| + |4−3| + |1−3| = 4.
    # Criterion 4 counts the pairs within one half first: Y.  (The distance alone would choose X.)
    field = [
        player(1, "Ann", 1, "S", opponents={6}),
        player(2, "Ben", 1, "S", opponents={3}),
        player(3, "Cat", 1, "F", opponents={2}),
        player(4, "Dan", 1, "S", opponents={5}),
        player(5, "Eve", 1, "F", opponents={4}),
        player(6, "Fay", 1, "F", opponents={1}),
    ]
    assert pair_swiss(field, 2).pairs == [(1, 5), (2, 6), (4, 3)]
