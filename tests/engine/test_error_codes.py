"""Every error code of `docs/move-log.md`, on small hand-written logs.

Each expected code and event index is worked out by hand from the spec (the
error-code table and "Precise points") and the board geometry, not read back
from the engine.

Geometry used below (2 players: area = rings <= 5):
  neighbours of [q,r]: d0 [q+1,r], d1 [q+1,r-1], d2 [q,r-1], d3 [q-1,r],
  d4 [q-1,r+1], d5 [q,r+1]; a cell's ring is max(|q|, |r|, |q+r|).
  Start symbols: R [5,0], G [5,-5], B [0,-5], O [-5,0], Y [-5,5], P [0,5].

Two openings recur:
  ANN_RED  "RO" on [4,0],[3,0]: R on [4,0] looks d0 at the red start [5,0] -> R+1
           (d3 points at the partner and is skipped); O on [3,0] sees only
           empty cells -> 0.  Touches the start symbol, so legal under mso.
  BEN_GREEN "GB" on [4,-4],[3,-4]: G on [4,-4] looks d1 at the green start
           [5,-5] -> G+1; B on [3,-4] sees only empty cells -> 0.
"""

import json

import pytest

from games.engine import check_text, replay

FORMAT = "ingenious-log/1"
NAMES = ["Ann Able", "Ben Baker", "Cleo Cole", "Dan Dee"]
ANN, BEN, CLEO = 0, 1, 2
ZERO = [0, 0, 0, 0, 0, 0]


# --- builders ---------------------------------------------------------------


def log(events, players=2, rules="mso", **extra):
    """A log object around `events`.

    `players` is a count (names from NAMES) or, for bad-format cases, the raw
    value; `extra` adds or overrides top-level fields.
    """
    names = NAMES[:players] if type(players) is int else players
    obj = {"format": FORMAT, "rules": rules, "players": names, "events": events}
    obj.update(extra)
    return obj


def place(player, tile, cells, gain=None):
    event = {"type": "place", "player": player, "tile": tile, "cells": cells}
    if gain is not None:
        event["gain"] = gain
    return event


def draw(player, *tiles):
    return {"type": "draw", "player": player, "tiles": list(tiles)}


def swap(player, rack=None):
    event = {"type": "swap", "player": player}
    if rack is not None:
        event["rack"] = rack
    return event


def flag(player):
    return {"type": "flag", "player": player}


END = {"type": "end"}

ANN_RED = place(ANN, "RO", [[4, 0], [3, 0]], {"R": 1})
BEN_GREEN = place(BEN, "GB", [[4, -4], [3, -4]], {"G": 1})
ALL_FLAG = [flag(ANN), flag(BEN)]

# Tracked racks.  After ANN_RED Ann holds GB YP GY BP OY (+ the refill).
RACK_ANN = ["RO", "GB", "YP", "GY", "BP", "OY"]
RACK_BEN = ["GB", "RY", "OP", "BY", "GO", "RP"]
TRACKED_START = [draw(ANN, *RACK_ANN), draw(BEN, *RACK_BEN)]
TRACKED_ROUND = TRACKED_START + [ANN_RED, draw(ANN, "RR"), BEN_GREEN, draw(BEN, "GG")]

# Ann brings red to 18 (untracked, mso).  Ann lays the five RR doubles along
# row r=0 westwards from the red start [5,0]; each time only the east hex sees
# the red line (its west neighbour is its partner, the partner's east ray points
# back at the tile): 1, 3, 5, 7, then 9 -> 1+3+5+7 = 16, 16+9 = 25, capped at 18.
# Ben plays in the north and south, touching his own tiles / start symbols.
RED_TO_18 = [
    # 0: [4,0] d0 -> [5,0] start = 1.
    place(ANN, "RR", [[4, 0], [3, 0]], {"R": 1}),
    # 1: BEN_GREEN, G+1.
    place(BEN, "GB", [[4, -4], [3, -4]], {"G": 1}),
    # 2: [2,0] d0 -> [3,0] [4,0] [5,0] = 3.
    place(ANN, "RR", [[2, 0], [1, 0]], {"R": 3}),
    # 3: G on [2,-4]: d0 is B at [3,-4]; the rest empty. B on [1,-4]: all empty -> nothing.
    place(BEN, "GB", [[2, -4], [1, -4]], {}),
    # 4: [0,0] d0 -> [1,0]..[4,0], [5,0] = 5.
    place(ANN, "RR", [[0, 0], [-1, 0]], {"R": 5}),
    # 5: G on [0,-4]: d2 is the BLUE start [0,-5] -> 0.  B on [-1,-4]: d1 is [0,-5],
    #    the blue start -> B+1 (then [1,-6], empty).
    place(BEN, "GB", [[0, -4], [-1, -4]], {"B": 1}),
    # 6: [-2,0] d0 -> [-1,0]..[4,0], [5,0] = 7.
    place(ANN, "RR", [[-2, 0], [-3, 0]], {"R": 7}),
    # 7: Y on [-1,5] touches the purple start [0,5] (d0, not yellow); P on [-2,5]:
    #    its d0 is the partner -> nothing.
    place(BEN, "YP", [[-1, 5], [-2, 5]], {}),
    # 8: the fifth RR; partner [-4,-1] lies d2 of [-4,0].  [-4,0] d0 -> [-3,0]..[4,0]
    #    (8 tiles) + [5,0] = 9; d3 is the orange start [-5,0].  [-4,-1]: its d4 is
    #    the orange start, the rest empty -> 0.  Raw gain 9 (spec: before the cap).
    place(ANN, "RR", [[-4, 0], [-4, -1]], {"R": 9}),
]
# After RED_TO_18: Ann [18,0,0,0,0,0] and owes one bonus placement; Ben [0,0,0,1,1,0].
# Ann's bonus: O on [-4,1] and Y on [-3,1] see reds and empty cells only -> nothing.
ANN_BONUS = place(ANN, "OY", [[-4, 1], [-3, 1]], {})
BEN_SOUTH = place(BEN, "YP", [[-3, 5], [-4, 5]])  # touches [-2,5]
BEN_SOUTH_2 = place(BEN, "BP", [[1, 4], [2, 3]])  # touches the purple start [0,5]


def assert_fault(obj, code, event, *names):
    """replay(obj) fails with `code` at `event`; the message names `names`."""
    report = replay(obj)
    assert (report.valid, report.code, report.event) == (False, code, event), report.message
    assert isinstance(report.message, str) and report.message
    for name in names:
        assert name in report.message, report.message
    return report


def assert_unfinished(obj):
    """Every event was accepted: the checker only complains that the game goes on."""
    assert_fault(obj, "unfinished", len(obj["events"]))


def assert_text_fault(text, code, event=None):
    report = check_text(text)
    assert (report.valid, report.code, report.event) == (False, code, event), report.message
    return report


# --- bad-format: whole-object faults, event null ----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "",
        '{"format": "ingenious-log/1", ',
        b"\xff\xfe\x00",  # not UTF-8
        "[]",
        '["ingenious-log/1"]',
        '"ingenious-log/1"',
        "null",
        "42",
    ],
    ids=["words", "empty", "truncated", "not-utf8", "empty-array", "array", "string", "null", "number"],
)
def test_bad_format_not_json_or_not_an_object(text):
    assert_text_fault(text, "bad-format")


def test_bad_format_nan_is_not_json():
    text = '{"format": "ingenious-log/1", "players": ["Ann Able", "Ben Baker"], "clock_s": NaN, "events": []}'
    assert_text_fault(text, "bad-format")


@pytest.mark.parametrize(
    "fmt",
    ["ingenious-log/2", "ingenious-log", "Ingenious-log/1", "", None, 1],
)
def test_bad_format_wrong_format_string(fmt):
    assert_fault(log([], format=fmt), "bad-format", None)


def test_bad_format_missing_format():
    obj = log([])
    del obj["format"]
    assert_fault(obj, "bad-format", None)


@pytest.mark.parametrize(
    "players",
    [
        ["Ann Able"],
        ["A", "B", "C", "D", "E"],
        [],
        "Ann Able, Ben Baker",
        None,
        {"0": "Ann Able", "1": "Ben Baker"},
        ["Ann Able", 7],
    ],
    ids=["one", "five", "none", "string", "null", "object", "name-not-string"],
)
def test_bad_format_players(players):
    assert_fault(log([], players=players), "bad-format", None)


def test_bad_format_missing_players():
    obj = log([])
    del obj["players"]
    assert_fault(obj, "bad-format", None)


@pytest.mark.parametrize("rules", ["chess", "MSO", "Kosmos", "", 1])
def test_bad_format_unknown_rules(rules):
    assert_fault(log([], rules=rules), "bad-format", None)


@pytest.mark.parametrize("players", [3, 4])
def test_bad_format_duel_needs_two_players(players):
    assert_fault(log([], players=players, rules="duel"), "bad-format", None)


def test_rules_default_to_mso():
    # Without `rules`, mso's touching rule applies: the centre touches nothing.
    obj = log([place(ANN, "RO", [[0, 0], [1, 0]])])
    del obj["rules"]
    assert_fault(obj, "placement-rule", 0, "Ann Able")


@pytest.mark.parametrize("events", [None, {}, "[]", 5], ids=["null", "object", "string", "number"])
def test_bad_format_events_not_a_list(events):
    assert_fault(log(events), "bad-format", None)


def test_bad_format_events_missing():
    obj = log([])
    del obj["events"]
    assert_fault(obj, "bad-format", None)


def test_bad_format_order_format_before_players():
    report = assert_fault(log([], format="ingenious-log/9", players=["Solo"]), "bad-format", None)
    assert "format" in report.message.lower()


def test_bad_format_order_players_before_rules():
    report = assert_fault(log([], players=["Solo"], rules="chess"), "bad-format", None)
    assert "player" in report.message.lower()


def test_whole_object_faults_come_before_any_event_fault():
    # The first event is not even an object, but the object itself is wrong first.
    assert_fault(log([7], format="ingenious-log/2"), "bad-format", None)
    assert_fault(log([7], rules="chess"), "bad-format", None)
    assert_fault(log([7], players=["Solo"]), "bad-format", None)


# --- bad-event ---------------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [
        7,
        "place",
        None,
        ["place", 0],
        {"player": 0},
        {"type": "pass", "player": 0},
        {"type": 5, "player": 0},
        {"type": "Place", "player": 0, "tile": "RO", "cells": [[4, 0], [3, 0]]},
    ],
    ids=["number", "string", "null", "list", "no-type", "unknown-type", "type-not-string", "type-case"],
)
def test_bad_event_not_an_object_or_unknown_type(event):
    assert_fault(log([event]), "bad-event", 0)


@pytest.mark.parametrize(
    "player",
    [2, -1, True, False, 0.0, 1.0, "0", None],
    ids=["out-of-range", "negative", "true", "false", "float-0", "float-1", "string", "null"],
)
def test_bad_event_player_index(player):
    assert_fault(log([place(player, "RO", [[4, 0], [3, 0]])]), "bad-event", 0)


def test_bad_event_player_out_of_range_for_three_players():
    assert_fault(log([ANN_RED, place(3, "GB", [[4, -4], [3, -4]])], players=3), "bad-event", 1)


def test_bad_event_missing_player():
    assert_fault(log([{"type": "place", "tile": "RO", "cells": [[4, 0], [3, 0]]}]), "bad-event", 0)
    assert_fault(log([{"type": "flag"}]), "bad-event", 0)
    assert_fault(log([{"type": "draw", "tiles": ["RO"]}]), "bad-event", 0)


@pytest.mark.parametrize(
    "gain",
    [{"R": -1}, {"R": 1.0}, {"R": True}, {"R": "1"}, {"X": 1}, {"r": 1}, {"RO": 1}, [1, 0, 0, 0, 0, 0], "R1"],
    ids=["negative", "float", "bool", "string", "unknown-letter", "lowercase", "two-letters", "list", "string-gain"],
)
def test_bad_event_malformed_gain(gain):
    # The placement itself is ANN_RED, which scores R+1.
    assert_fault(log([place(ANN, "RO", [[4, 0], [3, 0]], gain)]), "bad-event", 0)


def test_bad_event_place_clock_not_an_integer():
    event = dict(ANN_RED, clock_s=12.5)
    assert_fault(log([event]), "bad-event", 0)


@pytest.mark.parametrize("clock", [600.0, True, "600", 0, -5])
def test_top_level_clock_not_a_positive_integer_is_bad_format(clock):
    # Precise points: 3.0 and true are not integers for clock_s; a present clock_s
    # that is not a positive integer is bad-format.  More in test_clock_readings.py.
    assert_fault(log(ALL_FLAG, clock_s=clock), "bad-format", None)


def test_bad_event_tiles_not_a_list():
    assert_fault(log([{"type": "draw", "player": ANN, "tiles": "RO"}]), "bad-event", 0)
    assert_fault(log([{"type": "draw", "player": ANN, "tiles": None}]), "bad-event", 0)
    assert_fault(log([{"type": "draw", "player": ANN}]), "bad-event", 0)


def test_bad_event_rack_not_a_list():
    assert_fault(log([ANN_RED, swap(ANN, "RR")]), "bad-event", 1)
    assert_fault(log([ANN_RED, swap(ANN, {"RR": 1})]), "bad-event", 1)


def test_bad_event_second_flag_by_same_player():
    assert_fault(log([flag(BEN), flag(BEN)]), "bad-event", 1)
    assert_fault(log([flag(BEN), ANN_RED, flag(BEN)]), "bad-event", 2)


def test_bad_event_second_flag_in_three_player_game():
    assert_fault(log([flag(ANN), flag(ANN)], players=3), "bad-event", 1)


def test_bad_event_before_rule_checks():
    # Ben places first (out-of-turn) but his gain is malformed: field checks come first.
    assert_fault(log([place(BEN, "RO", [[4, 0], [3, 0]], {"R": -1})]), "bad-event", 0)
    # A bad player index and a bad tile: the player index is checked first.
    assert_fault(log([place(5, "RX", [1])]), "bad-event", 0)


def test_bad_event_float_player_in_json_text():
    text = json.dumps(log([]))[:-2] + '{"type": "flag", "player": 1.0}]}'
    assert json.loads(text)["events"][0]["player"] == 1.0
    assert_text_fault(text, "bad-event", 0)


# --- bad-tile ----------------------------------------------------------------


@pytest.mark.parametrize(
    "tile",
    ["RX", "R", "ROY", "", "ro", "XX", 12, None, ["R", "O"]],
    ids=["RX", "one-letter", "three-letters", "empty", "lowercase", "XX", "number", "null", "list"],
)
def test_bad_tile_in_placement(tile):
    assert_fault(log([place(ANN, tile, [[4, 0], [3, 0]])]), "bad-tile", 0)


def test_bad_tile_missing_tile():
    assert_fault(log([{"type": "place", "player": ANN, "cells": [[4, 0], [3, 0]]}]), "bad-tile", 0)


@pytest.mark.parametrize("bad", ["XY", "R", 5, None], ids=["XY", "one-letter", "number", "null"])
def test_bad_tile_in_draw(bad):
    assert_fault(log([draw(ANN, "RO", bad)]), "bad-tile", 0)


def test_bad_tile_in_swap_rack():
    assert_fault(log([ANN_RED, swap(ANN, ["RR", "Q"])]), "bad-tile", 1)


def test_bad_tile_before_bad_cells():
    assert_fault(log([place(ANN, "RX", [1])]), "bad-tile", 0)
    assert_fault(log([{"type": "place", "player": ANN}]), "bad-tile", 0)


def test_bad_tile_before_rule_checks():
    # A swap before any placement is out of turn, but the rack's tile is checked first.
    assert_fault(log([swap(ANN, ["RO", 7])]), "bad-tile", 0)
    # Ben placing first, with a bad tile.
    assert_fault(log([place(BEN, "RX", [[4, 0], [3, 0]])]), "bad-tile", 0)


# --- bad-cell ----------------------------------------------------------------


@pytest.mark.parametrize(
    "cells",
    [
        [[4, 0], [1]],
        [[4, 0], [3.0, 0]],
        [[1.0, 2], [1, 1]],
        [[True, 0], [3, 0]],
        [[4, 0], [3, None]],
        [[4, 0], [3, "0"]],
        [[4, 0], [3, 0, 0]],
        [[4, 0], [3, 0], [2, 0]],
        [[4, 0]],
        [],
        [4, 0, 3, 0],
        "[[4,0],[3,0]]",
        None,
        {"0": [4, 0], "1": [3, 0]},
    ],
    ids=[
        "one-number",
        "float-q",
        "float-first-cell",
        "bool",
        "null-coordinate",
        "string-coordinate",
        "three-numbers",
        "three-cells",
        "one-cell",
        "no-cells",
        "flat-list",
        "string",
        "null",
        "object",
    ],
)
def test_bad_cell(cells):
    assert_fault(log([place(ANN, "RO", cells)]), "bad-cell", 0)


def test_bad_cell_missing_cells():
    assert_fault(log([{"type": "place", "player": ANN, "tile": "RO"}]), "bad-cell", 0)


def test_bad_cell_before_bad_gain_and_rule_checks():
    assert_fault(log([place(ANN, "RO", [[4, 0]], {"X": 1})]), "bad-cell", 0)
    assert_fault(log([place(BEN, "RO", [[4, 0], [3, 0.0]])]), "bad-cell", 0)


def test_bad_cell_float_in_json_text():
    text = json.dumps(log([]))[:-2] + '{"type": "place", "player": 0, "tile": "RO", "cells": [[4.0, 0], [3, 0]]}]}'
    assert_text_fault(text, "bad-cell", 0)


def test_far_away_integer_cell_is_off_board_not_bad_cell():
    assert_fault(log([place(ANN, "RO", [[100, 100], [100, 101]])]), "off-board", 0, "Ann Able")


# --- flagged-player-moved ----------------------------------------------------


def test_flagged_player_places():
    # Ben flags out of turn; Ann plays on alone; Ben then places on Ann's turn.
    events = [ANN_RED, flag(BEN), place(ANN, "GB", [[2, 0], [1, 0]]), BEN_GREEN]
    assert_fault(log(events), "flagged-player-moved", 3, "Ben Baker")


def test_flagged_player_swaps():
    assert_fault(log([flag(BEN), ANN_RED, swap(BEN, ["RR"])]), "flagged-player-moved", 2, "Ben Baker")


def test_flagged_player_moved_beats_out_of_turn():
    # Ann flags on her own turn, so it passes to Ben; Ann placing is also out of turn.
    assert_fault(log([flag(ANN), ANN_RED]), "flagged-player-moved", 1, "Ann Able")


def test_flagged_player_moved_beats_off_board():
    assert_fault(log([flag(BEN), ANN_RED, place(BEN, "GB", [[9, 9], [9, 8]])]), "flagged-player-moved", 2, "Ben Baker")


def test_flagged_player_moved_in_three_player_game():
    events = [flag(BEN), ANN_RED, place(BEN, "GB", [[4, -4], [3, -4]])]
    assert_fault(log(events, players=3), "flagged-player-moved", 2, "Ben Baker")


# --- out-of-turn -------------------------------------------------------------


def test_out_of_turn_second_player_places_first():
    assert_fault(log([place(BEN, "RO", [[4, 0], [3, 0]], {"R": 1})]), "out-of-turn", 0, "Ben Baker")


def test_out_of_turn_second_placement_without_bonus():
    assert_fault(log([ANN_RED, place(ANN, "GB", [[4, -4], [3, -4]])]), "out-of-turn", 1, "Ann Able")


def test_out_of_turn_third_player_instead_of_second():
    assert_fault(log([ANN_RED, place(CLEO, "GB", [[4, -4], [3, -4]])], players=3), "out-of-turn", 1, "Cleo Cole")


def test_out_of_turn_draw_by_wrong_player():
    assert_fault(log(TRACKED_START + [ANN_RED, draw(BEN, "RR")]), "out-of-turn", 3, "Ben Baker")


def test_out_of_turn_placement_after_refill():
    events = TRACKED_START + [ANN_RED, draw(ANN, "RR"), place(ANN, "GB", [[4, 1], [3, 1]])]
    assert_fault(log(events), "out-of-turn", 4, "Ann Able")


def test_out_of_turn_swap_after_refill():
    events = TRACKED_START + [ANN_RED, draw(ANN, "RR"), swap(ANN)]
    assert_fault(log(events), "out-of-turn", 4, "Ann Able")


def test_out_of_turn_second_swap():
    # Ann at R1, rest 0: lowest colours O Y G B P; a rack of RR may be swapped (once).
    assert_fault(log([ANN_RED, swap(ANN, ["RR"]), swap(ANN, ["RR"])]), "out-of-turn", 2, "Ann Able")


def test_out_of_turn_second_swap_tracked():
    events = [
        draw(ANN, "RO", "RR", "RR", "RR", "RR", "RR"),
        draw(BEN, *RACK_BEN),
        ANN_RED,
        swap(ANN, ["RR", "RR", "RR", "RR", "RR"]),
        swap(ANN, ["RR", "RR", "RR", "RR", "RR"]),
    ]
    assert_fault(log(events), "out-of-turn", 4, "Ann Able")


def test_out_of_turn_swap_before_placing():
    # The reason is that nothing is placed yet, not whose turn it is (it is Ann's): see the wordings below.
    assert_fault(log([swap(ANN, [])]), "out-of-turn", 0, "Ann Able")


def test_out_of_turn_refill_before_placing():
    # Ann flags after placing: the turn passes to Ben, whose refill cannot come before his placement.
    events = TRACKED_START + [ANN_RED, flag(ANN), draw(BEN, "RR")]
    assert_fault(log(events), "out-of-turn", 4, "Ben Baker")


def test_out_of_turn_draw_before_own_placement():
    # Ann's turn is over; Ben's draw must come after his placement.  (His rack
    # would also go to 7, but out-of-turn comes first in the table.)
    events = TRACKED_START + [ANN_RED, draw(ANN, "RR"), draw(BEN, "GG")]
    assert_fault(log(events), "out-of-turn", 4, "Ben Baker")


def test_out_of_turn_draw_by_flagged_player():
    assert_fault(log([flag(BEN), draw(BEN, *RACK_BEN)]), "out-of-turn", 1, "Ben Baker")


def test_out_of_turn_refill_by_player_who_flagged_on_his_turn():
    # Ann flags after placing: the refill is forfeited and the turn is Ben's.
    events = TRACKED_START + [ANN_RED, flag(ANN), draw(ANN, "RR")]
    assert_fault(log(events), "out-of-turn", 4, "Ann Able")


def test_out_of_turn_first_turn_passes_on_flag_in_three_players():
    # Ann flags on her turn: Ben is next, not Cleo.
    events = [flag(ANN), place(CLEO, "RO", [[4, 0], [3, 0]])]
    assert_fault(log(events, players=3), "out-of-turn", 1, "Cleo Cole")


def test_red_to_18_build_up_is_accepted():
    assert_unfinished(log(RED_TO_18))


def test_out_of_turn_other_player_places_while_bonus_owed():
    assert_fault(log(RED_TO_18 + [BEN_SOUTH]), "out-of-turn", 9, "Ben Baker")


def test_out_of_turn_swap_while_bonus_owed():
    assert_fault(log(RED_TO_18 + [swap(ANN, [])]), "out-of-turn", 9, "Ann Able")


# RED_TO_18 with tracked racks: Ann holds the five RR and her bonus tile OY, Ben his four tiles and two more.
RED_TO_18_TRACKED = [draw(ANN, "RR", "RR", "RR", "RR", "RR", "OY"), draw(BEN, "GB", "GB", "GB", "YP", "YP", "BP")]
RED_TO_18_TRACKED += RED_TO_18


@pytest.mark.parametrize("rules", ["mso", "kosmos"])
def test_out_of_turn_refill_while_bonus_owed(rules):
    # Ann brought red to 18 at event 10 and owes her bonus placement before any draw.
    assert_unfinished(log(RED_TO_18_TRACKED + [ANN_BONUS], rules=rules))
    assert_fault(log(RED_TO_18_TRACKED + [draw(ANN, "BB")], rules=rules), "out-of-turn", 11, "Ann Able")


@pytest.mark.parametrize("events, words", [
    ([swap(ANN, [])], "Ann Able swapped out of turn: Ann Able has not placed a tile yet this turn"),
    (TRACKED_START + [ANN_RED, flag(ANN), draw(BEN, "RR")],
     "Ben Baker drew tiles out of turn: Ben Baker has not placed a tile yet this turn"),
    (RED_TO_18 + [swap(ANN, [])], "Ann Able swapped out of turn: Ann Able still owes a bonus placement"),
    (RED_TO_18_TRACKED + [draw(ANN, "BB")], "Ann Able drew tiles out of turn: Ann Able still owes a bonus placement"),
])
def test_the_out_of_turn_wordings_say_why(events, words):
    """One out-of-turn code, three reasons: the words are the only place the player reads which one it is."""
    assert replay(log(events)).message == words


def test_bonus_placement_then_next_player():
    assert_unfinished(log(RED_TO_18 + [ANN_BONUS, BEN_SOUTH]))


def test_out_of_turn_second_bonus_not_earned_mso():
    # One colour to 18 earns one bonus; a second extra placement was not earned.
    events = RED_TO_18 + [ANN_BONUS, place(ANN, "BP", [[1, 4], [2, 3]])]
    assert_fault(log(events), "out-of-turn", 10, "Ann Able")


def test_wrong_gain_declares_capped_points():
    # Ann stands at 16; the placement counts 9: she must declare 9, not the 2 she keeps.
    events = RED_TO_18[:8] + [place(ANN, "RR", [[-4, 0], [-4, -1]], {"R": 2})]
    assert_fault(log(events), "wrong-gain", 8, "Ann Able")


def test_red_capped_at_18_and_winner_by_sorted_scores():
    # Ann [18,0,0,0,0,0] sorts to [0,0,0,0,0,18]; Ben [0,0,0,1,1,0] to [0,0,0,0,1,1]:
    # Ben's list is greater at the fifth place, so Ben wins.
    obj = log(RED_TO_18 + [flag(BEN), flag(ANN)], final=[[18, 0, 0, 0, 0, 0], [0, 0, 0, 1, 1, 0]])
    report = replay(obj)
    assert report.to_json() == {
        "valid": True,
        "scores": [[18, 0, 0, 0, 0, 0], [0, 0, 0, 1, 1, 0]],
        "winner": 1,
        "levels": [0, 0],
        "ended_by": "all-flagged",
    }


# --- off-board ---------------------------------------------------------------


def test_off_board_ring_6_in_two_players():
    # [6,0] is ring 6: outside the 2-player area (rings <= 5).
    assert_fault(log([place(ANN, "RO", [[6, 0], [6, -1]])]), "off-board", 0, "Ann Able")


def test_ring_6_is_inside_three_player_area():
    # R on [6,0] (partner d2): d3 is the red start [5,0] -> R+1.  O on [6,-1]:
    # its d4 is the red start (not orange), the rest empty -> 0.
    assert_unfinished(log([place(ANN, "RO", [[6, 0], [6, -1]], {"R": 1})], players=3))


def test_off_board_ring_7_in_three_players_but_not_in_four():
    # [7,0] ring 7; [6,0] touches the red start.  R on [7,0] sees only empty or
    # off-board cells, O on [6,0] sees the red start (not orange) -> nothing.
    events = [place(ANN, "RO", [[7, 0], [6, 0]], {})]
    assert_fault(log(events, players=3), "off-board", 0, "Ann Able")
    assert_unfinished(log(events, players=4))


def test_off_board_far_away_and_off_the_whole_board():
    assert_fault(log([place(ANN, "RO", [[4, 0], [100, 100]])]), "off-board", 0, "Ann Able")
    assert_fault(log([place(ANN, "RO", [[8, 0], [7, 0]])], players=4), "off-board", 0, "Ann Able")


def test_off_board_beats_occupied():
    # [6,0] is off the 2-player area, [5,0] is the red start symbol.
    assert_fault(log([place(ANN, "RO", [[6, 0], [5, 0]])]), "off-board", 0, "Ann Able")


def test_off_board_later_in_game_names_player():
    assert_fault(log([ANN_RED, place(BEN, "GB", [[5, -6], [5, -5]])]), "off-board", 1, "Ben Baker")


# --- occupied ----------------------------------------------------------------


def test_occupied_by_a_tile():
    assert_fault(log([ANN_RED, place(BEN, "GB", [[3, 0], [2, 0]])]), "occupied", 1, "Ben Baker")


@pytest.mark.parametrize("start", [[5, 0], [5, -5], [0, -5], [-5, 0], [-5, 5], [0, 5]])
def test_occupied_start_symbol(start):
    # Pair the start cell with its neighbour towards the centre (ring 4).
    inner = {(5, 0): [4, 0], (5, -5): [4, -4], (0, -5): [0, -4], (-5, 0): [-4, 0],
             (-5, 5): [-4, 4], (0, 5): [0, 4]}[tuple(start)]
    assert_fault(log([place(ANN, "RO", [start, inner])]), "occupied", 0, "Ann Able")


def test_occupied_start_symbol_on_larger_area():
    # [0,5] stays a start symbol in 3 players; [0,6] is ring 6, inside the area.
    assert_fault(log([place(ANN, "RO", [[0, 6], [0, 5]])], players=3), "occupied", 0, "Ann Able")


def test_occupied_beats_not_adjacent():
    assert_fault(log([place(ANN, "RO", [[5, 0], [3, 0]])]), "occupied", 0, "Ann Able")


# --- not-adjacent ------------------------------------------------------------


@pytest.mark.parametrize(
    "cells",
    [[[0, 0], [2, 0]], [[4, 0], [2, 0]], [[4, 0], [3, -1]], [[3, 0], [5, -2]], [[4, 0], [4, 0]]],
    ids=["centre-gap", "gap", "not-a-direction", "d1-twice-away", "same-cell"],
)
def test_not_adjacent(cells):
    assert_fault(log([place(ANN, "RO", cells)]), "not-adjacent", 0, "Ann Able")


def test_not_adjacent_beats_placement_rule():
    # [0,0],[2,0] also touch nothing (mso), but not-adjacent comes first in the table.
    assert_fault(log([ANN_RED, place(BEN, "GB", [[0, 0], [-2, 0]])]), "not-adjacent", 1, "Ben Baker")


# --- placement-rule ----------------------------------------------------------


def test_placement_rule_mso_first_placement_at_centre():
    assert_fault(log([place(ANN, "RO", [[0, 0], [1, 0]])]), "placement-rule", 0, "Ann Able")


def test_placement_rule_mso_later_placement_touching_nothing():
    # [0,0] and [-1,0]: no neighbour of either is covered or a start symbol.
    assert_fault(log([ANN_RED, place(BEN, "GB", [[0, 0], [-1, 0]])]), "placement-rule", 1, "Ben Baker")


def test_mso_placement_touching_only_a_tile_is_fine():
    assert_unfinished(log([ANN_RED, place(BEN, "GB", [[2, 0], [1, 0]])]))


def test_placement_rule_kosmos_first_placement_away_from_start_symbols():
    assert_fault(log([place(ANN, "RO", [[0, 0], [1, 0]])], rules="kosmos"), "placement-rule", 0, "Ann Able")


def test_placement_rule_kosmos_first_placement_beside_touched_start_symbol():
    # [4,1] touches the red start [5,0], which Ann's tile on [4,0] already touches.
    events = [ANN_RED, place(BEN, "GB", [[4, 1], [3, 1]])]
    assert_fault(log(events, rules="kosmos"), "placement-rule", 1, "Ben Baker")


def test_kosmos_later_placements_go_anywhere():
    events = [ANN_RED, BEN_GREEN, place(ANN, "YP", [[0, 0], [1, 0]], {})]
    assert_unfinished(log(events, rules="kosmos"))
    # The same third placement breaks mso's touching rule.
    assert_fault(log(events, rules="mso"), "placement-rule", 2, "Ann Able")


def test_placement_rule_duel_follows_kosmos():
    assert_fault(log([place(ANN, "RO", [[0, 0], [1, 0]])], rules="duel"), "placement-rule", 0, "Ann Able")
    events = [ANN_RED, place(BEN, "GB", [[4, 1], [3, 1]])]
    assert_fault(log(events, rules="duel"), "placement-rule", 1, "Ben Baker")


# --- tile-supply -------------------------------------------------------------


def test_tile_supply_untracked_seventh_two_colour_tile():
    # Six RO/OR placed are fine (6 copies); the seventh is one too many.
    events = [
        place(ANN, "RO", [[4, 0], [3, 0]]),
        place(BEN, "OR", [[2, 0], [1, 0]]),
        place(ANN, "RO", [[0, 0], [-1, 0]]),
        place(BEN, "OR", [[-2, 0], [-3, 0]]),
        place(ANN, "RO", [[4, 1], [3, 1]]),
        place(BEN, "RO", [[2, 1], [1, 1]]),
        place(ANN, "OR", [[0, 1], [-1, 1]]),
    ]
    assert_unfinished(log(events[:6]))
    assert_fault(log(events), "tile-supply", 6, "Ann Able")


def test_tile_supply_untracked_sixth_double():
    events = [
        place(ANN, "RR", [[4, 0], [3, 0]]),
        place(BEN, "RR", [[2, 0], [1, 0]]),
        place(ANN, "RR", [[0, 0], [-1, 0]]),
        place(BEN, "RR", [[-2, 0], [-3, 0]]),
        place(ANN, "RR", [[4, 1], [3, 1]]),
        place(BEN, "RR", [[2, 1], [1, 1]]),
    ]
    assert_unfinished(log(events[:5]))
    assert_fault(log(events), "tile-supply", 5, "Ben Baker")


def test_tile_supply_tracked_draws_beyond_bag():
    events = [
        draw(ANN, "RR", "RR", "RR", "GO", "BP", "YY"),
        draw(BEN, "RR", "RR", "RR", "OB", "GP", "YB"),
    ]
    assert_fault(log(events), "tile-supply", 1, "Ben Baker")


def test_tile_supply_beats_rack_overflow():
    assert_fault(log([draw(ANN, "RR", "RR", "RR", "RR", "RR", "RR", "GO")]), "tile-supply", 0, "Ann Able")


SWAP_RR = [
    draw(ANN, "RO", "RR", "RR", "RR", "RR", "RR"),
    draw(BEN, *RACK_BEN),
    ANN_RED,  # Ann: R1, others 0 -> lowest O Y G B P; her rack is five RR.
    swap(ANN, ["RR", "RR", "RR", "RR", "RR"]),
]


def test_tracked_swap_then_new_rack_then_old_tiles_back_in_bag():
    events = SWAP_RR + [
        draw(ANN, "GO", "GY", "BY", "BP", "OP", "YP"),
        BEN_GREEN,
        draw(BEN, "RR"),  # the five RR went back to the bag after Ann's draw
    ]
    assert_unfinished(log(events))


def test_tile_supply_swapped_tiles_not_back_before_the_draw():
    # All five RR are in Ann's old rack, which returns to the bag only after her draw.
    events = SWAP_RR + [draw(ANN, "RR", "GO", "GY", "BY", "BP", "OP")]
    assert_fault(log(events), "tile-supply", 4, "Ann Able")


# --- tile-not-in-rack --------------------------------------------------------


def test_tile_not_in_rack():
    events = TRACKED_START + [place(ANN, "RR", [[4, 0], [3, 0]])]
    assert_fault(log(events), "tile-not-in-rack", 2, "Ann Able")


def test_tile_not_in_rack_after_its_only_copy_was_placed():
    events = TRACKED_ROUND + [place(ANN, "RO", [[2, 0], [1, 0]])]
    assert_fault(log(events), "tile-not-in-rack", 6, "Ann Able")


def test_tracked_round_is_accepted():
    assert_unfinished(log(TRACKED_ROUND))


def test_tile_in_rack_in_either_order():
    # Ann drew "RO"; she lays it as "OR": O on [3,0], R on [4,0] -> R+1.
    events = TRACKED_START + [place(ANN, "OR", [[3, 0], [4, 0]], {"R": 1})]
    assert_unfinished(log(events))


def test_tile_not_in_rack_beats_tile_supply():
    # All five RR are with Ann (one on the board); Ben placing RR exceeds the bag
    # and is not in his rack: with tracked racks that is tile-not-in-rack.
    events = [
        draw(ANN, "RR", "RR", "RR", "RR", "RR", "GB"),
        draw(BEN, *RACK_BEN),
        place(ANN, "RR", [[4, 0], [3, 0]], {"R": 1}),
        draw(ANN, "GG"),
        place(BEN, "RR", [[2, 0], [1, 0]]),
    ]
    assert_fault(log(events), "tile-not-in-rack", 4, "Ben Baker")


# --- rack-overflow -----------------------------------------------------------


def test_rack_overflow_seven_at_start():
    assert_fault(log([draw(ANN, "RO", "GB", "YP", "GY", "BP", "OY", "RR")]), "rack-overflow", 0, "Ann Able")


def test_rack_overflow_over_two_start_draws():
    events = [draw(ANN, "RO", "GB", "YP", "GY"), draw(ANN, "BP", "OY", "RR")]
    assert_fault(log(events), "rack-overflow", 1, "Ann Able")


def test_rack_overflow_on_refill():
    events = TRACKED_START + [ANN_RED, draw(ANN, "RR", "GG")]
    assert_fault(log(events), "rack-overflow", 3, "Ann Able")


# --- rack-mismatch -----------------------------------------------------------


def test_rack_mismatch_different_tile():
    # After placing GB Ann holds RO YP GY BP OY; she shows PP instead of OY.
    # (The swap is also illegal - all colours tied at 0 - but mismatch comes first.)
    events = TRACKED_START + [place(ANN, "GB", [[4, 0], [3, 0]], {}), swap(ANN, ["RO", "YP", "GY", "BP", "PP"])]
    assert_fault(log(events), "rack-mismatch", 3, "Ann Able")


def test_rack_mismatch_missing_tile():
    events = SWAP_RR[:3] + [swap(ANN, ["RR", "RR", "RR", "RR"])]
    assert_fault(log(events), "rack-mismatch", 3, "Ann Able")


def test_shown_rack_in_other_order_and_orientation_matches():
    events = [
        draw(ANN, "RO", "RR", "RR", "RR", "RR", "PR"),
        draw(BEN, *RACK_BEN),
        ANN_RED,
        # Ann: R1, lowest O Y G B P -> holding PR she may not swap; shown as RP
        # it is the same rack, so the fault is illegal-swap, not rack-mismatch.
        swap(ANN, ["RP", "RR", "RR", "RR", "RR"]),
    ]
    assert_fault(log(events), "illegal-swap", 3, "Ann Able")


# --- illegal-swap ------------------------------------------------------------


def test_illegal_swap_first_turn_all_colours_tied():
    # GB on [4,0],[3,0] scores nothing (the start beside G is red): all colours at 0,
    # so every tile shows a lowest colour.
    events = TRACKED_START + [place(ANN, "GB", [[4, 0], [3, 0]], {}), swap(ANN, ["RO", "YP", "GY", "BP", "OY"])]
    assert_fault(log(events), "illegal-swap", 3, "Ann Able")


def test_illegal_swap_tracked_without_rack_shown():
    events = TRACKED_START + [place(ANN, "GB", [[4, 0], [3, 0]], {}), swap(ANN)]
    assert_fault(log(events), "illegal-swap", 3, "Ann Able")


def test_tracked_swap_without_rack_shown_uses_tracked_rack():
    events = SWAP_RR[:3] + [swap(ANN), draw(ANN, "GO", "GY", "BY", "BP", "OP", "YP"), BEN_GREEN]
    assert_unfinished(log(events))


def test_illegal_swap_untracked_no_rack_shown():
    assert_fault(log([ANN_RED, swap(ANN)]), "illegal-swap", 1, "Ann Able")


def test_illegal_swap_untracked_rack_shows_lowest_colour():
    # Ann R1: orange is among her lowest colours.
    assert_fault(log([ANN_RED, swap(ANN, ["RR", "OG"])]), "illegal-swap", 1, "Ann Able")


def test_untracked_swap_with_allowed_rack():
    assert_unfinished(log([ANN_RED, swap(ANN, ["RR"]), BEN_GREEN]))


def test_illegal_swap_duel_no_counter_on_nine():
    assert_fault(log([ANN_RED, swap(ANN, [])], rules="duel"), "illegal-swap", 1, "Ann Able")


def test_rack_mismatch_duel_set_aside_tile_not_in_rack():
    events = TRACKED_START + [ANN_RED, swap(ANN, ["PP"])]
    assert_fault(log(events, rules="duel"), "rack-mismatch", 3, "Ann Able")


# --- wrong-gain --------------------------------------------------------------


def test_wrong_gain_too_high():
    assert_fault(log([place(ANN, "RO", [[4, 0], [3, 0]], {"R": 3})]), "wrong-gain", 0, "Ann Able")


def test_wrong_gain_r3_declared_r2_scored():
    # R on [4,1] (partner d3): d1 [5,0] red start -> 1, d2 [4,0] red -> 1, so R+2.
    # G on [3,1]: its neighbours are red, orange or empty -> 0.
    events = [ANN_RED, place(BEN, "RG", [[4, 1], [3, 1]], {"R": 3})]
    report = assert_fault(log(events), "wrong-gain", 1, "Ben Baker")
    assert "R+3" in report.message and "R+2" in report.message


def test_right_gain_r2():
    events = [ANN_RED, place(BEN, "RG", [[4, 1], [3, 1]], {"R": 2, "G": 0})]
    assert_unfinished(log(events))


def test_wrong_gain_empty_declaration_when_points_scored():
    assert_fault(log([place(ANN, "RO", [[4, 0], [3, 0]], {})]), "wrong-gain", 0, "Ann Able")


def test_wrong_gain_wrong_colour():
    assert_fault(log([place(ANN, "RO", [[4, 0], [3, 0]], {"O": 1})]), "wrong-gain", 0, "Ann Able")


def test_wrong_gain_points_declared_for_nothing():
    assert_fault(log([place(ANN, "GB", [[4, 0], [3, 0]], {"G": 1})]), "wrong-gain", 0, "Ann Able")


def test_gain_zero_same_as_omitted_and_gain_optional():
    assert_unfinished(log([place(ANN, "RO", [[4, 0], [3, 0]], {"R": 1, "O": 0, "P": 0})]))
    assert_unfinished(log([place(ANN, "RO", [[4, 0], [3, 0]])]))


TWO_COLOURS = [
    ANN_RED,
    # R on [4,-1] (partner d3): d5 [4,0] red -> 1 (d4 [3,0] is orange).
    # O on [3,-1] (partner d0): d5 [3,0] orange -> 1.
    place(BEN, "RO", [[4, -1], [3, -1]], {"R": 1, "O": 1}),
]


def test_gain_in_two_colours():
    assert_unfinished(log(TWO_COLOURS))


def test_wrong_gain_one_of_two_colours_missing():
    events = [ANN_RED, place(BEN, "RO", [[4, -1], [3, -1]], {"R": 1})]
    assert_fault(log(events), "wrong-gain", 1, "Ben Baker")


def test_wrong_gain_is_last_rule_check():
    # Ben placing out of turn with a wrong gain: out-of-turn comes first.
    assert_fault(log([place(BEN, "RO", [[4, 0], [3, 0]], {"R": 5})]), "out-of-turn", 0, "Ben Baker")


# --- after-end ---------------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [ANN_RED, place(BEN, "GB", [[4, -4], [3, -4]]), draw(ANN, "RR"), swap(ANN, []), flag(ANN), 42, {"type": "bogus"},
     place(ANN, "RX", [1])],
    ids=["place", "place-other", "draw", "swap", "flag-again", "not-an-object", "unknown-type", "bad-tile"],
)
def test_after_end_any_event(event):
    assert_fault(log(ALL_FLAG + [event]), "after-end", 2)


def test_after_end_names_who_moved_when_the_event_says_it():
    # The game room refuses a move after the end in these words too (rooms.game.referee): one sentence for the rule.
    assert_fault(log(ALL_FLAG + [swap(ANN, [])]), "after-end", 2, "Ann Able swapped")
    assert_fault(log(ALL_FLAG + [{"type": "bogus"}]), "after-end", 2, "'bogus' event")


def test_after_end_end_not_last():
    assert_fault(log(ALL_FLAG + [END, END]), "after-end", 2)
    assert_fault(log(ALL_FLAG + [END, ANN_RED]), "after-end", 2)


def test_after_end_beats_wrong_final():
    assert_fault(log(ALL_FLAG + [ANN_RED], final=[[1] * 6, [1] * 6]), "after-end", 2)


def test_closing_end_after_all_flagged_is_valid():
    report = replay(log(ALL_FLAG + [END]))
    assert report.valid
    assert (report.scores, report.winner, report.levels, report.ended_by) == ([ZERO, ZERO], None, [0, 0], "all-flagged")


# --- premature-end -----------------------------------------------------------


def test_premature_end_as_first_event():
    assert_fault(log([END]), "premature-end", 0)


def test_premature_end_after_a_placement():
    assert_fault(log([ANN_RED, END]), "premature-end", 1)


def test_premature_end_when_one_player_still_plays():
    assert_fault(log([flag(ANN), END]), "premature-end", 1)
    assert_fault(log([flag(ANN), flag(BEN), END], players=3), "premature-end", 2)


def test_premature_end_in_the_middle():
    assert_fault(log([END] + ALL_FLAG), "premature-end", 0)


# --- unfinished --------------------------------------------------------------


def test_unfinished_no_events():
    assert_fault(log([]), "unfinished", 0)


def test_unfinished_after_some_events():
    assert_fault(log([ANN_RED, BEN_GREEN]), "unfinished", 2)
    assert_fault(log([flag(BEN)]), "unfinished", 1)


def test_unfinished_beats_wrong_final():
    assert_fault(log([ANN_RED], final=[[5] * 6, [5] * 6]), "unfinished", 1)


# --- wrong-final -------------------------------------------------------------


def test_wrong_final_nonzero_after_all_flagged():
    assert_fault(log(ALL_FLAG, final=[[1, 0, 0, 0, 0, 0], ZERO]), "wrong-final", 2)


def test_wrong_final_counts_the_end_event():
    assert_fault(log(ALL_FLAG + [END], final=[ZERO, [0, 0, 0, 0, 0, 3]]), "wrong-final", 3)


def test_wrong_final_players_swapped():
    # Ann scored R1, Ben nothing; the declaration gives the scores the other way round.
    events = [ANN_RED, flag(ANN), flag(BEN)]
    assert_fault(log(events, final=[ZERO, [1, 0, 0, 0, 0, 0]]), "wrong-final", 3)


def test_matching_final_all_flagged_is_a_draw():
    report = replay(log(ALL_FLAG, final=[ZERO, ZERO]))
    assert report.valid
    assert report.winner is None
    assert report.levels == [0, 0]
    assert report.ended_by == "all-flagged"
    assert report.scores == [ZERO, ZERO]


@pytest.mark.parametrize(
    "final",
    [[[0, 0, 0, 0, 0, 0.0], ZERO], [[0, 0, 0, 0, 0, False], ZERO]],
    ids=["float", "bool"],
)
def test_final_with_non_integers_is_not_accepted(final):
    # 0.0 and false are not integers (Precise points), so they do not "equal" 0; a
    # `final` with a non-integer is wrong-final at the number of events, like any other
    # difference (Precise points: Whole-object checks).  More in test_clock_readings.py.
    assert_fault(log(ALL_FLAG, final=final), "wrong-final", 2)


def test_wrong_final_duel():
    assert_fault(log(ALL_FLAG, rules="duel", final=[1, 0, 0, 0, 0, 0]), "wrong-final", 2)


# --- the flag rule -----------------------------------------------------------


def test_flag_out_of_turn_keeps_the_turn():
    # Ben flags while Ann is to play: Ann places, and her next turn follows at once.
    assert_unfinished(log([flag(BEN), ANN_RED, place(ANN, "GB", [[2, 0], [1, 0]])]))


def test_flag_on_own_turn_passes_turn():
    assert_unfinished(log([flag(ANN), place(BEN, "RO", [[4, 0], [3, 0]], {"R": 1})]))


def test_opponent_of_flagged_player_plays_on_alone_to_the_end():
    # RO: R+1.  GB on [2,0],[1,0]: G's d0 is orange [3,0] -> 0.  YP on [0,0],[-1,0]:
    # Y's d0 is blue [1,0] -> 0.  Then Ann flags too: all flagged.
    events = [
        flag(BEN),
        ANN_RED,
        place(ANN, "GB", [[2, 0], [1, 0]], {}),
        place(ANN, "YP", [[0, 0], [-1, 0]], {}),
        flag(ANN),
    ]
    report = replay(log(events, final=[[1, 0, 0, 0, 0, 0], ZERO]))
    assert report.to_json() == {
        "valid": True,
        "scores": [[1, 0, 0, 0, 0, 0], ZERO],
        "winner": 0,
        "levels": [0, 0],
        "ended_by": "all-flagged",
    }


def test_flag_forfeits_refill_tracked():
    # Ann flags after placing, before refilling: Ben's turn at once, and Ben goes on alone.
    events = TRACKED_START + [
        ANN_RED,
        flag(ANN),
        BEN_GREEN,
        draw(BEN, "GG"),
        place(BEN, "OP", [[2, -4], [1, -4]]),
        draw(BEN, "YY"),
    ]
    assert_unfinished(log(events))


def test_flag_forfeits_bonus():
    events = RED_TO_18 + [flag(ANN), BEN_SOUTH, BEN_SOUTH_2]
    assert_unfinished(log(events))


def test_flagged_player_cannot_take_forfeited_bonus():
    assert_fault(log(RED_TO_18 + [flag(ANN), ANN_BONUS]), "flagged-player-moved", 10, "Ann Able")


def test_other_player_may_flag_while_bonus_owed():
    # A flag is allowed while a bonus is owed; Ann then takes it and, Ben having
    # flagged, plays her next turn too.
    events = RED_TO_18 + [flag(BEN), ANN_BONUS, place(ANN, "BP", [[1, 4], [2, 3]])]
    assert_unfinished(log(events))


def test_three_players_turn_skips_flagged_player():
    events = [
        flag(BEN),
        ANN_RED,
        place(CLEO, "GB", [[4, -4], [3, -4]]),
        place(ANN, "YP", [[2, 0], [1, 0]]),
        place(CLEO, "YP", [[2, -4], [1, -4]]),
    ]
    assert_unfinished(log(events, players=3))


def test_three_players_all_flagged():
    report = replay(log([flag(BEN), flag(CLEO), flag(ANN), END], players=3))
    assert report.valid
    assert (report.winner, report.levels, report.ended_by) == (None, [0, 0, 0], "all-flagged")


# --- duel results ------------------------------------------------------------


def test_duel_all_flagged_untouched_counters():
    report = replay(log(ALL_FLAG, rules="duel", final=ZERO))
    assert report.to_json() == {
        "valid": True,
        "scores": ZERO,
        "winner": None,
        "levels": None,
        "ended_by": "all-flagged",
    }


def test_duel_one_counter_each_side_same_distance_is_a_draw():
    # Ann's R+1 moves red to +1; Ben's G+1 moves green to -1.
    events = [ANN_RED, BEN_GREEN, flag(ANN), flag(BEN)]
    report = replay(log(events, rules="duel", final=[1, 0, 0, -1, 0, 0]))
    assert report.valid, report.message
    assert (report.scores, report.winner, report.levels) == ([1, 0, 0, -1, 0, 0], None, None)


def test_duel_more_counters_wins():
    events = [ANN_RED, flag(ANN), flag(BEN)]
    report = replay(log(events, rules="duel"))
    assert report.valid, report.message
    assert (report.scores, report.winner) == ([1, 0, 0, 0, 0, 0], 0)


# --- Report.to_json shapes ---------------------------------------------------


def test_to_json_error_shape():
    report = replay(log([place(ANN, "RO", [[4, 0], [3, 0]], {"R": 3})]))
    out = report.to_json()
    assert out == {"valid": False, "error": {"event": 0, "code": "wrong-gain", "message": report.message}}
    assert list(out) == ["valid", "error"]
    assert set(out["error"]) == {"event", "code", "message"}


def test_to_json_whole_object_fault_has_null_event():
    out = check_text("not json").to_json()
    assert out["valid"] is False
    assert set(out["error"]) == {"event", "code", "message"}
    assert out["error"]["event"] is None
    assert out["error"]["code"] == "bad-format"
    assert '"event": null' in json.dumps(out)


def test_to_json_valid_shape_and_json_text():
    text = json.dumps(log(ALL_FLAG + [END], final=[ZERO, ZERO])).encode("utf-8")
    out = check_text(text).to_json()
    assert out == {"valid": True, "scores": [ZERO, ZERO], "winner": None, "levels": [0, 0], "ended_by": "all-flagged"}
    assert json.loads(json.dumps(out)) == out


def test_check_text_accepts_str_and_bytes_alike():
    text = json.dumps(log([ANN_RED, place(BEN, "RG", [[4, 1], [3, 1]], {"R": 3})]))
    for given in (text, text.encode("utf-8")):
        report = check_text(given)
        assert (report.code, report.event) == ("wrong-gain", 1)
