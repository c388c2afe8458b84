"""What a draft breaks, worked out by hand on small fields, and against every pairing of random ones.

Players are `Entrant`s named A, B, C...; VP are in half-points (2 = 1 VP);
sides "F" = played first.  A table is (number, first, second); no second is a bye.
"""

import itertools
import random

from tournament.pairing.criteria import allowed, criterion_one_bound, ranking_order, score_differences
from tournament.pairing.draft_check import ABSOLUTE, SCORES, DraftTable as T, bound_reachable, check, check_draft
from tournament.pairing.model import Entrant


def player(number, half_points=0, met=(), sides="", byes=0, active=True):
    return Entrant(number, number, half_points, frozenset(met), sides, byes, active, "ABCDEFGHIJ"[number - 1])


def decided(result):
    """What the check decided: each breach's rule and table, in order (their words are tested once each, in
    test_every_absolute_rule_is_named, test_one_table_wider_than_the_floater_the_field_needs and
    test_first_and_second_rules)."""
    return [(breach.rule, breach.table) for breach in result.breaches]


def test_a_swap_that_puts_one_vp_against_none_when_equal_pairs_exist_is_named():
    # A and B on 1 VP, C and D on 0, nobody has met: A v B and C v D are level tables.
    field = [player(1, 2), player(2, 2), player(3), player(4)]
    assert check(field, [T(1, 1, 2), T(2, 3, 4)]).lines == []
    swapped = check(field, [T(1, 1, 3), T(2, 2, 4)])
    assert decided(swapped) == [(SCORES, 1), (SCORES, 2)]
    assert swapped.differences == [2, 2] and swapped.best == []  # 1 VP at both tables; the best: none
    assert not swapped.breaks_absolute


def test_when_rematches_force_wide_tables_the_best_pairing_is_the_engines_not_the_bound():
    # A met B and C met D: the only pairings without a rematch cross from 1 VP to 0 VP twice.
    field = [player(1, 2, [2]), player(2, 2, [1]), player(3, 0, [4]), player(4, 0, [3])]
    assert check(field, [T(1, 1, 3), T(2, 2, 4)]).lines == []
    assert decided(check(field, [T(1, 1, 2), T(2, 3, 4)])) == [(ABSOLUTE, 1), (ABSOLUTE, 2)]  # two rematches


def test_one_table_wider_than_the_floater_the_field_needs():
    # 3 on 1 VP (A, B, C), 3 on 0 (D, E, F): one table must cross, 1 VP apart.  A v D, B v E, C v F crosses three times.
    field = [player(1, 2), player(2, 2), player(3, 2), player(4), player(5), player(6)]
    assert check(field, [T(1, 1, 2), T(2, 3, 4), T(3, 5, 6)]).lines == []
    lines = check(field, [T(1, 1, 4), T(2, 2, 5), T(3, 3, 6)]).lines
    # the best pairing has one table 1 VP apart, so two of the three are named (the widest first, then table order)
    assert lines == [f"Table {n}: {a} (1 VP) v {b} (0 VP) are 1 VP apart, more than the best pairing needs; "
                     "its score differences: 1 VP at 1 table." for n, a, b in ((2, "B", "E"), (3, "C", "F"))]


def test_every_absolute_rule_is_named():
    field = [player(1, 2, byes=1), player(2, 2, [3]), player(3, 0, [2]), player(4, active=False), player(5),
             player(6), player(7), player(8)]
    # Without a bye so far: B, C, F, G, H (D is withdrawn, E excused): 5.
    result = check(field, [T(1, 2, 3), T(2, 4, 5), T(3, 1), T(4, 6, 6), T(5, 7)], excused={5})
    assert result.breaks_absolute
    assert result.lines == [
        "Table 4: F cannot play themself.",
        "Not placed (1): H: each player needs a table, the bye or an excused absence.",
        "2 byes (tables 3, 5): a round has at most one.",
        "Table 2: D does not play this round (withdrawn, or not yet entered).",
        "Table 2: E is excused from this round.",
        "Table 1: B and C have met before.",
        "Table 3: A gets a second bye (or a bye after a forfeit win) while 5 players have had none.",
    ]


def test_a_player_twice_and_an_excused_absence_that_places_the_player():
    field = [player(1), player(2), player(3), player(4)]
    assert decided(check(field, [T(1, 1, 2), T(2, 3, 1), T(3, 4, excused=True)]))[0] == (ABSOLUTE, 1)  # A twice
    assert check(field, [T(1, 1, 2), T(2, 3), T(3, 4, excused=True)]).lines == []


def test_first_and_second_rules():
    # Criterion 2: A played first twice, B second twice; A first again breaks it for both.
    twice = [player(1, sides="FF"), player(2, sides="SS")]
    assert check(twice, [T(1, 1, 2)]).lines == [
        "Table 1: A plays first a third time in a row and would have played first 3 and second 0 times; "
        "B plays second a third time in a row and would have played first 0 and second 3 times; "
        "the other way round avoids it."]
    assert check(twice, [T(1, 2, 1)]).lines == []
    # Criterion 3: A played first once, B second once; each wants the other side.
    once = [player(1, sides="F"), player(2, sides="S")]
    assert check(once, [T(1, 1, 2)]).lines == [
        "Table 1: A strongly prefers to play second (has played first 1 and second 0 times); "
        "B strongly prefers to play first (has played first 0 and second 1 times); the other way round meets it."]
    # Both played first once: both want second; A ranks higher (seed 1) and gets it.
    both = [player(1, sides="F"), player(2, sides="F")]
    assert check(both, [T(1, 1, 2)]).lines == [
        "Table 1: the other way round: A plays second: has played first 1 and second 0 times and ranks higher."]
    assert check(both, [T(1, 2, 1)]).lines == []
    # Nobody has played: either way round is right.
    assert check([player(1), player(2)], [T(1, 2, 1)]).lines == []


def test_an_all_play_all_draft_is_checked_on_the_absolute_rules_only():
    field = [player(1, 2), player(2, 2), player(3), player(4)]
    assert check(field, [T(1, 1, 3), T(2, 2, 4)], criteria=False).lines == []


# --- against every pairing of small random fields ---------------------------------------------


def pairings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for more in pairings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + more


def random_field(rng, size):
    met = {n: set() for n in range(1, size + 1)}
    for a, b in itertools.combinations(met, 2):
        if rng.random() < 0.3:
            met[a].add(b)
            met[b].add(a)
    return [player(n, rng.choice([0, 1, 2, 3, 4]), met[n]) for n in met]


def test_the_named_tables_agree_with_the_best_of_every_pairing_on_random_fields():
    rng = random.Random(13)
    checked = 0
    for _ in range(300):
        field = random_field(rng, rng.choice([4, 6, 8]))
        legal = [score_differences(p) for p in pairings(field) if all(allowed(a, b) for a, b in p)]
        if not legal:
            continue
        best = [gap for gap in min(legal) if gap]
        if bound_reachable(field):
            assert best == criterion_one_bound(ranking_order(field))
        draft = rng.choice(list(pairings(field)))
        result = check(field, [T(n, a.id, b.id) for n, (a, b) in enumerate(draft, start=1)])
        if not result.breaks_absolute:
            drafted = [gap for gap in score_differences(draft) if gap]
            assert bool(result.of(SCORES)) == (drafted > best), (field, draft)
            assert result.best == best
            checked += 1
    assert checked > 50


def test_checking_the_bound_alone_is_never_kinder_than_the_engine():
    field = [player(1, 2, [2]), player(2, 2, [1]), player(3, 0, [4]), player(4, 0, [3])]
    assert check_draft(field, [T(1, 1, 3), T(2, 2, 4)]).of(SCORES)  # against the bound, wrongly wide


def test_when_every_pairing_has_a_rematch_the_gaps_are_weighed_by_vp_alone():
    # All four have met: no pairing avoids a rematch.  A and B on 1 VP, C and D on 0: A v B, C v D is level.
    met = {1: [2, 3, 4], 2: [1, 3, 4], 3: [1, 2, 4], 4: [1, 2, 3]}
    field = [player(n, 2 if n < 3 else 0, met[n]) for n in met]
    result = check(field, [T(1, 1, 3), T(2, 2, 4)])
    assert result.of(SCORES)[0].text == (
        "Table 1: A (1 VP) v C (0 VP) are 1 VP apart, more than their VP need (no pairing of them avoids every "
        "rematch); by VP alone the score differences could be: none (every table on equal VP).")
    assert check(field, [T(1, 1, 2), T(2, 3, 4)]).of(SCORES) == []


def test_an_all_play_all_draft_leaves_the_idle_player_out_and_its_absent_players_forfeit():
    # Five players, D withdrawn (inactive), C excused; A is the table's idle player.
    field = [player(1), player(2), player(3), player(4, active=False), player(5)]
    draft = [T(1, 2, 5), T(2, 4, 3, forfeit=True)]  # D and C both absent: a double forfeit
    assert check(field, draft, excused=frozenset({3}), criteria=False, idle=frozenset({1})).lines == []
    # Without the idle player named, A is missing; the forfeit's absent players are still no breach.
    [missing] = check(field, draft, excused=frozenset({3}), criteria=False).breaches
    assert (missing.rule, missing.table) == (ABSOLUTE, None) and missing.text.startswith("Not placed (1): A:")
    # The same players at a game that is not a forfeit: both named.
    assert decided(check(field, [T(1, 2, 5), T(2, 4, 3)], excused=frozenset({3}), criteria=False,
                         idle=frozenset({1}))) == [(ABSOLUTE, 2), (ABSOLUTE, 2)]  # D withdrawn, C excused


def test_an_all_play_all_draft_names_a_rematch_a_player_twice_and_a_forfeit_nobody_is_absent_from():
    field = [player(1), player(2, met={3}), player(3, met={2}), player(4), player(5)]
    result = check(field, [T(1, 2, 3), T(2, 4, 5, forfeit=True), T(3, 1, 4)], criteria=False, idle=frozenset({1}))
    # D placed twice (tables 2 and 3), a forfeit at table 2 where both play, B and C's rematch at table 1.
    assert decided(result) == [(ABSOLUTE, 2), (ABSOLUTE, 2), (ABSOLUTE, 1)]
    assert "a forfeit, yet D and E both play" in result.lines[1]
