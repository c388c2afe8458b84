"""The API a program drives a `Game` through, move by move (as the game room does): whose turn, what is owed,
where a tile may go.  Values worked out by hand from `docs/move-log.md`.

Geometry (2 players, area = rings <= 5): the red start symbol [5,0] has three neighbours in the area,
[5,-1], [4,0] and [4,1]; the empty pairs that touch it are
  [5,-1]+[5,-2], [5,-1]+[4,-1], [5,-1]+[4,0], [4,0]+[4,-1], [4,0]+[3,0], [4,0]+[3,1], [4,0]+[4,1],
  [4,1]+[3,1], [4,1]+[3,2]
nine pairs; each of the six start symbols is a corner like it, and they lie far apart: 54 pairs in all.
"""

import pytest

from games.engine import IllegalMove, new_game
from games.engine.turns import BONUS, PLACED, REFILL, START, SWAPPED

ANN, BEN = 0, 1
NAMES = ["Ann Able", "Ben Baker"]
RED_START_PAIRS = {((5, -1), (5, -2)), ((5, -1), (4, -1)), ((5, -1), (4, 0)), ((4, 0), (4, -1)), ((4, 0), (3, 0)),
                   ((4, 0), (3, 1)), ((4, 0), (4, 1)), ((4, 1), (3, 1)), ((4, 1), (3, 2))}


def game_with_racks(ann, ben, clock_s=None):
    game = new_game(NAMES, "mso", tracked_racks=True, clock_s=clock_s)
    game.draw(ANN, ann)
    game.draw(BEN, ben)
    return game


def test_a_new_game_waits_for_the_first_players_placement():
    state = game_with_racks(["RO"] * 6, ["GB"] * 6).state
    assert (state.turn, state.phase, state.to_place) == (ANN, START, ANN)
    assert (state.bonus_owed, state.may_swap, state.refill, state.flag_owed, state.owed) == (0, False, 0, None, None)


def test_the_first_placement_of_a_tile_touches_a_start_symbol_either_way_round():
    game = game_with_racks(["RO", "RR", "GB", "YP", "GY", "BP"], ["GO"] * 6)
    ro = set(game.placements_of("RO"))
    assert len(ro) == 2 * 54
    assert {((4, 0), (3, 0)), ((3, 0), (4, 0))} <= ro  # R beside the red start, or O there
    assert ((0, 0), (1, 0)) not in ro  # touches nothing
    near_red = {pair for pair in ro if {pair[0], pair[1]} & {(5, -1), (4, 0), (4, 1)}}
    assert near_red == RED_START_PAIRS | {(b, a) for a, b in RED_START_PAIRS}
    # A double lies the same both ways round: each pair once.
    assert len(game.placements_of("RR")) == 54
    # Not in Ann's rack; not a tile at all.
    assert game.placements_of("OO") == [] and game.placements_of("XY") == []


def test_every_placement_offered_is_accepted():
    game = game_with_racks(["RO"] * 6, ["GB"] * 6)
    for cells in game.placements_of("RO")[:20]:
        trial = game_with_racks(["RO"] * 6, ["GB"] * 6)
        trial.place(ANN, "RO", cells)
        assert trial.placement_count == 1


def test_after_placing_the_turn_offers_the_refill_and_the_swap_only_when_the_rule_allows_it():
    # Ann places RO for R+1: her lowest colours are O Y G B P.
    game = game_with_racks(["RO", "RR", "RR", "RR", "RR", "RR"], ["GB"] * 6)
    game.place(ANN, "RO", [[4, 0], [3, 0]])
    state = game.state
    # Five RR left, none showing a lowest colour: she may swap, or refill one tile; Ben places next.
    assert (state.turn, state.phase, state.to_place, state.may_swap, state.refill) == (ANN, PLACED, BEN, True, 1)
    game.swap(ANN)
    state = game.state
    assert (state.phase, state.may_swap, state.refill) == (SWAPPED, False, 6)  # the whole rack set aside
    game.draw(ANN, ["GG", "GG", "BB"])
    assert (game.state.phase, game.state.refill) == (REFILL, 3)
    game.draw(ANN, ["BB", "PP", "PP"])
    assert game.state.refill == 0
    # Ben's placement begins his turn.
    game.place(BEN, "GB", [[4, -4], [3, -4]])
    assert (game.state.turn, game.state.phase, game.state.to_place) == (BEN, PLACED, ANN)


def test_no_swap_with_a_tile_showing_a_lowest_colour():
    game = game_with_racks(["RO", "RR", "RR", "RR", "RR", "GB"], ["GO"] * 6)
    game.place(ANN, "RO", [[4, 0], [3, 0]])  # R+1; GB shows green and blue, at 0
    assert game.state.may_swap is False and not game.may_swap(ANN)
    with pytest.raises(IllegalMove) as refused:
        game.swap(ANN)
    assert refused.value.code == "illegal-swap"


# Ann brings red to 18 (the hand-checked build-up of test_error_codes.RED_TO_18), untracked.
RED_TO_18 = [
    (ANN, "RR", [[4, 0], [3, 0]]), (BEN, "GB", [[4, -4], [3, -4]]), (ANN, "RR", [[2, 0], [1, 0]]),
    (BEN, "GB", [[2, -4], [1, -4]]), (ANN, "RR", [[0, 0], [-1, 0]]), (BEN, "GB", [[0, -4], [-1, -4]]),
    (ANN, "RR", [[-2, 0], [-3, 0]]), (BEN, "YP", [[-1, 5], [-2, 5]]), (ANN, "RR", [[-4, 0], [-4, -1]]),
]


def test_a_bonus_placement_is_owed_by_the_turns_player_and_comes_first():
    game = new_game(NAMES, "mso", tracked_racks=False)
    for player, tile, cells in RED_TO_18:
        game.place(player, tile, cells)
    state = game.state
    assert (state.turn, state.phase, state.to_place, state.bonus_owed, state.owed) == (ANN, BONUS, ANN, 1, "bonus")
    assert state.may_swap is False
    assert game.placements_of("OY")  # the bonus tile may go somewhere
    game.place(ANN, "OY", [[-4, 1], [-3, 1]])
    assert (game.state.phase, game.state.bonus_owed, game.state.to_place, game.state.owed) == (PLACED, 0, BEN, None)


def test_a_reading_of_0_owes_that_players_flag_and_nothing_else_is_offered():
    game = game_with_racks(["RO", "RR", "RR", "RR", "RR", "RR"], ["GB"] * 6, clock_s=600)
    game.place(ANN, "RO", [[4, 0], [3, 0]], clock_s=0)
    state = game.state
    assert (state.flag_owed, state.owed, state.may_swap) == (ANN, "flag", False)
    assert game.placements_of("GB") == [] and game.last_reading(ANN) == 0
    with pytest.raises(IllegalMove) as refused:
        game.check_next("a draw by Ann Able")
    assert refused.value.code == "bad-clock"
    game.check_next("a flag by Ann Able", flag_by=ANN)  # the flag owed passes
    with pytest.raises(IllegalMove) as refused:
        game.flag(BEN)
    assert refused.value.code == "bad-clock"
    game.flag(ANN)
    state = game.state
    assert (state.flag_owed, state.turn, state.phase, state.to_place) == (None, BEN, START, BEN)
    assert game.flagged == [True, False]


def test_once_over_nobody_is_to_move():
    game = new_game(NAMES, "mso", tracked_racks=False)
    game.flag(ANN)
    game.flag(BEN)
    state = game.state
    assert game.ended_by == "all-flagged"
    assert (state.turn, state.to_place, state.may_swap, state.refill, state.owed) == (None, None, False, 0, None)
    assert game.placements_of("RO") == []
