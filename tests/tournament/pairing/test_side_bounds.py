"""The lower bound on first-move faults and unmet preferences of a score group (`matching.side_bounds`).

A large score group is paired on a window of candidates, widened until its
pairing meets this bound: a bound above what some pairing can
reach would never be met, and one below what any can reach (an unavoidable
fault not counted) would widen the window to the whole group, minutes on a
3,000-player group.  Here the bound is checked against every pairing of
small groups, with faults and preferences worked out independently of the
engine (`test_bruteforce.side_faults`, `wanted` below).
"""

from __future__ import annotations

import random
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.pairing.test_bruteforce import have_met, legal_matchings, side_faults
from tournament.pairing import Entrant, matching
from tournament.pairing.matching import bound_is_reached, side_bounds


def wanted(history: str) -> str | None:
    """The side a player prefers (spec, criterion 3, read as the engine's README says): the one side that breaks
    nothing when the other would; else the side that evens firsts and seconds; else the other side from last
    time; nobody's preference before their first game."""
    if not history:
        return None
    clean = [side for side in "FS" if not side_faults(history, side)]
    if len(clean) == 1:
        return clean[0]
    if history.count("F") != history.count("S"):
        return "S" if history.count("F") > history.count("S") else "F"
    return "S" if history[-1] == "F" else "F"


def pair_costs(a: Entrant, b: Entrant) -> tuple[int, int]:
    """(faults, unmet) of a pair the better way round, faults first."""
    def costs(first, second):
        return (side_faults(first.sides, "F") + side_faults(second.sides, "S"),
                (wanted(first.sides) not in (None, "F")) + (wanted(second.sides) not in (None, "S")))
    return min(costs(a, b), costs(b, a))


def best_pairing_costs(group: list[Entrant]) -> tuple[int, int] | None:
    """The fewest (faults, unmet), faults first, over every pairing without a rematch; None if there is none."""
    totals = [tuple(map(sum, zip(*(pair_costs(a, b) for a, b in pairs)))) for pairs in legal_matchings(group)]
    return min(totals, default=None)


@st.composite
def groups(draw, rematches: bool = True):
    size = draw(st.sampled_from([2, 4, 6, 8]))
    histories = draw(st.lists(st.text("FS", max_size=6), min_size=size, max_size=size))
    met = {i: set() for i in range(size)}
    if rematches:
        for i in range(size):
            for j in range(i + 1, size):
                if draw(st.integers(0, 3)) == 0:
                    met[i].add(j + 1)
                    met[j].add(i + 1)
    return [Entrant(i + 1, i + 1, 4, frozenset(met[i]), history) for i, history in enumerate(histories)]


def test_a_fault_nobody_can_avoid_is_counted():
    # Ann has played first, first, first, second, first, first: first again is a third first in a row and
    # 6 firsts to 1 second (2 faults); second leaves 5 firsts to 2 seconds, still more than 2 apart (1 fault).
    # Ben has played nothing. Best: Ann second, Ben first: 1 fault, and Ann's preference (second, to even her
    # sides) is met; Ben has none. A bound of 0 faults would never be met.
    ann, ben = Entrant(1, 1, 4, frozenset(), "FFFSFF"), Entrant(2, 2, 4, frozenset(), "")
    assert side_bounds([ann, ben]) == (1, 0)


def test_too_many_players_who_must_play_first_fault_among_themselves():
    # Four players on SS (second again is a third second in a row and 0 firsts to 3 seconds: 2 faults; first
    # breaks nothing, so each must play first) and two on FS (nothing broken either way; each prefers first,
    # to alternate). Three play first: at least one SS player plays second, 2 faults; he and both FS players
    # play second against their preference: 3 unmet.
    group = [Entrant(i, i, 4, frozenset(), "SS") for i in range(1, 5)]
    group += [Entrant(i, i, 4, frozenset(), "FS") for i in (5, 6)]
    assert side_bounds(group) == (2, 3)


@settings(max_examples=60, deadline=None)
@given(groups())
def test_the_bound_never_exceeds_the_best_pairing(group):
    best = best_pairing_costs(group)
    if best is not None:
        assert side_bounds(group) <= best


@settings(max_examples=40, deadline=None)
@given(groups(rematches=False))
def test_the_bound_is_the_best_pairing_when_nobody_has_met(group):
    assert side_bounds(group) == best_pairing_costs(group)


@settings(max_examples=40, deadline=None)
@given(groups())
def test_the_bound_is_reached_when_the_group_is_large_beside_its_games(group):
    if bound_is_reached(group):
        assert side_bounds(group) == best_pairing_costs(group)


def test_a_large_group_with_an_unavoidable_fault_is_paired_without_widening_the_window():
    # 300 players on the same VP who have not met, with even histories, and one with five firsts out of six:
    # the first window's pairing meets the bound (1 fault, the unavoidable one), so no wider one is tried
    # (a bound too low would widen the window to the whole group).
    rng = random.Random(5)
    group = [Entrant(i, i, 8, frozenset(), rng.choice(["FSFSFS", "SFSFSF", "FSSFFS", "SFFSSF"])) for i in range(1, 301)]
    group[150] = Entrant(151, 151, 8, frozenset(), "FFFSFF")
    widths = []
    real_window = matching._window

    def window(players, width):
        widths.append(width)
        return real_window(players, width)

    with mock.patch.object(matching, "_window", window):
        pairs = matching._pair_group(group)
    assert widths == [matching.WINDOW]
    assert sum(pair_costs(a, b)[0] for a, b in pairs) == 1
    assert not any(have_met(a, b) for a, b in pairs)


def test_a_complete_first_window_that_misses_the_bound_is_widened_to_the_optimum():
    # 200 players on the same VP: the odd-numbered played second then first ("SF": each wants second), the
    # even-numbered first then second ("FS": each wants first), so 100 want each side and every preference can be met
    # (the bound is 0 faults, 0 unmet).  Player 1 has already met every player wanting first that the first
    # window offers him (24 of them, under the 50 the group allows: `bound_is_reached`): that window's pairing
    # is complete, yet gives him someone who also wants second (1 unmet); a wider window meets every preference.
    group = [Entrant(i, i, 8, frozenset(), "SF" if i % 2 else "FS") for i in range(1, 201)]
    offered = {j for pair in matching._window(group, matching.WINDOW) if 0 in pair for j in pair if j != 0}
    met = frozenset(group[j].id for j in offered if group[j].sides == "FS")
    assert 12 <= len(met) <= 50
    group[0] = Entrant(1, 1, 8, met, "SF")
    assert bound_is_reached(group) and side_bounds(group) == (0, 0)
    pairs = matching._pair_group(group)
    assert len(pairs) == 100 and not any(have_met(a, b) for a, b in pairs)
    assert sum(pair_costs(a, b)[1] for a, b in pairs) == 0  # the optimum, not the first complete window's 1


def test_a_large_fields_floater_pair_is_the_one_without_a_fault_among_those_as_near():
    # Group by group (a field over EXACT_FIELD): three on 2 VP over three on 0 VP, so one player floats down.
    # The nearest pair, the bottom of the top group (3) and the top of the lower one (4), have met; the two next
    # nearest are 3 v 5, who have each played first twice running (whoever plays first faults), and 2 v 4, who
    # want opposite sides (no fault): the floater pair is 2 v 4.
    top = [Entrant(1, 1, 4, frozenset(), "FS"), Entrant(2, 2, 4, frozenset(), "SF"),
           Entrant(3, 3, 4, frozenset({4}), "FF")]
    low = [Entrant(4, 4, 0, frozenset({3}), "FS"), Entrant(5, 5, 0, frozenset(), "FF"),
           Entrant(6, 6, 0, frozenset(), "SF")]
    pairs = matching.pair_by_groups(top + low)
    floaters = [{a.id, b.id} for a, b in pairs if a.half_points != b.half_points]
    assert floaters == [{2, 4}]
