"""Standings worked out by hand (`docs/tournament-rules.md`, "Standings order").

Players are numbered by seed (id = seed, listed in that order).  A game is
written `game(first, second, first_level, second_level)`: each player's
scores are their level L then five 18s, so the higher level wins and equal
levels are a draw (identical sorted lists).  D = own L − opponent's L.
Unless said otherwise, progressive is the "sum" reading.
"""

import json

import pytest

from scoring.metrics import DEFAULT_ORDER, METRICS, Metric, progressive
from scoring.standings import crosstable, standings, standings_json
from tournament.domain.rounds import RoundKind
from tournament.tfile.simulate import simulate
from tournament.tfile import FORMAT, parse


def game(first, second, first_level, second_level):
    return {
        "first": first, "second": second, "status": "played",
        "scores": [[first_level] + [18] * 5, [second_level] + [18] * 5],
    }


def forfeit(first, second, winner):
    return {"first": first, "second": second, "status": "forfeit", "winner": winner}


def bye(player):
    return {"first": player, "second": None, "status": "bye"}


def pending(first, second):
    return {"first": first, "second": second, "status": "pending"}


def tournament(players, rounds, **settings):
    """`players`: a count (ids 1..n) or a list of player dicts; `rounds`: lists of matches."""
    if isinstance(players, int):
        players = [{"id": i} for i in range(1, players + 1)]
    return parse({
        "format": FORMAT,
        "name": "By hand",
        "settings": {"system": "swiss", "rounds": 9, **settings},
        "players": [{"name": f"Player {p['id']}", **p} for p in players],
        "rounds": [{"number": n, "matches": matches} for n, matches in enumerate(rounds, start=1)],
    })


def order(lines):
    return [line.player_id for line in lines]


def places(lines):
    return {line.player_id: line.place for line in lines}


def by_id(lines):
    return {line.player_id: line for line in lines}


# --- Head-to-head -------------------------------------------------------------


def test_two_way_tie_split_by_head_to_head():
    record = tournament(4, [
        [game(1, 2, 6, 7), game(3, 4, 9, 4)],    # 2 beats 1 (D 2: +1, 1: −1); 3 beats 4 (+5 / −5)
        [game(1, 4, 15, 3), game(2, 3, 7, 8)],   # 1 beats 4 (+12 / −12); 3 beats 2 (+1 / −1)
    ])
    # VP: 1 = 0+1 = 1, 2 = 1+0 = 1, 3 = 2, 4 = 0.
    # 1 and 2 are level on 1 VP and met: 2 won, so 2 goes ahead although
    # 1's progressive difference (−1+12 = 11) beats 2's (+1−1 = 0).
    lines = standings(record)
    assert order(lines) == [3, 2, 1, 4]
    assert [line.place for line in lines] == ["1", "2", "3", "4"]
    line = by_id(lines)
    assert (line[2].metrics["head_to_head"], line[1].metrics["head_to_head"]) == (1.0, 0.0)
    assert line[3].metrics["head_to_head"] is None and line[4].metrics["head_to_head"] is None
    assert (line[1].vp, line[1].metrics["prog_diff"], line[1].metrics["prog_level"]) == (1.0, 11, 6 + 15)
    assert (line[2].vp, line[2].metrics["prog_diff"], line[2].metrics["prog_level"]) == (1.0, 0, 7 + 7)
    assert (line[3].vp, line[3].metrics["prog_diff"], line[3].metrics["prog_level"]) == (2.0, 5 + 1, 9 + 8)
    assert (line[4].vp, line[4].metrics["prog_diff"], line[4].metrics["prog_level"]) == (0.0, -5 - 12, 4 + 3)


def test_three_way_tie_all_met_ordered_by_head_to_head_vp():
    # 1 beats 2 and 3, 2 beats 3; each of them also plays two outsiders (4, 5, 6).
    # Winners are on level 10 and losers on 5, except 3's two outside wins, 16 v 2.
    record = tournament(6, [
        [game(1, 2, 10, 5), game(3, 4, 16, 2), game(5, 6, 5, 10)],   # 1, 3, 6 win
        [game(1, 3, 10, 5), game(2, 5, 10, 5), game(4, 6, 5, 10)],   # 1, 2, 6 win
        [game(2, 3, 10, 5), game(1, 6, 5, 10), game(4, 5, 5, 10)],   # 2, 6, 5 win
        [game(1, 4, 5, 10), game(2, 6, 5, 10), game(3, 5, 16, 2)],   # 4, 6, 3 win
    ])
    # VP: 1 = W W L L = 2; 2 = L W W L = 2; 3 = W L L W = 2;
    #     4 = L L L W = 1; 5 = L L W L = 1; 6 = W W W W = 4.
    # {1, 2, 3} all met: head-to-head VP 1 = 2 (beat 2 and 3), 2 = 1 (beat 3), 3 = 0.
    # Progressive difference would have said the opposite: 3 = +14 −5 −5 +14 = 18,
    # 1 = +5 +5 −5 −5 = 0, 2 = −5 +5 +5 −5 = 0.
    # {4, 5} met in round 3: 5 won, so 5 before 4.
    lines = standings(record)
    assert order(lines) == [6, 1, 2, 3, 5, 4]
    assert [line.place for line in lines] == ["1", "2", "3", "4", "5", "6"]
    line = by_id(lines)
    assert [line[p].metrics["head_to_head"] for p in (1, 2, 3)] == [2.0, 1.0, 0.0]
    assert [line[p].metrics["prog_diff"] for p in (1, 2, 3)] == [0, 0, 18]


def test_not_all_met_all_winner_first_rest_to_progressive_difference():
    record = tournament(5, [
        [game(3, 1, 10, 5), game(2, 4, 10, 5)],    # 3 beats 1, 2 beats 4; 5 absent
        [game(3, 2, 10, 5), game(1, 5, 10, 5)],    # 3 beats 2, 1 beats 5; 4 absent
        [game(1, 4, 10, 5), game(2, 5, 14, 2)],    # 1 beats 4, 2 beats 5 (+12); 3 absent
    ])
    # VP: 3 = 1+1+0 = 2; 1 = 0+1+1 = 2; 2 = 1+0+1 = 2; 4 = 0; 5 = 0.
    # {1, 2, 3}: 1 and 2 never met, so not all met.  3 played and beat both: first.
    # Nobody lost to both others.  1 and 2 stay tied (and, re-applied, still
    # never met): progressive difference 2 = +5 −5 +12 = 12, 1 = −5 +5 +5 = 5.
    # Without the all-winner rule 2 (12) would be above 3 (+5 +5 = 10).
    # {4, 5} never met: 4 = −5 −5 = −10, 5 = −5 −12 = −17.
    lines = standings(record)
    assert order(lines) == [3, 2, 1, 4, 5]
    assert [line.place for line in lines] == ["1", "2", "3", "4", "5"]
    assert [by_id(lines)[p].metrics["prog_diff"] for p in (3, 2, 1)] == [10, 12, 5]


def test_not_all_met_all_loser_last_rest_to_progressive_difference():
    record = tournament(5, [
        [game(2, 1, 6, 5), game(3, 4, 5, 10)],    # 2 beats 1 (+1 / −1); 4 beats 3 (+5 / −5)
        [game(3, 1, 8, 7), game(2, 5, 5, 16)],    # 3 beats 1 (+1 / −1); 5 beats 2 (+11 / −11)
        [bye(1), game(4, 5, 9, 9)],               # 1 bye (1 VP, D 0); 4 v 5 drawn (D 0)
    ])
    # VP: 1 = 0+0+1 = 1; 2 = 1+0 = 1; 3 = 0+1 = 1; 4 = 1+½ = 1.5; 5 = 1+½ = 1.5.
    # {4, 5} met and drew: head-to-head ½ each, no split; difference 5 = +11 > 4 = +5.
    # {1, 2, 3}: 2 and 3 never met.  1 played and lost to both: last.  No
    # all-winner.  2 and 3 stay tied: difference 3 = −5 +1 = −4, 2 = +1 −11 = −10.
    # By difference alone 1 (−1 −1 +0 = −2) would have been first of the three.
    lines = standings(record)
    assert order(lines) == [5, 4, 3, 2, 1]
    line = by_id(lines)
    assert [line[p].metrics["prog_diff"] for p in (5, 4, 3, 2, 1)] == [11, 5, -4, -10, -2]
    assert (line[4].metrics["head_to_head"], line[5].metrics["head_to_head"]) == (0.5, 0.5)


def test_not_all_met_without_all_winner_or_all_loser_splits_nothing():
    record = tournament(5, [
        [game(1, 2, 6, 5), bye(3), game(4, 5, 10, 5)],   # 1 beats 2 (+1 / −1); 3 bye; 4 beats 5
        [forfeit(1, 4, 4), game(2, 5, 16, 2)],           # 4 wins by forfeit; 2 beats 5 (+14); 3 absent
    ])
    # VP: 1 = 1+0 = 1; 2 = 0+1 = 1; 3 = 1 (bye) + 0 = 1; 4 = 1+1 = 2; 5 = 0.
    # {1, 2, 3}: only 1–2 was played; 3 met nobody.  1 did not play 3, so is no
    # all-winner; 2 did not play 3, so is no all-loser: the criterion splits
    # nothing and is not re-applied to {1, 2}.  Difference: 2 = −1 +14 = 13,
    # 1 = +1 + 0 (forfeit) = 1, 3 = 0 (bye) + 0 (absent) = 0: 2 goes above 1
    # although 1 beat 2.
    lines = standings(record)
    assert order(lines) == [4, 2, 1, 3, 5]
    assert [line.place for line in lines] == ["1", "2", "3", "4", "5"]


def test_head_to_head_reapplied_inside_the_remaining_sub_group():
    # Seeds reversed against the result: 4 beats everyone in {1,2,3,4}, 3 beats 1 and 2,
    # 1 and 2 never meet.  Outsiders 5, 6, 7 lose; winners on 10, losers on 5,
    # except 2's last win 12 v 2.
    record = tournament(7, [
        [game(4, 3, 10, 5), game(1, 5, 10, 5), game(2, 6, 10, 5)],
        [game(4, 1, 10, 5), game(3, 2, 10, 5)],
        [game(4, 2, 10, 5), game(3, 1, 10, 5), game(5, 6, 10, 5)],
        [game(1, 6, 10, 5), game(2, 5, 10, 5), game(3, 7, 10, 5)],
        [game(1, 5, 10, 5), game(2, 6, 12, 2)],
    ])
    # VP: 4 = 3 wins = 3; 3 = L W W W = 3; 1 = W L L W W = 3; 2 = W L L W W = 3;
    #     5 = L W(R3) L L = 1; 6 = 0; 7 = 0.
    # {1,2,3,4}: 1–2 never met, so not all met.  4 beat 1, 2, 3: first.  Nobody lost to
    # all three (1 and 2 never met).  Again in {1,2,3}: 3 beat 1 and 2: first.  Again
    # in {1,2}: never met, nothing.  Difference: 1 = +5 −5 −5 +5 +5 = 5,
    # 2 = +5 −5 −5 +5 +10 = 10: 2 before 1.
    # {6, 7} never met: 7 = −5, 6 = −5 −5 −5 −10 = −25: 7 before 6.
    lines = standings(record)
    assert order(lines) == [4, 3, 2, 1, 5, 7, 6]
    assert [by_id(lines)[p].metrics["prog_diff"] for p in (2, 1)] == [10, 5]


# --- Progressive difference, level, shared places ------------------------------


def test_progressive_difference_before_progressive_level():
    record = tournament(4, [[game(1, 3, 10, 9), game(2, 4, 8, 5)]])
    # 1 and 2 on 1 VP, never met: difference 2 = +3 beats 1 = +1, though 1's level 10 > 8.
    # 3 and 4 on 0: difference 3 = −1, 4 = −3.
    lines = standings(record)
    assert order(lines) == [2, 1, 3, 4]
    line = by_id(lines)
    assert [(line[p].metrics["prog_diff"], line[p].metrics["prog_level"]) for p in (2, 1, 3, 4)] == [(3, 8), (1, 10), (-1, 9), (-3, 5)]


def test_level_then_shared_places_listed_by_seed():
    record = tournament(6, [[game(1, 4, 5, 10), game(2, 5, 5, 10), game(3, 6, 7, 12)]])
    # 4, 5, 6 on 1 VP, never met; difference +5 each; level 6 = 12, 4 = 10, 5 = 10.
    # 6 is 1st; 4 and 5 share "2-3", listed by seed (4, then 5).
    # 1, 2, 3 on 0; difference −5 each; level 3 = 7, 1 = 5, 2 = 5: 3 is 4th, 1 and 2 "5-6".
    lines = standings(record)
    assert order(lines) == [6, 4, 5, 3, 1, 2]
    assert [line.place for line in lines] == ["1", "2-3", "2-3", "4", "5-6", "5-6"]


def test_shared_place_listed_by_seed_not_by_id():
    # Seed order is the order of the players list: here 7 is seeded above 3.
    players = [{"id": 7}, {"id": 3}, {"id": 9}]
    record = tournament(players, [[game(9, 3, 10, 5)], [game(9, 7, 10, 5)]])
    # 9 = 2 VP.  3 and 7: 0 VP, never met, difference −5, level 5 each: "2-3", seed order 7, 3.
    lines = standings(record)
    assert order(lines) == [9, 7, 3]
    assert [(line.place, line.seed) for line in lines] == [("1", 3), ("2-3", 1), ("2-3", 2)]


# --- Byes, forfeits, late entries, withdrawals --------------------------------


def test_bye_and_forfeit_score_vp_without_tie_break_or_head_to_head():
    record = tournament(3, [
        [game(1, 2, 4, 9), bye(3)],      # 2 beats 1 (+5 / −5); 3 bye
        [forfeit(3, 1, 1), bye(2)],      # 3 absent: 1 wins by forfeit; 2 bye
    ])
    # VP: 1 = 0+1 = 1; 2 = 1+1 = 2; 3 = 1+0 = 1.
    # 1 and 3 "met" only by forfeit: no head-to-head (1 is no all-winner), so
    # difference: 3 = 0 + 0 = 0 beats 1 = −5 + 0 = −5.
    lines = standings(record)
    assert order(lines) == [2, 3, 1]
    line = by_id(lines)
    assert (line[1].metrics["head_to_head"], line[3].metrics["head_to_head"]) == (0.0, 0.0)
    assert [(line[p].vp, line[p].metrics["prog_diff"], line[p].metrics["prog_level"], line[p].games_played) for p in (1, 2, 3)] == [
        (1.0, -5, 4, 1), (2.0, 5, 9, 1), (1.0, 0, 0, 0)]
    bye_round = line[3].rounds[0]
    assert (bye_round.kind, bye_round.vp, bye_round.level, bye_round.difference, bye_round.opponent) == (RoundKind.BYE, 1.0, 0, 0, None)
    won, lost = line[1].rounds[1], line[3].rounds[1]
    assert (won.kind, won.vp, won.level, won.difference, won.opponent, won.played_first) == (RoundKind.FORFEIT_WIN, 1.0, 0, 0, 3, False)
    assert (lost.kind, lost.vp, lost.level, lost.difference, lost.opponent, lost.played_first) == (RoundKind.FORFEIT_LOSS, 0.0, 0, 0, 1, True)


def test_bye_vp_setting_and_double_forfeit():
    record = tournament(3, [[forfeit(1, 2, None), bye(3)]], bye_vp=0.5)
    # Both absent: 0 VP each, shared "2-3" listed by seed; the bye gives ½.
    lines = standings(record)
    assert [(line.player_id, line.place, line.vp) for line in lines] == [(3, "1", 0.5), (1, "2-3", 0.0), (2, "2-3", 0.0)]
    assert [line.rounds[0].kind for line in lines] == [RoundKind.BYE, RoundKind.FORFEIT_LOSS, RoundKind.FORFEIT_LOSS]


def test_late_entry_gets_late_entry_vp_per_missed_round():
    record = tournament([{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4, "joined_round": 3}], [
        [game(1, 2, 10, 5), bye(3)],
        [game(3, 1, 10, 5), bye(2)],
        [game(4, 1, 10, 5), game(2, 3, 5, 10)],
    ], late_entry_vp=0.5)
    # VP: 1 = 1+0+0 = 1; 2 = 0+1+0 = 1; 3 = 1+1+1 = 3; 4 = ½ + ½ + 1 = 2.
    # 1 and 2 met in round 1: 1 won, so 1 before 2.
    lines = standings(record)
    assert order(lines) == [3, 4, 1, 2]
    late = by_id(lines)[4]
    assert (late.vp, late.metrics["prog_diff"], late.metrics["prog_level"], late.games_played) == (2.0, 5, 10, 1)
    assert [(r.kind, r.vp, r.level, r.difference) for r in late.rounds] == [
        (RoundKind.LATE_ENTRY, 0.5, 0, 0), (RoundKind.LATE_ENTRY, 0.5, 0, 0), (RoundKind.PLAYED, 1.0, 10, 5)]


def test_withdrawn_player_still_ranked():
    record = tournament([{"id": 1, "withdrawn_after_round": 1}, {"id": 2}, {"id": 3}, {"id": 4}], [
        [game(1, 2, 12, 5), game(3, 4, 10, 5)],   # 1 beats 2 (+7); 3 beats 4 (+5 / −5)
        [game(2, 3, 5, 10), bye(4)],              # 3 beats 2; 4 bye; 1 withdrawn
    ])
    # VP: 1 = 1 + 0 = 1; 2 = 0; 3 = 2; 4 = 0 + 1 = 1.
    # 1 and 4 never met: difference 1 = +7 beats 4 = −5 + 0 = −5.
    lines = standings(record)
    assert order(lines) == [3, 1, 4, 2]
    withdrawn = by_id(lines)[1]
    assert (withdrawn.place, withdrawn.vp, withdrawn.metrics["prog_diff"], withdrawn.withdrawn_after_round) == ("2", 1.0, 7, 1)
    assert withdrawn.rounds[1].kind == RoundKind.ABSENT


# --- The two readings of "progressive" --------------------------------------------


RUNNING_ROUNDS = [
    [game(1, 3, 6, 8), game(2, 4, 15, 5)],    # 3 beats 1 (1: D −2); 2 beats 4 (2: D +10)
    [game(1, 4, 17, 7), game(2, 3, 7, 9)],    # 1 beats 4 (1: D +10); 3 beats 2 (2: D −2)
]


def test_sum_and_running_readings_order_differently():
    # VP: 1 = 1, 2 = 1, 3 = 2, 4 = 0.  1 and 2 never met.
    # Sum:     difference 1 = −2 + 10 = 8,            2 = 10 − 2 = 8   (level)
    #          level      1 = 6 + 17 = 23,            2 = 15 + 7 = 22  -> 1 before 2.
    # Running: difference 1 = (−2) + (8) = 6,         2 = (10) + (8) = 18 -> 2 before 1.
    #          level      1 = 6 + 23 = 29,            2 = 15 + 22 = 37.
    # 3: D +2, +2; L 8, 9.  4: D −10, −10; L 5, 7.
    by_sum = standings(tournament(4, RUNNING_ROUNDS, progressive="sum"))
    by_running = standings(tournament(4, RUNNING_ROUNDS, progressive="running"))
    assert order(by_sum) == [3, 1, 2, 4]
    assert order(by_running) == [3, 2, 1, 4]
    assert {p: (s.metrics["prog_diff"], s.metrics["prog_level"]) for p, s in by_id(by_sum).items()} == {
        1: (8, 23), 2: (8, 22), 3: (4, 17), 4: (-20, 12)}
    assert {p: (s.metrics["prog_diff"], s.metrics["prog_level"]) for p, s in by_id(by_running).items()} == {
        1: (6, 29), 2: (18, 37), 3: (2 + 4, 8 + 17), 4: (-10 - 20, 5 + 12)}


def test_running_reading_carries_the_total_over_rounds_sat_out():
    players = [{"id": 1}, {"id": 2}, {"id": 3, "joined_round": 2}, {"id": 4, "withdrawn_after_round": 1}]
    record = tournament(players, [
        [game(1, 4, 10, 6), bye(2)],              # 1: D +4, L 10; 4: D −4, L 6; 3 not yet in
        [game(1, 2, 9, 12), bye(3)],              # 2: D +3, L 12; 1: D −3, L 9; 4 withdrawn
        [game(1, 3, 11, 8)],                      # 1: D +3, L 11; 3: D −3, L 8; 2 not paired
    ], progressive="running")
    # Running totals after rounds 1, 2, 3, added up:
    # 1: D 4, 1, 4 -> 9;    L 10, 19, 30 -> 59.
    # 2: D 0, 3, 3 -> 6;    L 0, 12, 12 -> 24.
    # 3: D 0, 0, −3 -> −3;  L 0, 0, 8 -> 8.
    # 4: D −4, −4, −4 -> −12; L 6, 6, 6 -> 18   (the sum would be −4 and 6).
    # VP: 1 = 2, 2 = 2 (2 beat 1 in round 2), 3 = 1, 4 = 0.
    lines = standings(record)
    assert order(lines) == [2, 1, 3, 4]
    assert {p: (s.metrics["prog_diff"], s.metrics["prog_level"]) for p, s in by_id(lines).items()} == {
        1: (9, 59), 2: (6, 24), 3: (-3, 8), 4: (-12, 18)}


def test_round_under_way_pending_match_counts_as_sat_out():
    record = tournament(4, RUNNING_ROUNDS + [[pending(1, 2), game(3, 4, 10, 4)]], progressive="running")
    # Round 3 has a result (3 beats 4: +6 / −6), so it counts for everyone;
    # 1 and 2 are pending: sat out, their running totals carry over.
    # 1: D −2, 8, 8 -> 14;  L 6, 23, 23 -> 52.
    # 2: D 10, 8, 8 -> 26;  L 15, 22, 22 -> 59.
    # 3: D 2, 4, 10 -> 16;  L 8, 17, 27 -> 52.   VP 3.
    # 4: D −10, −20, −26 -> −56; L 5, 12, 16 -> 33.
    lines = standings(record)
    assert order(lines) == [3, 2, 1, 4]
    assert {p: (s.vp, s.metrics["prog_diff"], s.metrics["prog_level"]) for p, s in by_id(lines).items()} == {
        1: (1.0, 14, 52), 2: (1.0, 26, 59), 3: (3.0, 16, 52), 4: (0.0, -56, 33)}
    waiting = by_id(lines)[1].rounds[2]
    assert (waiting.kind, waiting.vp, waiting.opponent, waiting.played_first) == (RoundKind.PENDING, 0.0, 2, True)
    assert by_id(lines)[1].games_played == 2


def test_round_with_no_result_yet_does_not_count():
    record = tournament(4, RUNNING_ROUNDS + [[pending(1, 2), pending(3, 4)]], progressive="running")
    # Same as after two rounds (see test_sum_and_running_readings_order_differently).
    lines = standings(record)
    assert order(lines) == [3, 2, 1, 4]
    assert {p: (s.metrics["prog_diff"], s.metrics["prog_level"]) for p, s in by_id(lines).items()} == {
        1: (6, 29), 2: (18, 37), 3: (6, 25), 4: (-30, 17)}
    assert all(len(line.rounds) == 2 for line in lines)


def test_progressive_readings_directly():
    # Values 3, 0, −1: sum 2; running totals 3, 3, 2 -> 8.
    assert progressive([3, 0, -1], "sum") == 2
    assert progressive([3, 0, -1], "running") == 8
    with pytest.raises(ValueError):
        progressive([1], "average")


# --- Result of a game ----------------------------------------------------------


def test_draw_only_on_identical_sorted_lists():
    draw = {"first": 1, "second": 2, "status": "played",
            "scores": [[5, 9, 12, 12, 14, 18], [18, 14, 12, 12, 9, 5]]}
    # Sorted, both are 5 9 12 12 14 18: a draw, ½ each; L 5 each, D 0.
    near = {"first": 3, "second": 4, "status": "played",
            "scores": [[5, 9, 12, 12, 14, 18], [5, 10, 11, 12, 14, 18]]}
    # Sorted 5 9 12 12 14 18 v 5 10 11 12 14 18: equal lowest, 10 > 9, so 4 wins; L 5 each, D 0.
    lines = standings(tournament(4, [[draw, near]]))
    line = by_id(lines)
    assert [(line[p].vp, line[p].metrics["prog_diff"], line[p].metrics["prog_level"]) for p in (1, 2, 3, 4)] == [
        (0.5, 0, 5), (0.5, 0, 5), (0.0, 0, 5), (1.0, 0, 5)]
    # 1 and 2 met and drew: head-to-head ½ each, difference and level equal: "2-3" by seed.
    assert [(line.player_id, line.place) for line in lines] == [(4, "1"), (1, "2-3"), (2, "2-3"), (3, "4")]


# --- Crosstable and JSON ---------------------------------------------------------


def test_crosstable_marks_games_and_forfeits():
    record = tournament(3, [[game(1, 2, 4, 9), bye(3)], [forfeit(3, 1, 1), bye(2)]])
    # Standings 2, 3, 1 (see test_bye_and_forfeit_score_vp_without_tie_break_or_head_to_head).
    rows = crosstable(record)
    assert [row.standing.player_id for row in rows] == [2, 3, 1]
    assert [row.against for row in rows] == [{1: ("1",)}, {1: ("−",)}, {2: ("0",), 3: ("+",)}]
    # Columns in the same order (2, 3, 1); "" for self and never met.
    assert [row.cells for row in rows] == [("", "", "1"), ("", "", "−"), ("0", "+", "")]
    assert [(row.standing.vp, row.standing.metrics["prog_diff"], row.standing.metrics["prog_level"]) for row in rows] == [(2.0, 5, 9), (1.0, 0, 0), (1.0, -5, 4)]


def test_standings_json_shape():
    record = tournament(6, [[game(1, 4, 5, 10), game(2, 5, 5, 10), game(3, 6, 7, 12)]])
    rows = standings_json(record)
    assert [list(row)[:6] for row in rows] == [["place", "id", "name", "vp", "prog_diff", "prog_level"]] * 6
    assert rows[1] == {**rows[1], "place": "2-3", "id": 4, "name": "Player 4", "vp": 1.0, "prog_diff": 5, "prog_level": 10}
    assert json.loads(json.dumps(rows)) == rows


# --- The metric registry ------------------------------------------------------------


def test_metric_registry():
    assert DEFAULT_ORDER == ("vp", "head_to_head", "prog_diff", "prog_level")
    for key in DEFAULT_ORDER:
        metric = METRICS[key]
        assert issubclass(metric, Metric) and metric.key == key and metric.name and metric.abbr


def test_order_of_metrics_is_a_list_of_keys():
    record = tournament(4, [[game(1, 2, 6, 7), game(3, 4, 9, 4)], [game(1, 4, 15, 3), game(2, 3, 7, 8)]])
    # As in test_two_way_tie_split_by_head_to_head, but without head-to-head:
    # 1 (difference 11) goes before 2 (0).
    assert order(standings(record, order=("vp", "prog_diff", "prog_level"))) == [3, 1, 2, 4]
    # VP alone: 1 and 2 share "2-3".
    assert [line.place for line in standings(record, order=("vp",))] == ["1", "2-3", "2-3", "4"]


# --- A simulated event --------------------------------------------------------------


def test_simulated_event_is_consistent():
    raw = simulate(30, 7, seed=3, forfeit_chance=0.05, withdraw_chance=0.02, late_entries=2)
    lines = standings(parse(raw))
    assert sorted(line.player_id for line in lines) == [p["id"] for p in raw["players"]]
    # Total VP from the file itself: a played game gives 1 between the two, a
    # forfeit 1 if someone was present, a bye 1 (bye_vp 1); no late-entry VP.
    games_vp = sum(
        1 if m["status"] == "played" else (m["winner"] is not None) if m["status"] == "forfeit" else 1
        for r in raw["rounds"] for m in r["matches"]
    )
    assert sum(line.vp for line in lines) == games_vp
    assert all(a.vp >= b.vp for a, b in zip(lines, lines[1:]))
    # Places: each line's place starts at or after its position, shared ranges cover their lines.
    for position, line in enumerate(lines, start=1):
        first, _, last = line.place.partition("-")
        assert int(first) <= position <= int(last or first)
    assert len(lines[-1].rounds) == 7
