"""Branches of the clock rule that the hand-written logs of `test_clock_readings.py` left unpinned, found by
breaking each branch on purpose (`docs/move-log.md`, Precise points: Clock readings, Flag).

Openings as in `test_clock_readings.py` (ANN_RED R+1, BEN_GREEN G+1, ANN_2, BEN_2 score nothing).
"""

import pytest

from games.engine import IllegalMove, new_game, replay

from .test_clock_readings import ANN_2, BEN_2, DUEL_SIX, clocked, timed
from .test_error_codes import ANN, ANN_RED, BEN, BEN_GREEN, assert_fault, assert_unfinished, flag

NAMES = ["Ann Able", "Ben Baker"]


def test_one_second_left_is_time_left_the_player_plays_on():
    # Only 0 means the time ran out: after 1 s, Ben plays; Ann's next reading of 0 then owes her flag.
    assert_unfinished(clocked([timed(ANN_RED, 1), timed(BEN_GREEN, 1), timed(ANN_2, 0), flag(ANN), BEN_2]))
    assert_fault(clocked([timed(ANN_RED, 1), timed(BEN_GREEN, 1), timed(ANN_2, 0), BEN_2]), "bad-clock", 3)


def test_a_zero_on_the_placement_that_ends_the_game_owes_nothing_to_a_program_driving_the_game():
    game = new_game(NAMES, "duel", tracked_racks=False, clock_s=600)
    game.flag(BEN)
    for event in DUEL_SIX[1:]:
        game.place(ANN, event["tile"], event["cells"], clock_s=0 if event is DUEL_SIX[-1] else None)
    assert game.ended_by == "all-18"
    assert game.flag_owed is None and game.state.owed is None


def test_a_flag_on_ones_own_turn_after_a_swap_returns_the_swapped_tiles_to_the_bag():
    # Ann places RO, swaps her five RR (set aside until her refill), then her time runs out before she draws:
    # the refill is forfeited, and the five RR go back to the bag at once (108 + 5), for Ben to draw.
    game = new_game(NAMES, "mso", tracked_racks=True, clock_s=600)
    game.draw(ANN, ["RO", "RR", "RR", "RR", "RR", "RR"])
    game.draw(BEN, ["GB", "GO", "GO", "GO", "GO", "GO"])
    game.place(ANN, "RO", [[4, 0], [3, 0]])
    game.swap(ANN)
    assert game.bag_size == 108 and game.rack_sizes[ANN] == 0
    game.flag(ANN)
    assert game.bag_size == 113 and game.bag[0] == 5  # RR is tile kind 0: all five copies back
    game.place(BEN, "GB", [[4, -4], [3, -4]])
    game.draw(BEN, ["RR"])
    assert game.racks[BEN][0] == 1


def test_the_last_flag_ends_the_game_and_a_flag_before_it_does_not():
    report = replay(clocked([timed(ANN_RED, 0), flag(ANN), BEN_GREEN, flag(BEN)]))
    assert (report.valid, report.ended_by) == (True, "all-flagged")
    assert_unfinished(clocked([timed(ANN_RED, 0), flag(ANN), BEN_GREEN]))


@pytest.mark.parametrize("move", ["draw", "swap", "place", "end", "another's flag"])
def test_after_a_zero_a_program_driving_the_game_gets_only_that_players_flag(move):
    # Ann's RO leaves her five RR: without the 0 she might swap them, or refill one tile.
    game = new_game(NAMES, "mso", tracked_racks=True, clock_s=600)
    game.draw(ANN, ["RO", "RR", "RR", "RR", "RR", "RR"])
    game.draw(BEN, ["GB", "GO", "GO", "GO", "GO", "GO"])
    game.place(ANN, "RO", [[4, 0], [3, 0]], clock_s=0)
    moves = {
        "draw": lambda: game.draw(ANN, ["PP"]),
        "swap": lambda: game.swap(ANN),
        "place": lambda: game.place(BEN, "GB", [[4, -4], [3, -4]]),
        "end": game.end,
        "another's flag": lambda: game.flag(BEN),
    }
    with pytest.raises(IllegalMove) as refused:
        moves[move]()
    assert refused.value.code == "bad-clock" and "Ann Able's flag" in refused.value.message
    assert (game.bag_size, game.rack_sizes, game.flagged, game.flag_owed) == (108, [5, 6], [False, False], ANN)
    game.flag(ANN)
    assert (game.state.turn, game.state.to_place, game.flag_owed) == (BEN, BEN, None)
