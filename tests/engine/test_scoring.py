"""Scoring, bonuses, swaps and game ends, worked out by hand from the rulebook.

Neighbours of [q, r], by direction: d0 [q+1,r], d1 [q+1,r-1], d2 [q,r-1],
d3 [q-1,r], d4 [q-1,r+1], d5 [q,r+1].  Start symbols: R [5,0], G [5,-5],
B [0,-5], O [-5,0], Y [-5,5], P [0,5].  Gains are lists in R O Y G B P order.

Where a test needs a player standing at, say, 16 in red, it sets the score
directly: the situation is under test, not the forty placements leading to it.
"""

import pytest

from games.engine import IllegalMove, board_decision, board_winner, duel_winner, new_game, replay
from games.engine.board import CELLS, NEIGHBOURS
from games.engine.tiles import kind_of
from games.engine.simulate import random_game

R, O, Y, G, B, P = range(6)
ANN, BEN = 0, 1


def gain(**points):
    """gain(R=2, B=1) -> [2, 0, 0, 0, 1, 0]"""
    result = [0] * 6
    for letter, value in points.items():
        result["ROYGBP".index(letter)] = value
    return result


def two_player(rules="mso"):
    return new_game(["Ann Able", "Ben Baker"], rules, tracked_racks=False)


# --- lines ----------------------------------------------------------------


def test_start_symbol_counts_and_tile_scores_only_its_own_colours():
    game = two_player()
    # R on [4,0]: d0 is [5,0], the red start symbol -> 1; then [6,0] is outside the area.
    # O on [3,0]: every neighbour but its partner is empty -> 0.
    assert game.place(ANN, "RO", [[4, 0], [3, 0]]) == gain(R=1)
    assert game.scores[ANN] == gain(R=1)
    assert game.scores[BEN] == gain()


def test_line_of_two_and_a_double_tile_adds_both_hexes():
    game = two_player()
    game.place(ANN, "RO", [[4, 0], [3, 0]])  # R+1, as above
    # R on [4,-1] (partner [3,-1] at d3): d5 is [4,0] R, then [4,1] empty -> 1;
    # d4 is [3,0] O -> 0.  B on [3,-1]: nothing blue around.
    assert game.place(BEN, "RB", [[4, -1], [3, -1]]) == gain(R=1)
    # RR on [4,1] and [3,1].  From [4,1] (partner at d3): d1 [5,0] start R -> 1,
    # then [6,-1] outside; d2 [4,0] R, [4,-1] R, [4,-2] empty -> 2.  So 3.
    # From [3,1] (partner at d0): d1 [4,0] R, [5,-1] empty -> 1; d2 [3,0] is O.  So 1.
    assert game.place(ANN, "RR", [[4, 1], [3, 1]]) == gain(R=4)
    assert game.scores[ANN] == gain(R=5)
    assert game.scores[BEN] == gain(R=1)


def test_the_direction_of_the_partner_hex_is_not_scored():
    game = two_player()
    # RR on [3,0] and [4,0]: beyond the partner [4,0] lies the red start [5,0],
    # but [3,0] does not look towards its partner.  [4,0] sees the start: 1.
    # Counting through the partner would give 3.
    assert game.place(ANN, "RR", [[3, 0], [4, 0]]) == gain(R=1)


def test_five_directions_score_and_a_different_colour_breaks_a_line():
    game = two_player("kosmos")  # after the first placements, tiles go anywhere
    assert game.place(ANN, "GG", [[4, 0], [3, 0]]) == gain()  # touches the free red start
    assert game.place(BEN, "GG", [[-4, 0], [-3, 0]]) == gain()  # touches the free orange start
    # A ring of red around [0,0], blue pointing outwards.
    assert game.place(ANN, "RB", [[1, 0], [2, 0]]) == gain()
    assert game.place(BEN, "RB", [[1, -1], [2, -2]]) == gain(R=1)  # d5 of [1,-1] is [1,0]
    assert game.place(ANN, "RB", [[0, -1], [0, -2]]) == gain(R=1)  # d0 of [0,-1] is [1,-1]
    assert game.place(BEN, "RB", [[-1, 1], [-2, 2]]) == gain()
    assert game.place(ANN, "RB", [[0, 1], [0, 2]]) == gain(R=2)  # d1 [1,0] and d3 [-1,1]
    # R on [0,0] with its partner at [-1,0] (d3): red at d0, d1, d2, d4, d5, each
    # line one long because blue stands behind it.  O on [-1,0] scores nothing.
    assert game.place(BEN, "RO", [[0, 0], [-1, 0]]) == gain(R=5)
    assert game.scores[BEN] == gain(R=6)


# --- the cap at 18 and bonus placements -------------------------------------


def _two_colours_to_go(rules):
    """Ann is to place RB on [[5,-1],[5,-2]], which scores R+2 B+1 (see below)."""
    game = two_player(rules)
    game.place(ANN, "RO", [[4, 0], [3, 0]])  # R+1
    if rules == "mso":
        game.place(BEN, "BY", [[4, -1], [3, -1]])  # touches [4,0]; scores nothing
    else:  # kosmos: Ben's first tile must touch a free start symbol
        game.place(BEN, "GG", [[-4, 0], [-3, 0]])
        game.place(ANN, "BY", [[4, -1], [3, -1]])
        game.place(BEN, "GG", [[-1, -2], [-2, -2]])  # alone in the middle: nothing
    # RB on [5,-1] / [5,-2]: R looks at d4 [4,0] R -> 1 and d5 [5,0] start -> 1
    # (d3 [4,-1] is blue); B looks at d4 [4,-1] B -> 1, then [3,0] is orange.
    return game


@pytest.mark.parametrize("rules", ["mso", "kosmos"])
def test_the_set_up_placement_scores_r2_b1(rules):
    game = _two_colours_to_go(rules)
    assert game.gain_of("RB", [[5, -1], [5, -2]]) == gain(R=2, B=1)


def test_points_above_18_are_lost_and_the_raw_gain_is_declared():
    game = _two_colours_to_go("mso")
    game.scores[ANN][R] = 17
    with pytest.raises(IllegalMove) as refused:
        game.place(ANN, "RB", [[5, -1], [5, -2]], gain={"R": 1, "B": 1})  # the capped gain is wrong
    assert refused.value.code == "wrong-gain"
    assert refused.value.message == "Ann Able declared R+1 B+1 but the placement scores R+2 B+1"
    assert game.place(ANN, "RB", [[5, -1], [5, -2]], gain={"R": 2, "B": 1}) == gain(R=2, B=1)
    assert game.scores[ANN][R] == 18
    assert game.scores[ANN][B] == 1
    assert game.bonus_owed == 1 and game.to_place == ANN


def test_a_colour_at_18_takes_no_more_points_and_earns_no_second_bonus():
    game = _two_colours_to_go("mso")
    game.scores[ANN][R] = 18
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.scores[ANN][R] == 18 and game.scores[ANN][B] == 1
    assert game.bonus_owed == 0 and game.to_place == BEN


@pytest.mark.parametrize("rules, bonuses", [("mso", 1), ("kosmos", 2)])
def test_two_colours_to_18_at_once(rules, bonuses):
    game = _two_colours_to_go(rules)
    game.scores[ANN][R] = 16
    game.scores[ANN][B] = 17
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.scores[ANN][R] == 18 and game.scores[ANN][B] == 18
    assert game.bonus_owed == bonuses
    # The bonus placements are Ann's, at once; Ben may not place meanwhile.
    with pytest.raises(IllegalMove) as refused:
        game.place(BEN, "PP", [[3, 1], [2, 1]])
    assert refused.value.code == "out-of-turn"
    spots = [[[3, 1], [2, 1]], [[2, 2], [1, 2]], [[1, 3], [0, 3]]]  # each touches the one before
    for spot in spots[:bonuses]:
        game.place(ANN, "PP", spot)
    # Bonuses used up: a further placement by Ann is out of turn; Ben plays on.
    with pytest.raises(IllegalMove) as refused:
        game.place(ANN, "PP", spots[bonuses])
    assert refused.value.code == "out-of-turn"
    game.place(BEN, "PP", spots[bonuses])


def test_a_bonus_placement_can_earn_another():
    game = _two_colours_to_go("mso")
    game.scores[ANN][R] = 16
    game.scores[ANN][O] = 17
    game.place(ANN, "RB", [[5, -1], [5, -2]])  # red to 18: one bonus
    # O on [2,0]: d0 is [3,0], orange -> 1, then [4,0] red.  Orange to 18: another bonus.
    assert game.place(ANN, "OY", [[2, 0], [1, 0]]) == gain(O=1)
    assert game.scores[ANN][O] == 18 and game.bonus_owed == 1 and game.to_place == ANN


def test_all_six_at_18_ends_the_game_at_once_even_with_a_bonus_due():
    game = _two_colours_to_go("mso")
    game.scores[ANN] = [17, 18, 18, 18, 18, 18]
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.is_over and game.ended_by == "all-18"
    result = game.result()
    assert result.winner == ANN and result.levels == [18, 0]
    with pytest.raises(IllegalMove) as refused:
        game.place(ANN, "PP", [[3, 1], [2, 1]])
    assert refused.value.code == "after-end"


# --- swaps -------------------------------------------------------------------


def _tracked_game():
    game = new_game(["Ann Able", "Ben Baker"], "mso", tracked_racks=True)
    return game


def test_swap_allowed_when_the_rack_shows_none_of_the_tied_lowest_colours():
    game = _tracked_game()
    game.draw(ANN, ["RO", "RR", "RR", "RR", "RR", "RR"])
    game.draw(BEN, ["BY", "GG", "GP", "PP", "YY", "BB"])
    game.place(ANN, "RO", [[4, 0], [3, 0]])  # R 1; O Y G B P tied lowest at 0
    assert game.rack(ANN) == ["RR"] * 5
    bag_before = game.bag_size
    game.swap(ANN, ["RR"] * 5)
    assert game.rack(ANN) == []
    game.draw(ANN, ["GB", "GB", "GB", "YP", "YP", "YP"])
    # The five RR go back to the bag after the new rack is drawn.
    assert game.bag_size == bag_before - 6 + 5
    assert game.bag[kind_of(R, R)] == 5  # all five doubles RR are back


def test_swap_refused_when_the_rack_shows_one_of_the_tied_lowest_colours():
    game = _tracked_game()
    game.draw(ANN, ["RO", "RR", "RR", "RR", "RR", "RY"])
    game.draw(BEN, ["BY", "GG", "GP", "PP", "YY", "BB"])
    game.place(ANN, "RO", [[4, 0], [3, 0]])
    with pytest.raises(IllegalMove) as refused:
        game.swap(ANN)
    assert refused.value.code == "illegal-swap"
    assert "RY" in refused.value.message and "Ann Able" in refused.value.message


@pytest.mark.parametrize(
    "scores, tile, allowed",
    [
        ([5, 2, 7, 9, 9, 9], "RY", True),  # lowest is orange alone; RY shows none
        ([5, 2, 7, 9, 9, 9], "OP", False),  # OP shows orange
        ([2, 2, 7, 9, 9, 9], "RY", False),  # red and orange tied lowest: RY shows red
        ([2, 2, 7, 9, 9, 9], "YG", True),
    ],
)
def test_swap_uses_the_lowest_colours_at_the_moment_of_the_swap(scores, tile, allowed):
    game = two_player()
    game.place(ANN, "GG", [[4, 0], [3, 0]])
    game.scores[ANN] = list(scores)
    if allowed:
        game.swap(ANN, [tile, "BB"])
    else:
        with pytest.raises(IllegalMove) as refused:
            game.swap(ANN, [tile, "BB"])
        assert refused.value.code == "illegal-swap"


# --- the clock and the other ends ---------------------------------------------


def test_a_flagged_players_opponent_plays_on_alone():
    game = two_player()
    game.place(ANN, "RO", [[4, 0], [3, 0]])
    game.flag(BEN)
    assert game.to_place == ANN
    game.place(ANN, "RO", [[4, -1], [3, -1]])  # R+1 from [4,0]; O+1 from [3,0]
    # R on [4,1]: the start [5,0] and the line [4,0] [4,-1] -> 3.
    # O on [3,1]: the line [3,0] [3,-1] -> 2.
    assert game.place(ANN, "RO", [[4, 1], [3, 1]]) == gain(R=3, O=2)  # turn after turn
    with pytest.raises(IllegalMove) as refused:
        game.place(BEN, "GG", [[2, 0], [1, 0]])
    assert refused.value.code == "flagged-player-moved"
    game.flag(ANN)
    assert game.ended_by == "all-flagged"
    # Both lowest colours are 0; Ann's sorted list [0,0,0,0,3,5] beats Ben's zeros.
    assert game.result().scores == [gain(R=5, O=3), gain()]
    assert game.result().winner == ANN


def test_flag_by_the_player_to_move_forfeits_the_rest_of_the_turn():
    game = _two_colours_to_go("mso")
    game.scores[ANN][R] = 16
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.bonus_owed == 1
    game.flag(ANN)  # the bonus is forfeited; Ben's turn at once
    assert game.to_place == BEN and game.bonus_owed == 0


def test_board_full_ends_when_no_two_adjacent_empty_cells_remain():
    log = random_game(2, "mso", seed=7)
    game = new_game(log["players"], "mso", tracked_racks=False)
    placements = [e for e in log["events"] if e["type"] == "place"]
    area = [i for i, (q, r) in enumerate(CELLS) if max(abs(q), abs(r), abs(q + r)) <= 5]

    def adjacent_empty_pairs():
        empty = {i for i in area if game.board[i] == -1}
        return sum(1 for i in empty for n in NEIGHBOURS[i] if n in empty)

    for event in placements[:-1]:
        game.place(event["player"], event["tile"], event["cells"])
        assert not game.is_over
    assert adjacent_empty_pairs() > 0
    last = placements[-1]
    game.place(last["player"], last["tile"], last["cells"])
    assert adjacent_empty_pairs() == 0
    assert game.ended_by == "board-full"


# --- winners ------------------------------------------------------------------


@pytest.mark.parametrize(
    "scores, winner",
    [
        # The spec's example: lowest 3 against 6.
        ([[3, 7, 12, 18, 5, 4], [6, 6, 9, 11, 8, 6]], 1),
        # Lowest tied at 4; second lowest 5 against 4.
        ([[4, 5, 9, 9, 9, 9], [4, 4, 18, 18, 18, 18]], 0),
        # The same six values in other colours: a draw.
        ([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], None),
        # Three players, two sharing the best list: no winner.
        ([[5, 5, 5, 5, 5, 6], [6, 5, 5, 5, 5, 5], [1, 18, 18, 18, 18, 18]], None),
    ],
)
def test_board_winner(scores, winner):
    assert board_winner(scores) == winner


@pytest.mark.parametrize(
    "scores, winner, place, runner_up",
    [
        # Lowest 3 against 6: player 1 at the lowest place.
        ([[3, 7, 12, 18, 5, 4], [6, 6, 9, 11, 8, 6]], 1, 0, 0),
        # Ascending 4 5 9 9 9 9 against 4 4 18 18 18 18: level at 4, then 5 against 4.
        ([[4, 5, 9, 9, 9, 9], [4, 4, 18, 18, 18, 18]], 0, 1, 1),
        # Ascending 2 2 5 9 9 9 against 2 2 5 9 9 10: only the highest differs.
        ([[9, 2, 9, 5, 2, 9], [10, 9, 9, 5, 2, 2]], 1, 5, 0),
        # Three players: 1 2 4 4 4 5 beats the runner-up 1 2 4 4 4 4 at the highest place, not the third player's
        # 1 2 3 ... at the third-lowest.
        ([[1, 2, 3, 4, 5, 6], [4, 4, 4, 2, 1, 4], [5, 4, 4, 4, 2, 1]], 2, 5, 1),
        # The same six values in other colours: a draw, no place.
        ([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], None, None, None),
        # Three players, two sharing the best list: no winner, though both beat the third.
        ([[5, 5, 5, 5, 5, 6], [6, 5, 5, 5, 5, 5], [1, 18, 18, 18, 18, 18]], None, None, None),
    ],
)
def test_board_decision_names_the_winner_and_the_deciding_place(scores, winner, place, runner_up):
    decision = board_decision(scores)
    assert (decision.winner, decision.place, decision.runner_up) == (winner, place, runner_up)
    assert decision.ranked[0] == tuple(sorted(scores[0]))


@pytest.mark.parametrize(
    "track, winner",
    [
        ([3, 1, 3, -4, -9, -2], 1),  # 3 each: Ann 1,3,3 against Ben 2,4,9
        ([0, 1, 2, -3, -4, 0], 1),  # counters on 0 count for neither
        ([5, 0, 0, 0, 0, 0], 0),
        ([2, 2, -2, -2, 0, 0], None),
        ([1, 1, 1, 1, -9, -9], 0),  # more counters wins, however far
    ],
)
def test_duel_winner(track, winner):
    assert duel_winner(track) == winner


# --- duel tracks ----------------------------------------------------------------


def _duel_set_up():
    game = new_game(["Ann Able", "Ben Baker"], "duel", tracked_racks=False)
    game.place(ANN, "RO", [[4, 0], [3, 0]])  # R+1: red counter to +1
    game.place(BEN, "GG", [[-4, 0], [-3, 0]])
    game.place(ANN, "BY", [[4, -1], [3, -1]])
    game.place(BEN, "GG", [[-1, -2], [-2, -2]])
    return game  # Ann to place RB on [[5,-1],[5,-2]]: R+2 B+1


def test_duel_counter_crosses_the_dividing_line_without_stopping_on_it():
    game = _duel_set_up()
    assert game.track[R] == 1
    game.track[R] = -2  # two steps towards Ann: -1, then +1
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.track[R] == 1 and game.track[B] == 1


def test_duel_counter_reaching_9_takes_the_token_and_a_bonus_once():
    game = _duel_set_up()
    game.track[B] = 8
    game.tokens[B] = BEN  # Ben holds blue's token: Ann takes it
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.track[B] == 9 and game.tokens[B] == ANN
    assert game.bonus_owed == 1


def test_duel_no_bonus_while_holding_the_token():
    game = _duel_set_up()
    game.track[B] = 8
    game.tokens[B] = ANN
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.track[B] == 9 and game.bonus_owed == 0 and game.to_place == BEN


def test_duel_counter_stops_at_9_and_all_six_on_one_side_ends_the_game():
    game = _duel_set_up()
    game.track[:] = [8, 1, 1, 1, 0, 1]  # blue is the only counter not on Ann's side
    game.place(ANN, "RB", [[5, -1], [5, -2]])
    assert game.track == [9, 1, 1, 1, 1, 1]
    assert game.ended_by == "all-18"
    assert game.result().winner == ANN and game.result().levels is None


def test_duel_log_report_has_positions_and_null_levels():
    log = random_game(2, "duel", seed=3)
    report = replay(log)
    assert report.valid
    assert report.levels is None
    assert len(report.scores) == 6 and all(-9 <= p <= 9 for p in report.scores)
    assert report.to_json()["levels"] is None
