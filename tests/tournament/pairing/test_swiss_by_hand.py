"""Small Swiss fields paired round by round, every pairing worked out by hand.

Players are numbered by seed (id = seed).  Results: the higher seed always
wins.  The round-1 draw is fixed so that the top seed plays first on board 1.
Ranking order for pairing is VP, then seed.  Sides: F = played first.
"""

import pytest

from tournament.pairing import Entrant, PairingImpossible, pair_swiss


class TopFirst:
    """A stand-in for random.Random whose draw gives board 1's first move to the top half."""

    def random(self):
        return 0.1


class Event:
    """The pairing state of a small event, kept by hand-style bookkeeping."""

    def __init__(self, players):
        self.hp = {p: 0 for p in range(1, players + 1)}
        self.met = {p: set() for p in self.hp}
        self.sides = {p: "" for p in self.hp}
        self.byes = {p: 0 for p in self.hp}
        self.round = 0
        self.inactive = set()

    def entrants(self):
        return [
            Entrant(p, p, self.hp[p], frozenset(self.met[p]), self.sides[p], self.byes[p], p not in self.inactive, f"P{p}")
            for p in self.hp
        ]

    def pair(self):
        self.round += 1
        return pair_swiss(self.entrants(), self.round, TopFirst())

    def play(self, pairing):
        """Record the round: the lower seed number wins every game; a bye scores 1 VP."""
        for first, second in pairing.pairs:
            self.met[first].add(second)
            self.met[second].add(first)
            self.sides[first] += "F"
            self.sides[second] += "S"
            self.hp[min(first, second)] += 2
        if pairing.bye is not None:
            self.hp[pairing.bye] += 2
            self.byes[pairing.bye] += 1


def test_four_players_three_rounds():
    event = Event(4)
    # Round 1: 1 v 3, 2 v 4; board 1 top first, board 2 bottom first.
    r1 = event.pair()
    assert r1.pairs == [(1, 3), (4, 2)] and r1.bye is None
    event.play(r1)
    # 1 (F) and 2 (S) on 1 VP; 3 (S) and 4 (F) on 0.  1 v 2: 2 played second, so
    # 2 plays first; 3 v 4: 3 played second, so 3 plays first.
    r2 = event.pair()
    assert r2.pairs == [(2, 1), (3, 4)]
    event.play(r2)
    # 1 on 2 VP (FS), 2 and 3 on 1 (SF each), 4 on 0 (FS).  The only pairing
    # without a rematch is 1 v 4 and 2 v 3.  1 and 4 both prefer first (mild):
    # the higher-ranked, 1, gets it.  2 and 3 both prefer second: 2 ranks
    # higher and gets it, so 3 plays first.
    r3 = event.pair()
    assert r3.pairs == [(1, 4), (3, 2)]
    assert "floated down from 2 VP" in r3.tables[0].reason
    event.play(r3)
    # Everyone has met everyone: a fourth round is impossible.
    with pytest.raises(PairingImpossible):
        event.pair()


def test_five_players_four_rounds_with_byes():
    event = Event(5)
    # Round 1: seed 5 takes the bye; 1 v 3, 2 v 4.
    r1 = event.pair()
    assert (r1.pairs, r1.bye) == ([(1, 3), (4, 2)], 5)
    event.play(r1)
    # Ranking 1, 2, 5 (1 VP), 3, 4 (0).  Bye: the lowest-ranked without one is 4.
    # Then 1, 2, 5 | 3: one pair must cross, and the lowest of the top group (5)
    # floats to the highest of the lower one (3).  3 played second: 3 first;
    # 5 has no preference.  1 v 2: 2 played second, so 2 first.
    r2 = event.pair()
    assert r2.bye == 4
    assert sorted(r2.pairs) == [(2, 1), (3, 5)]
    event.play(r2)
    # 1 on 2 VP (FS); 2 (SF), 3 (SF), 4 (F + bye), 5 (bye + S) on 1.
    # Bye: 4 and 5 have had one; of 1, 2, 3 the lowest-ranked is 3, and without
    # 3 the pairing 1 v 4, 2 v 5 exists.  1 cannot meet 2 again: 4 floats up.
    # 1 (FS) prefers first, 4 (F) prefers second; 5 (S) prefers first.
    r3 = event.pair()
    assert r3.bye == 3
    assert sorted(r3.pairs) == [(1, 4), (5, 2)]
    event.play(r3)
    # 1 on 3 (FSF); 2 (SFS) and 3 (SF, bye) on 2; 4 (F, bye, S) and 5 (bye, SF) on 1.
    # Bye: only 1 and 2 have none; 2 is lower, and 1 v 5, 3 v 4 remains.
    # 1 (two firsts, one second) strongly prefers second; 5 mildly prefers
    # second: 1 gets it.  4 played second last, 3 played first last: 4 first.
    r4 = event.pair()
    assert r4.bye == 2
    assert sorted(r4.pairs) == [(4, 3), (5, 1)]
    reasons = {(t.first, t.second): t.reason for t in r4.tables}
    assert "P1 plays second: has played first 2 and second 1 times" in reasons[(5, 1)]
    assert "P4 plays first: played second last round" in reasons[(4, 3)]


def test_two_seconds_in_a_row_must_play_first():
    # 3 and 4 on equal VP: 3 has played second twice running (must play first);
    # 4 played FS and mildly prefers first too.  3's need is absolute.
    players = [
        Entrant(3, 3, 2, frozenset({1, 2}), "SS", 0, True, "P3"),
        Entrant(4, 4, 2, frozenset({5, 6}), "FS", 0, True, "P4"),
    ]
    pairing = pair_swiss(players, 3)
    assert pairing.pairs == [(3, 4)]
    assert "P3 plays first: played second in the last two rounds" in pairing.tables[0].reason


def test_six_players_round_two():
    event = Event(6)
    r1 = event.pair()
    assert r1.pairs == [(1, 4), (5, 2), (3, 6)]
    event.play(r1)
    # 1, 2, 3 on 1 VP; 4, 5, 6 on 0.  The odd cut sends 3 down to meet 4; then
    # 1 v 2 and 5 v 6 in their groups.  Each pair goes the way its players
    # alternate from round 1.
    r2 = event.pair()
    assert sorted(r2.pairs) == [(2, 1), (4, 3), (6, 5)]
    assert [t.first for t in r2.tables] == [2, 4, 6]  # listed in ranking order of the higher player


def test_seven_players_round_two_bye_and_groups():
    event = Event(7)
    r1 = event.pair()
    assert (r1.pairs, r1.bye) == ([(1, 4), (5, 2), (3, 6)], 7)
    event.play(r1)
    # 1, 2, 3, 7 on 1 VP; 4, 5, 6 on 0.  The bye goes to 6, the lowest-ranked
    # without one.  Four on 1 VP and two on 0: no pair needs to cross, so
    # 4 v 5 (5 played first: 4 plays first).  The top group pairs so that every
    # preference is met (1 and 3 played first, 2 second, 7 has no preference).
    r2 = event.pair()
    assert r2.bye == 6
    assert (4, 5) in r2.pairs
    top = [pair for pair in r2.pairs if 4 not in pair]
    assert sorted(p for pair in top for p in pair) == [1, 2, 3, 7]
    assert (1, 3) not in top and (3, 1) not in top  # both prefer second: one would be unmet
    for first, second in top:
        assert event.sides[first][-1:] != "F" and event.sides[second][-1:] != "S"


@pytest.mark.parametrize("players", [9, 10, 11])
def test_larger_small_fields_over_all_their_rounds(players):
    """9 to 11 players over as many rounds as pair without rematches: the absolute rules hold."""
    event = Event(players)
    for _ in range(players - 1):
        try:
            pairing = event.pair()
        except PairingImpossible:
            break
        seated = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])
        assert sorted(seated) == list(range(1, players + 1))
        for first, second in pairing.pairs:
            assert second not in event.met[first]
        if pairing.bye is not None:
            assert event.byes[pairing.bye] == min(event.byes.values())
        event.play(pairing)
    assert event.round >= players // 2 + 1  # at least half the field's rounds pair
    assert max(event.byes.values()) <= 1 or min(event.byes.values()) >= 1


def test_withdrawn_player_is_not_paired_and_changes_the_bye():
    event = Event(6)
    event.play(event.pair())
    event.inactive.add(6)  # withdrew after round 1
    r2 = event.pair()
    # Five active: 1, 2, 3 (1 VP), 4, 5 (0).  The bye goes to 5, the lowest-ranked.
    assert r2.bye == 5
    assert all(6 not in pair for pair in r2.pairs)
