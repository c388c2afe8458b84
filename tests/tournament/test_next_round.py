"""`pair_next FILE --json` as docs/command-line.md defines it (run in this process; as a real process in
test_next_round_absences and the contract corpus)."""

import json
import random

from tests.factories import pair_next


def new_file(players, rounds=7, system="swiss"):
    return {
        "format": "ingenious-tournament/1",
        "name": "Command-line Swiss",
        "settings": {"system": system, "rounds": rounds, "bye_vp": 1, "progressive": "sum", "clock_s": 600},
        "players": [{"id": 100 + i, "name": f"Player {i}", "rating": 1900 - i, "withdrawn_after_round": None} for i in range(players)],
        "rounds": [],
    }


def scores(rng, first_wins):
    low, high = sorted(rng.sample(range(2, 17), 2))
    winner = [high, 18, 17, 16, 15, 14]
    loser = [low, 18, 17, 16, 15, 14]
    return [winner, loser] if first_wins else [loser, winner]


def test_a_seven_round_swiss_round_by_round(tmp_path):
    rng = random.Random(5)
    file = new_file(13)
    path = tmp_path / "event.json"
    met = set()
    byes = []
    for number in range(1, 8):
        path.write_text(json.dumps(file))
        status, out, err = pair_next(path)
        assert status == 0, err
        answer = json.loads(out)
        assert answer["round"] == number
        seated = [p for pair in answer["pairings"] for p in pair] + [answer["bye"]]
        assert sorted(seated) == [100 + i for i in range(13)]
        for first, second in answer["pairings"]:
            assert frozenset((first, second)) not in met
            met.add(frozenset((first, second)))
        assert answer["bye"] not in byes
        byes.append(answer["bye"])
        matches = [
            {"first": a, "second": b, "status": "played", "scores": scores(rng, rng.random() < 0.5), "flagged": [False, False], "log": None}
            for a, b in answer["pairings"]
        ] + [{"first": answer["bye"], "second": None, "status": "bye"}]
        file["rounds"].append({"number": number, "matches": matches})
    # Round 1 is seed order, top half against bottom half: seeds 1-6 meet 7-12, 13 has the bye.
    first_round = file["rounds"][0]["matches"]
    assert first_round[-1] == {"first": 112, "second": None, "status": "bye"}
    assert {frozenset((m["first"], m["second"])) for m in first_round[:-1]} == {
        frozenset((100 + i, 106 + i)) for i in range(6)
    }
    path.write_text(json.dumps(file))
    status, out, err = pair_next(path)
    assert status == 2 and "all 7 announced rounds are paired" in err


def test_exit_3_when_no_pairing_avoids_a_rematch(tmp_path):
    file = new_file(4, rounds=5)
    # Round 1: 100-102, 101-103; round 2: 100-101, 102-103; round 3: 100-103, 101-102.
    rounds = [[(100, 102), (101, 103)], [(100, 101), (102, 103)], [(100, 103), (101, 102)]]
    for number, pairs in enumerate(rounds, start=1):
        file["rounds"].append({"number": number, "matches": [
            {"first": a, "second": b, "status": "played", "scores": [[5] * 6, [4] * 6], "flagged": [False, False]}
            for a, b in pairs
        ]})
    path = tmp_path / "stuck.json"
    path.write_text(json.dumps(file))
    status, out, err = pair_next(path)
    assert status == 3
    assert out == ""
    assert "pair this round by hand" in err


def test_a_forfeit_is_not_a_meeting(tmp_path):
    file = new_file(2, rounds=3)
    file["rounds"].append({"number": 1, "matches": [{"first": 100, "second": 101, "status": "forfeit", "winner": 100}]})
    path = tmp_path / "forfeit.json"
    path.write_text(json.dumps(file))
    status, out, _ = pair_next(path)
    assert status == 0
    # They meet in round 2: neither has played a game, so no preference; 100 ranks higher (1 VP).
    assert json.loads(out) == {"round": 2, "pairings": [[100, 101]], "bye": None, "excused": []}


def test_a_pending_round_and_a_bad_file_are_refused_with_the_place(tmp_path):
    file = new_file(4)
    file["rounds"].append({"number": 1, "matches": [
        {"first": 100, "second": 102, "status": "pending"},
        {"first": 101, "second": 103, "status": "played", "scores": [[5] * 6, [4, 4, 4, 19, 4, 4]], "flagged": [False, False]},
    ]})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(file))
    status, _, err = pair_next(path)
    assert status == 2
    assert "rounds[0].matches[1].scores[1][3]: 19 is above 18" in err
    file["rounds"][0]["matches"][1]["scores"][1][3] = 4
    path.write_text(json.dumps(file))
    status, _, err = pair_next(path)
    assert status == 2 and "round 1 still has pending matches" in err


def test_all_play_all_follows_the_berger_table(tmp_path):
    file = new_file(5, system="all-play-all")
    path = tmp_path / "robin.json"
    path.write_text(json.dumps(file))
    status, out, _ = pair_next(path)
    assert status == 0
    # Berger for 5 (+ dummy 6), round 1: 1-6 (1 idle), 2-5, 3-4.
    assert json.loads(out) == {"round": 1, "pairings": [[101, 104], [102, 103]], "bye": None, "excused": [],
                               "forfeits": [], "double_forfeits": []}


def test_an_all_play_all_whose_history_left_the_table_is_not_repeated_silently(tmp_path):
    """Round 1 was paired by hand as seeds 1 v 2 and 3 v 4 (the table's round 1 is 1 v 4, 2 v 3); the table's round
    2 is 4 v 3 and 1 v 2, both games already in the record. Exit 3 naming them, never the repeats."""
    file = new_file(4, rounds=3, system="all-play-all")
    file["rounds"].append({"number": 1, "matches": [
        {"first": 100, "second": 101, "status": "played", "scores": [[5] * 6, [4] * 6], "flagged": [False, False],
         "log": None},
        {"first": 102, "second": 103, "status": "forfeit", "winner": 102}]})
    path = tmp_path / "left.json"
    path.write_text(json.dumps(file))
    status, out, err = pair_next(path)
    assert status == 3 and out == ""
    assert "Round 2 of the all-play-all table would repeat games already in the record" in err
    assert "Player 0 v Player 1 (round 1)" in err and "Player 2 v Player 3 (round 1)" in err  # as played
    assert "pair this round by hand" in err
