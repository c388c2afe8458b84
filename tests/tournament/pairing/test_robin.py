"""All-play-all by Berger tables (docs/tournament-rules.md, "All-play-all")."""

from itertools import combinations

import pytest

from tournament.pairing import Entrant, berger_rounds, pair_all_play_all


@pytest.mark.parametrize("players", range(3, 11))
def test_every_pair_meets_exactly_once(players):
    games = [pair for round_ in berger_rounds(players) for pair in round_]
    met = sorted(tuple(sorted(pair)) for pair in games)
    assert met == list(combinations(range(1, players + 1), 2))


@pytest.mark.parametrize("players", range(3, 11))
def test_rounds_and_idle_players(players):
    rounds = berger_rounds(players)
    assert len(rounds) == (players if players % 2 else players - 1)
    for round_ in rounds:
        seated = [p for pair in round_ for p in pair]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        assert len(seated) == players - players % 2  # one idle player when odd


@pytest.mark.parametrize("players", range(3, 11))
def test_first_move_counts_differ_by_at_most_one(players):
    firsts = {p: 0 for p in range(1, players + 1)}
    for round_ in berger_rounds(players):
        for first, _ in round_:
            firsts[first] += 1
    assert max(firsts.values()) - min(firsts.values()) <= 1


def test_six_players_match_fides_berger_table():
    # FIDE Berger table for 6: round 1 1-6 2-5 3-4; round 2 6-4 5-3 1-2; round 3 2-6 3-1 4-5;
    # round 4 6-5 1-4 2-3; round 5 3-6 4-2 5-1 (first named plays first).
    expected = [
        {(1, 6), (2, 5), (3, 4)},
        {(6, 4), (5, 3), (1, 2)},
        {(2, 6), (3, 1), (4, 5)},
        {(6, 5), (1, 4), (2, 3)},
        {(3, 6), (4, 2), (5, 1)},
    ]
    assert [set(r) for r in berger_rounds(6)] == expected


def test_a_withdrawn_players_game_is_a_forfeit_won_by_the_opponent():
    players = [Entrant(id=10 + i, seed=i, name=f"P{i}") for i in range(1, 5)]
    players[3] = Entrant(id=14, seed=4, name="P4", active=False)
    # 4 players, round 1: 1-4 and 2-3.  Seed 4 has withdrawn: the table is never re-drawn, seed 1 wins by forfeit.
    pairing = pair_all_play_all(players, 1)
    assert pairing.pairs == [(12, 13)]
    assert pairing.bye is None
    assert [f.present_absent for f in pairing.forfeits] == [(11, 14)]
    assert "P4 no longer plays" in pairing.forfeits[0].reason


def test_round_out_of_schedule_is_refused():
    with pytest.raises(ValueError, match="has 3 rounds"):
        pair_all_play_all([Entrant(id=i, seed=i) for i in range(1, 5)], 4)
