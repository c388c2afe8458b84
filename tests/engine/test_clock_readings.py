"""Clock readings, the log's `clock_s` and the form of `final`, on small hand-written logs.

Each expected code and event index is worked out by hand from
`docs/move-log.md`, Precise points ("Clock readings", "Whole-object
checks", "Order of checks within one event") and the error table's order, with
the openings and geometry of `test_error_codes.py`:

  ANN_RED   Ann, "RO" on [4,0],[3,0]: R+1 (touches the red start [5,0]).
  BEN_GREEN Ben, "GB" on [4,-4],[3,-4]: G+1 (touches the green start [5,-5]).
  ANN_2     Ann, "GB" on [2,0],[1,0]: G's d0 is the orange hex at [3,0], the
            rest empty -> nothing.  Touches ANN_RED (mso).
  BEN_2     Ben, "GB" on [2,-4],[1,-4]: G's d0 is the blue hex [3,-4] -> nothing.
  ANN_3     Ann, "YP" on [0,0],[-1,0]: Y's d0 is the blue hex [1,0] -> nothing.
Untracked racks (no `draw`) unless said; `clock_s` of the log is 600 unless said.
"""

import pytest

from games.engine import IllegalMove, new_game, replay

from .test_error_codes import (ALL_FLAG, ANN, ANN_BONUS, ANN_RED, BEN, BEN_GREEN, BEN_SOUTH, CLEO, END,
                               RED_TO_18, TRACKED_START, ZERO, assert_fault, assert_unfinished, draw, flag, log,
                               place)

ANN_2 = place(ANN, "GB", [[2, 0], [1, 0]], {})
BEN_2 = place(BEN, "GB", [[2, -4], [1, -4]], {})
ANN_3 = place(ANN, "YP", [[0, 0], [-1, 0]], {})


def timed(event, seconds):
    """The placement with the player's clock reading after it."""
    return dict(event, clock_s=seconds)


def clocked(events, clock_s=600, **extra):
    return log(events, clock_s=clock_s, **extra)


# --- readings that cannot be true ---------------------------------------------


def test_a_negative_reading_is_bad_clock():
    assert_fault(clocked([timed(ANN_RED, -1)]), "bad-clock", 0, "Ann Able", "below 0")
    # Without a clock_s for the game, below 0 is still impossible.
    assert_fault(log([timed(ANN_RED, -30)]), "bad-clock", 0, "Ann Able")


def test_a_reading_above_the_logs_clock_is_bad_clock():
    assert_fault(clocked([timed(ANN_RED, 601)]), "bad-clock", 0, "Ann Able", "600")
    assert_fault(clocked([ANN_RED, timed(BEN_GREEN, 950)]), "bad-clock", 1, "Ben Baker")
    # A log once reported: readings of 900 and 950 on a 600 s clock.
    assert_fault(clocked([timed(ANN_RED, 900), timed(BEN_GREEN, 950)]), "bad-clock", 0, "Ann Able")


def test_a_reading_equal_to_the_logs_clock_is_fine():
    assert_unfinished(clocked([timed(ANN_RED, 600), timed(BEN_GREEN, 600)]))


def test_without_the_logs_clock_there_is_no_upper_bound():
    assert_unfinished(log([timed(ANN_RED, 900), timed(BEN_GREEN, 950)]))
    assert_unfinished(log([timed(ANN_RED, 900), timed(BEN_GREEN, 950)], clock_s=None))


def test_a_reading_above_the_same_players_previous_one_is_bad_clock():
    events = [timed(ANN_RED, 590), timed(BEN_GREEN, 580), timed(ANN_2, 591)]
    assert_fault(clocked(events), "bad-clock", 2, "Ann Able", "590")


def test_the_players_clocks_are_independent():
    # Ben's 595 is above Ann's 590, and Ben's 585 above Ann's 580: each player's own clock runs down.
    events = [timed(ANN_RED, 590), timed(BEN_GREEN, 595), timed(ANN_2, 580), timed(BEN_2, 585), timed(ANN_3, 580)]
    assert_unfinished(clocked(events))


def test_an_equal_reading_is_fine():
    assert_unfinished(clocked([timed(ANN_RED, 590), timed(BEN_GREEN, 580), timed(ANN_2, 590)]))


# Ben's third placement: "YP" on [0,-4],[-1,-4], touching his blue hex [1,-4].  Y sees
# the blue hex, the blue start and empty cells; P sees the blue start and empty cells: nothing.
BEN_3 = place(BEN, "YP", [[0, -4], [-1, -4]], {})
# Ann's fourth: "RO" on [-2,0],[-3,0], touching her purple hex [-1,0]; nothing red or orange in line.
ANN_4 = place(ANN, "RO", [[-2, 0], [-3, 0]], {})


def test_readings_on_some_placements_only():
    events = [timed(ANN_RED, 590), BEN_GREEN, ANN_2, timed(BEN_2, 500), ANN_3, BEN_3]
    assert_unfinished(clocked(events + [timed(ANN_4, 590)]))
    # Ann's previous reading is the last one given (590 at event 0), however many placements lie between.
    assert_fault(clocked(events + [timed(ANN_4, 591)]), "bad-clock", 6, "Ann Able", "590")


def test_readings_are_checked_on_bonus_placements_too():
    # RED_TO_18 with Ann's clock at 400 on her 18th red; her bonus placement reads 401.
    events = RED_TO_18[:8] + [timed(RED_TO_18[8], 400), timed(ANN_BONUS, 401)]
    assert_fault(clocked(events), "bad-clock", 9, "Ann Able")
    events = RED_TO_18[:8] + [timed(RED_TO_18[8], 400), timed(ANN_BONUS, 399), BEN_SOUTH]
    assert_unfinished(clocked(events))


# --- a reading of 0 ---------------------------------------------------------------


def test_a_zero_followed_by_the_players_flag_is_valid():
    # Ann's time runs out with her first placement; Ben plays once and flags.  Scores R1 v G1: a draw.
    events = [timed(ANN_RED, 0), flag(ANN), timed(BEN_GREEN, 300), flag(BEN)]
    report = replay(clocked(events, final=[[1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0]]))
    assert report.to_json() == {
        "valid": True,
        "scores": [[1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0]],
        "winner": None,
        "levels": [0, 0],
        "ended_by": "all-flagged",
    }


@pytest.mark.parametrize(
    "following",
    [
        BEN_GREEN,  # the next turn's placement: not out of turn, but Ann's flag is owed
        flag(BEN),  # another player's flag
        place(ANN, "GB", [[2, 0], [1, 0]]),  # Ann placing again (out-of-turn by itself)
        END,  # an end (premature by itself)
        7,  # not even an object (bad-event by itself)
        {"type": "pass", "player": ANN},  # an unknown type
        {"type": "flag", "player": True},  # true is not the index 0
        {"type": "flag", "player": "0"},
        place(BEN, "GB", [[40, 0], [41, 0]]),  # off the board
    ],
    ids=["placement", "other-flag", "same-player-places", "end", "number", "unknown-type", "flag-true",
         "flag-string", "off-board"],
)
def test_a_zero_followed_by_anything_but_the_players_flag_is_bad_clock_at_that_event(following):
    # The fault is at the event after the 0 (index 1), checked before that event's own checks.
    report = assert_fault(clocked([timed(ANN_RED, 0), following]), "bad-clock", 1, "Ann Able")
    assert "flag" in report.message


def test_a_zero_followed_by_a_draw_with_tracked_racks():
    # After her placement Ann would refill; with 0 on her clock only her flag may follow.
    events = TRACKED_START + [timed(ANN_RED, 0), draw(ANN, "RR")]
    assert_fault(clocked(events), "bad-clock", 3, "Ann Able")
    # Flagging forfeits the refill, and Ben plays on.
    events = TRACKED_START + [timed(ANN_RED, 0), flag(ANN), BEN_GREEN, draw(BEN, "GG")]
    assert_unfinished(clocked(events))


def test_a_zero_on_a_placement_that_earned_a_bonus():
    # Ann's 18th red earns a bonus, but her clock reads 0: her flag must come next, not the bonus.
    events = RED_TO_18[:8] + [timed(RED_TO_18[8], 0), ANN_BONUS]
    assert_fault(clocked(events), "bad-clock", 9, "Ann Able")
    # The flag forfeits the bonus; Ben plays on.
    events = RED_TO_18[:8] + [timed(RED_TO_18[8], 0), flag(ANN), BEN_SOUTH]
    assert_unfinished(clocked(events))


def test_a_zero_as_the_last_event_is_only_unfinished():
    assert_unfinished(clocked([timed(ANN_RED, 0)]))


def test_a_zero_in_three_players_wants_that_players_flag():
    # Cleo's flag comes between Ann's 0 and Ann's flag: bad-clock at the intruding flag.
    events = [timed(ANN_RED, 0), flag(CLEO), flag(ANN)]
    assert_fault(clocked(events, players=3), "bad-clock", 1, "Ann Able")
    assert_unfinished(clocked([timed(ANN_RED, 0), flag(ANN), flag(CLEO)], players=3))


# The duel game that ends on a placement: Ben flags at once, and Ann moves each
# of the six counters one space to her side, each hex beside its start symbol
# (duel placement follows kosmos: the first touches an untouched start symbol).
DUEL_SIX = [
    flag(BEN),
    place(ANN, "RO", [[4, 0], [3, 0]], {"R": 1}),  # R: d0 is the red start
    place(ANN, "GB", [[4, -4], [3, -4]], {"G": 1}),  # G: d1 is the green start
    # G on [0,-4]: d2 is the blue start (not green) -> 0; B on [-1,-4]: d1 is the blue start -> B+1.
    place(ANN, "GB", [[0, -4], [-1, -4]], {"B": 1}),
    # O on [-4,0]: d3 is the orange start -> O+1; Y on [-4,1] sees no yellow.
    place(ANN, "OY", [[-4, 0], [-4, 1]], {"O": 1}),
    # Y on [-4,4]: d4 is the yellow start -> Y+1; P on [-3,4] is nowhere near the purple start.
    place(ANN, "YP", [[-4, 4], [-3, 4]], {"Y": 1}),
    # P on [-1,5]: d0 is the purple start -> P+1: all six counters on Ann's side, the game ends.
    place(ANN, "PR", [[-1, 5], [-2, 5]], {"P": 1}),
]


def test_a_zero_on_the_placement_that_ends_the_game_needs_no_flag():
    events = DUEL_SIX[:-1] + [timed(DUEL_SIX[-1], 0)]
    report = replay(clocked(events, rules="duel", final=[1, 1, 1, 1, 1, 1]))
    assert report.to_json() == {
        "valid": True, "scores": [1, 1, 1, 1, 1, 1], "winner": 0, "levels": None, "ended_by": "all-18",
    }
    assert replay(clocked(events + [END], rules="duel")).valid
    # The game is over: a flag after it is after-end, not the owed flag.
    assert_fault(clocked(events + [flag(ANN)], rules="duel"), "after-end", 7)


def test_readings_are_checked_on_the_placement_that_would_end_the_game():
    events = DUEL_SIX[:-1] + [timed(DUEL_SIX[-1], -1)]
    assert_fault(clocked(events, rules="duel"), "bad-clock", 6, "Ann Able")


def test_a_flag_with_time_still_showing_is_fine():
    events = [timed(ANN_RED, 590), flag(ANN), timed(BEN_GREEN, 12), flag(BEN)]
    assert replay(clocked(events)).valid


# --- a reading that is not an integer: bad-event, after gain ------------------------


@pytest.mark.parametrize("seconds", [12.5, 590.0, True, False, "590", [590], {"s": 1}])
def test_a_reading_that_is_not_an_integer_is_bad_event(seconds):
    assert_fault(clocked([timed(ANN_RED, seconds)]), "bad-event", 0, "Ann Able")


def test_a_non_integer_reading_is_checked_after_the_other_fields_and_before_the_rules():
    # A malformed gain is found first (same code, its own message).
    report = assert_fault(clocked([timed(place(ANN, "RO", [[4, 0], [3, 0]], {"R": -1}), 1.5)]), "bad-event", 0)
    assert "gain" in report.message
    # A bad tile and a bad cell come before the reading.
    assert_fault(clocked([timed(place(ANN, "RX", [[4, 0], [3, 0]]), 1.5)]), "bad-tile", 0)
    assert_fault(clocked([timed(place(ANN, "RO", [[4, 0], 3]), 1.5)]), "bad-cell", 0)
    # Rule checks come after: a wrong gain, out of turn and off the board give way to bad-event.
    report = assert_fault(clocked([timed(place(ANN, "RO", [[4, 0], [3, 0]], {"R": 3}), 1.5)]), "bad-event", 0)
    assert "clock_s" in report.message
    assert_fault(clocked([timed(BEN_GREEN, "1")]), "bad-event", 0)
    assert_fault(clocked([timed(place(ANN, "RO", [[9, 0], [8, 0]]), 1.5)]), "bad-event", 0)


# --- bad-clock after every other rule check -------------------------------------------


def test_bad_clock_comes_after_the_other_rule_checks():
    assert_fault(clocked([timed(place(ANN, "RO", [[4, 0], [3, 0]], {"R": 3}), -1)]), "wrong-gain", 0)
    assert_fault(clocked([timed(place(ANN, "RO", [[9, 0], [8, 0]]), 700)]), "off-board", 0)
    assert_fault(clocked([timed(BEN_GREEN, -1)]), "out-of-turn", 0)
    assert_fault(clocked([timed(place(ANN, "RO", [[0, 0], [1, 0]]), -1)]), "placement-rule", 0)
    assert_fault(clocked([flag(ANN), timed(place(ANN, "RO", [[4, 0], [3, 0]]), 700)]), "flagged-player-moved", 1)
    assert_fault(clocked(TRACKED_START + [timed(place(ANN, "RR", [[4, 0], [3, 0]]), 700)]), "tile-not-in-rack", 2)


def test_a_refused_reading_leaves_the_game_unchanged():
    game = new_game(["Ann Able", "Ben Baker"], "mso", tracked_racks=False, clock_s=600)
    with pytest.raises(IllegalMove) as refused:
        game.place(ANN, "RO", [[4, 0], [3, 0]], clock_s=601)
    assert refused.value.code == "bad-clock"
    assert game.placement_count == 0 and game.colour_at(4, 0) is None and game.scores[ANN] == ZERO
    game.place(ANN, "RO", [[4, 0], [3, 0]], clock_s=0)
    for move in (lambda: game.place(BEN, "GB", [[4, -4], [3, -4]]), lambda: game.flag(BEN), game.end):
        with pytest.raises(IllegalMove) as refused:
            move()
        assert refused.value.code == "bad-clock"
    game.flag(ANN)
    game.place(BEN, "GB", [[4, -4], [3, -4]], clock_s=600)


# --- the log's own clock_s: bad-format, in the whole-object order ------------------------


@pytest.mark.parametrize("clock_s", [0, -5, 3.5, 600.0, True, False, "600", [600], {}])
def test_the_logs_clock_must_be_a_positive_integer(clock_s):
    report = assert_fault(clocked(ALL_FLAG, clock_s=clock_s), "bad-format", None)
    assert "clock_s" in report.message


def test_a_one_second_clock_is_fine():
    assert replay(clocked(ALL_FLAG, clock_s=1)).valid


def test_the_logs_clock_is_checked_after_format_players_and_rules_and_before_events():
    assert "format" in assert_fault(clocked([], clock_s=0, format="x"), "bad-format", None).message
    assert "players" in assert_fault(clocked([], clock_s=0, players=["Solo"]), "bad-format", None).message
    assert "rules" in assert_fault(clocked([], clock_s=0, rules="chess"), "bad-format", None).message
    assert "duel" in assert_fault(clocked([], clock_s=0, rules="duel", players=3), "bad-format", None).message
    report = assert_fault(clocked(None, clock_s=0), "bad-format", None)
    assert "clock_s" in report.message
    # ... and before any event: the first event is faulty, but the object is first.
    assert "clock_s" in assert_fault(clocked([7], clock_s=-5), "bad-format", None).message


# --- final: compared after the last event, so a malformed one is wrong-final ----------------


@pytest.mark.parametrize(
    "final",
    [
        "x",
        7,
        {"0": ZERO},
        [],
        [ZERO],  # one row for two players
        [ZERO, ZERO, ZERO],
        [ZERO, [0, 0, 0, 0, 0]],  # five scores
        [ZERO, [0, 0, 0, 0, 0, 0, 0]],
        [ZERO, [0, 0, 0, 0, 0, 0.0]],  # 0.0 is not an integer
        [[0, 0, 0, 0, 0, False], ZERO],
        [ZERO, "000000"],
        [ZERO, [0, 0, 0, 0, 0, "0"]],
        [ZERO, [0, 0, 0, 0, 0, None]],
    ],
)
def test_a_final_of_the_wrong_shape_is_wrong_final_at_the_number_of_events(final):
    # The events themselves are fine: both players flag, all scores 0.
    report = assert_fault(clocked(ALL_FLAG, final=final), "wrong-final", 2)
    assert "final" in report.message
    assert_fault(clocked(ALL_FLAG + [END], final=final), "wrong-final", 3)


def test_a_malformed_final_names_the_player_whose_row_is_wrong():
    report = assert_fault(clocked(ALL_FLAG, final=[ZERO, [0, 0, 0, 0, 0, 0.0]]), "wrong-final", 2)
    assert "Ben Baker" in report.message


@pytest.mark.parametrize("final", [[ZERO], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0.0], "x", [[0] * 6, [0] * 6]])
def test_a_duel_final_of_the_wrong_shape_is_wrong_final(final):
    assert_fault(clocked(ALL_FLAG, rules="duel", final=final), "wrong-final", 2)


def test_a_malformed_final_comes_after_every_event_fault_and_unfinished():
    assert_fault(clocked([ANN_RED], final="x"), "unfinished", 1)
    assert_fault(clocked([BEN_GREEN, flag(ANN)], final="x"), "out-of-turn", 0)
    assert_fault(clocked([timed(ANN_RED, 0), BEN_GREEN], final=[ZERO]), "bad-clock", 1)
