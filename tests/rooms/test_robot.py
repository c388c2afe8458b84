"""The last line `play_random` prints (rooms.game.robot.result_line), from the room's last message."""

from rooms.game.robot import result_line

PLAYERS = ["Ann Able", "Ben Baker"]


def finished(outcome, scores=((3, 4, 5, 6, 7, 8), (2, 2, 2, 2, 2, 9))):
    return {"status": "finished", "players": PLAYERS, "seat": 0, "seq": 30, "scores": [list(r) for r in scores],
            "outcome": outcome}


def test_a_game_ended_by_the_arbiters_decision_says_so_and_names_no_winner():
    # The room's message for a decided game (rooms.game.messages): no winner of its own, no `ended_by`.
    line = result_line(finished({"forfeit": False, "decided": True, "winner": None}))
    assert line.startswith("ended by the arbiter's decision")
    assert "wins" not in line and "draw" not in line


def test_a_game_played_to_its_end_names_the_winner_and_the_lowest_colours():
    line = result_line(finished({"forfeit": False, "decided": False, "winner": 0, "ended_by": "all-flagged"}))
    assert line == "finished (all-flagged): Ann Able wins; lowest colours 3 v 2"
