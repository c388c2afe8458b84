"""Who plays first: criteria 2 and 3 of "Swiss pairing" in `docs/tournament-rules.md`.

Criterion 2: nobody plays first, or second, three times in a row, and
nobody's firsts and seconds differ by more than 2.  Criterion 3: everyone's
preference is met where possible; the stronger preference, then the
higher-ranked player, gets it.  Preferences are read as in FIDE practice:
a player who would break criterion 2 on one side must take the other; a
player with more firsts than seconds (or the reverse) strongly prefers the
side that evens them; otherwise a player mildly prefers to alternate from
the last game.

Each field below is built so that criterion 1 (or the absolute rule)
fixes who meets whom; the expected first player is worked out by hand.
Past opponents are withdrawn "ghost" players, so the fields' own players
have not met unless a test says so.  Ranking order is VP, then seed.
"""

from __future__ import annotations

import itertools

import pytest

from tournament.pairing import Entrant, pair_swiss

_ghost_ids = itertools.count(100)


def player(id, name, half_points, sides, seed=None, opponents=None, byes=0):
    """A player whose past games were against ghosts (withdrawn players), unless told otherwise."""
    if opponents is None:
        opponents = {next(_ghost_ids) for _ in sides}
    return Entrant(id, seed or id, half_points, frozenset(opponents), sides, byes, True, name)


def with_ghosts(players):
    """The field plus its withdrawn past opponents, who must not be paired."""
    own = {p.id for p in players}
    ghosts = sorted({o for p in players for o in p.opponents} - own)
    return players + [Entrant(g, 50 + g, 0, frozenset(), "", 0, False, f"Ghost {g}") for g in ghosts]


def table_of(pairing, a, b):
    """The table where a and b meet."""
    for table in pairing.tables:
        if {table.first, table.second} == {a, b}:
            return table
    raise AssertionError(f"{a} and {b} do not meet: {pairing.pairs}")


def case(field, round_number, pairs, tables, decided, bye=None, id=None):
    """One field to pair: `pairs` who meets whom (sorted), `tables` each (first, second), `decided` the tables
    whose reason is checked: (first, second) -> (who plays which side, the cause in a few words)."""
    return pytest.param(field, round_number, pairs, tables, decided, bye, id=id)


def equal_preferences(history, wanted):
    # Ann and Ben have the same history, so the same preference of the same strength; neither way breaks
    # criterion 2.  Ann ranks higher (seed 1) and gets her preference.  Ben is listed first and has the lower
    # id, so nothing but the ranking points to Ann.  Cat (SF) prefers second, Dan (FS) first: both met.
    ann_ben = (9, 7) if wanted == "first" else (7, 9)
    return case([player(7, "Ben", 4, history, seed=2), player(9, "Ann", 4, history, seed=1),
                 player(3, "Cat", 0, "SF", seed=3), player(4, "Dan", 0, "FS", seed=4)],
                len(history) + 1, [[3, 4], [7, 9]], [ann_ben, (4, 3)],
                {ann_ben: (f"Ann plays {wanted}", "ranks higher")}, id=f"equal preferences {history}: the higher-ranked")


# Who plays first at each table, worked out by hand in the comment above each field.
CASES = [
    # Ann (seed 1) and Ben on 2 VP, Cat and Dan on 0: criterion 1 pairs Ann v Ben and Cat v Dan.  Ben played SS:
    # a third second would break criterion 2, so Ben plays first.  Ann (FS) mildly prefers first too, and ranks
    # higher, but criterion 2 comes before criterion 3; Ann playing second (FSS) breaks nothing.  Cat (SF)
    # prefers second, Dan (FS) first: both met.
    case([player(1, "Ann", 4, "FS"), player(2, "Ben", 4, "SS"), player(3, "Cat", 0, "SF"), player(4, "Dan", 0, "FS")],
         3, [[1, 2], [3, 4]], [(2, 1), (4, 3)], {(2, 1): ("Ben plays first", "last two rounds")},
         id="second twice running must play first, even against the higher-ranked"),
    # Ann (FFSF: 3 firsts, 1 second) playing first would make it 4 v 1, a difference above 2: Ann must play
    # second.  Ben (SFSF) mildly prefers second and ranks lower; criterion 2 decides before criterion 3.  Cat
    # (SFSF) mildly prefers second and Dan (FSFS) first: both met.
    case([player(1, "Ann", 6, "FFSF"), player(2, "Ben", 6, "SFSF"), player(3, "Cat", 2, "SFSF"),
          player(4, "Dan", 2, "FSFS")],
         5, [[1, 2], [3, 4]], [(2, 1), (4, 3)], {(2, 1): ("Ann plays second", "first 3 and second 1")},
         id="an imbalance of three must be avoided"),
    # Round 3 after Ann and Ben each played first against Cat and Dan; Ann beat both, Ben beat Dan and lost to
    # Cat.  Ranking: Ann 2 VP, Ben 1 (seed 2), Cat 1 (seed 3), Dan 0.  The only pairing without a rematch is
    # Ann v Ben, Cat v Dan.  Ann and Ben both played FF: whoever plays first breaks criterion 2, but the pairing
    # stands (criterion 2 is not absolute).  Equal preferences (both must play second): the higher-ranked, Ann,
    # gets it, so Ben plays first.  Cat and Dan both played SS and want first: Cat ranks higher.
    case([player(1, "Ann", 4, "FF", opponents={3, 4}), player(2, "Ben", 2, "FF", opponents={3, 4}),
          player(3, "Cat", 2, "SS", opponents={1, 2}), player(4, "Dan", 0, "SS", opponents={1, 2})],
         3, [[1, 2], [3, 4]], [(2, 1), (3, 4)],
         {(2, 1): ("Ann plays second", "ranks higher"), (3, 4): ("Cat plays first", "ranks higher")},
         id="first twice each and no other legal pairing"),
    # Ann (FFS) has played first twice and second once: she prefers second, to even her count (playing first
    # would leave 3 v 1, still allowed by criterion 2, so this is criterion 3).  Ben has played no game and has
    # no preference: Ann gets hers.  Cat (FSF) prefers second, Dan (SFS) first.
    case([player(1, "Ann", 4, "FFS"), player(2, "Ben", 4, "", byes=2), player(3, "Cat", 0, "FSF"),
          player(4, "Dan", 0, "SFS")],
         4, [[1, 2], [3, 4]], [(2, 1), (4, 3)], {(2, 1): ("Ann plays second", "first 2 and second 1")},
         id="two firsts and one second prefers second"),
    # Ann (SF) mildly prefers second (alternation); Ben (FFS) strongly prefers second (2 firsts v 1 second).
    # Neither way breaks criterion 2.  Ben's preference is stronger, so Ben plays second although Ann ranks
    # higher.  Cat (SF) prefers second, Dan (FS) first.
    case([player(1, "Ann", 4, "SF"), player(2, "Ben", 4, "FFS"), player(3, "Cat", 0, "SF"), player(4, "Dan", 0, "FS")],
         4, [[1, 2], [3, 4]], [(1, 2), (4, 3)], {(1, 2): ("Ben plays second", "stronger preference")},
         id="the stronger preference wins"),
    equal_preferences("SF", "second"),
    equal_preferences("FS", "first"),
    equal_preferences("FFS", "second"),
    equal_preferences("SSF", "first"),
    # Ben (seed 2) has more VP than Ann (seed 1), so Ben ranks higher.  The bye goes to the lowest-ranked
    # without one, Cat, and Ann v Ben remains.  Both played SF and prefer second: Ben, the higher-ranked, gets it.
    case([player(1, "Ann", 2, "SF"), player(2, "Ben", 4, "SF"), player(3, "Cat", 0, "SF")],
         3, [[1, 2]], [(1, 2)], {(1, 2): ("Ben plays second", "ranks higher")}, bye=3,
         id="ranking is by VP before seed"),
]


@pytest.mark.parametrize("field, round_number, pairs, tables, decided, bye", CASES)
def test_who_plays_first(field, round_number, pairs, tables, decided, bye):
    pairing = pair_swiss(with_ghosts(field), round_number)
    assert pairing.bye == bye
    assert sorted(map(sorted, pairing.pairs)) == pairs
    for first, second in tables:
        table = table_of(pairing, first, second)
        assert (table.first, table.second) == (first, second)
    for (first, second), (decision, cause) in decided.items():
        reason = table_of(pairing, first, second).reason
        assert f"{decision}: " in reason and cause in reason, reason


def test_score_groups_come_before_first_moves():
    # Six players: Ann and Ben alone on 2 VP, both FF.  Criterion 1 pairs them
    # (any other pairing has two pairs 2 VP apart), although one of them must
    # then play first a third time.  Ann ranks higher and plays second.
    field = [
        player(1, "Ann", 4, "FF"),
        player(2, "Ben", 4, "FF"),
        player(3, "Cat", 0, "SS"),
        player(4, "Dan", 0, "SS"),
        player(5, "Eve", 0, "FS"),
        player(6, "Fay", 0, "SF"),
    ]
    pairing = pair_swiss(with_ghosts(field), 3)
    ann_ben = table_of(pairing, 1, 2)
    assert (ann_ben.first, ann_ben.second) == (2, 1)
    # On 0 VP: Cat and Dan must play first, so neither meets the other; Eve (FS)
    # prefers first and Fay (SF) second, so Fay plays second to Cat or Dan, and
    # Eve, the only other choice, plays second too (one unmet preference, no fault).
    others = {frozenset(p) for p in pairing.pairs} - {frozenset((1, 2))}
    assert frozenset((3, 4)) not in others
    for table in pairing.tables:
        if table.first in (3, 4) or table.second in (3, 4):
            assert table.first in (3, 4), f"Cat or Dan plays second: {table}"


def test_first_moves_come_before_top_half_v_bottom_half():
    # Four players on equal VP: Ann (FF), Ben (SS), Cat (FF), Dan (SS).
    # Criterion 4 alone would give Ann v Cat and Ben v Dan, but each of those
    # pairs breaks criterion 2.  Ann and Cat must each meet Ben or Dan, and
    # play second.
    field = [
        player(1, "Ann", 2, "FF"),
        player(2, "Ben", 2, "SS"),
        player(3, "Cat", 2, "FF"),
        player(4, "Dan", 2, "SS"),
    ]
    pairing = pair_swiss(with_ghosts(field), 3)
    assert {frozenset(p) for p in pairing.pairs} in (
        {frozenset((1, 2)), frozenset((3, 4))},
        {frozenset((1, 4)), frozenset((2, 3))},
    )
    for table in pairing.tables:
        assert table.first in (2, 4) and table.second in (1, 3), table
