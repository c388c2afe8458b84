"""`pair_next` with excused absences, and an all-play-all to its end (docs/command-line.md).

Hand-worked from `docs/tournament-rules.md` ("Byes, forfeits, withdrawals",
"All-play-all", "End of a tournament").  The commands run in-process
(`call_command`), as `tests/contracts` runs them, so the many all-play-all
runs below stay quick; one real process checks the exit status and that
nothing prints a traceback.
"""

import io
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tournament.pairing import berger_rounds

from tests.factories import pair_next

ROOT = Path(__file__).resolve().parents[2]
WIN = [[12, 13, 14, 15, 16, 17], [5, 13, 14, 15, 16, 17]]  # the first player wins, L 12 v 5


def new_file(players, rounds=7, system="swiss", **settings):
    return {
        "format": "ingenious-tournament/1",
        "name": "Excused",
        "settings": {"system": system, "rounds": rounds, "bye_vp": 1, **settings},
        "players": [{"id": 1 + i, "name": f"P{1 + i}", "rating": None, "withdrawn_after_round": None}
                    for i in range(players)],
        "rounds": [],
    }


def run(tmp_path, file, *options):
    """(exit status, standard output, standard error) of `pair_next FILE --json` run in this process."""
    path = tmp_path / "event.json"
    path.write_text(json.dumps(file))
    return pair_next(path, *options)


def pairing(tmp_path, file):
    status, out, err = run(tmp_path, file)
    assert status == 0, err
    return json.loads(out)


def add_round(file, number, answer, winner_of_each=lambda first, second: True):
    """The round `pair_next` gave, played: each pairing a win for the first, each forfeit to the present player,
    each double forfeit lost by both."""
    matches = [{"first": a, "second": b, "status": "played", "scores": WIN, "flagged": [False, False]}
               for a, b in answer["pairings"]]
    if answer["bye"] is not None:
        matches.append({"first": answer["bye"], "second": None, "status": "bye"})
    for present, other in answer.get("forfeits", []):
        matches.append({"first": present, "second": other, "status": "forfeit", "winner": present})
    for first, second in answer.get("double_forfeits", []):
        matches.append({"first": first, "second": second, "status": "forfeit", "winner": None})
    in_forfeits = {p for pair in answer.get("forfeits", []) + answer.get("double_forfeits", []) for p in pair}
    matches += [{"first": p, "second": None, "status": "excused"} for p in answer["excused"] if p not in in_forfeits]
    file["rounds"].append({"number": number, "matches": matches})


# --- Swiss ----------------------------------------------------------------------


def test_an_excused_player_is_in_no_pairing_and_listed_as_excused(tmp_path):
    file = new_file(6, rounds=3)
    file["players"][1]["excused_rounds"] = [2]
    answer = pairing(tmp_path, file)
    assert answer["excused"] == [] and len(answer["pairings"]) == 3  # excused from round 2, not round 1
    add_round(file, 1, answer)
    answer = pairing(tmp_path, file)
    assert answer["round"] == 2 and answer["excused"] == [2]
    assert 2 not in {p for pair in answer["pairings"] for p in pair} and answer["bye"] != 2
    assert len(answer["pairings"]) == 2 and answer["bye"] is not None  # five left: two tables and a bye
    assert "forfeits" not in answer  # a Swiss round has no scheduled games to forfeit


def test_an_excused_round_is_not_a_bye_when_the_bye_is_chosen(tmp_path):
    # Round 1: P5 excused (0 VP); P1–P3 and P2–P4, the first players win.  Round 2, five players:
    # on 0 VP are P3, P4 and P5; the lowest ranked without a bye or forfeit win is P5, whose excused
    # round is no bye.  (Were it counted as one, the bye would go to P4.)
    file = new_file(5, rounds=3)
    file["players"][4]["excused_rounds"] = [1]
    answer = pairing(tmp_path, file)
    assert answer["excused"] == [5] and answer["bye"] is None
    assert sorted(map(sorted, answer["pairings"])) == [[1, 3], [2, 4]]
    add_round(file, 1, {**answer, "pairings": [[1, 3], [2, 4]]})
    assert pairing(tmp_path, file)["bye"] == 5


def test_an_excused_round_counts_its_vp_in_the_score_groups(tmp_path):
    # With the excused ½ VP, P5 is alone between the winners (1) and the losers (0) of round 1.
    file = new_file(5, rounds=3, excused_vp=0.5)
    file["players"][4]["excused_rounds"] = [1]
    add_round(file, 1, {"pairings": [[1, 3], [2, 4]], "bye": None, "excused": [5]})
    answer = pairing(tmp_path, file)
    assert answer["bye"] == 4  # the lowest ranked without a bye: P4 on 0, below P3 by seed
    assert {5} & {p for pair in answer["pairings"] for p in pair}


def test_a_finished_swiss_exits_2_and_raising_the_rounds_goes_on(tmp_path):
    file = new_file(4, rounds=1)
    add_round(file, 1, pairing(tmp_path, file))
    status, out, err = run(tmp_path, file)
    assert (status, out) == (2, "") and "finished" in err
    file["settings"]["rounds"] = 2
    assert pairing(tmp_path, file)["round"] == 2


# --- All-play-all -------------------------------------------------------------------


def run_all_play_all(tmp_path, players, withdrawn, excused):
    """An all-play-all announced as 9 rounds, paired by `pair_next` until it exits 2."""
    file = new_file(players, rounds=9, system="all-play-all")
    file["players"][withdrawn - 1]["withdrawn_after_round"] = 2
    file["players"][excused - 1]["excused_rounds"] = [4]
    answers = []
    while True:
        status, out, err = run(tmp_path, file)
        if status == 2:
            assert "finished" in err and out == ""
            return file, answers
        assert status == 0, err
        answer = json.loads(out)
        assert answer["round"] == len(answers) + 1 and answer["bye"] is None
        answers.append(answer)
        add_round(file, answer["round"], answer)
        assert len(answers) <= 9


@pytest.mark.parametrize("players, rounds", [(6, 5), (7, 7)])
def test_an_all_play_all_with_a_withdrawal_and_an_excused_absence_schedules_every_pair_once(tmp_path, players, rounds):
    """Every choice of the withdrawn and the excused player."""
    everyone = range(1, players + 1)
    for withdrawn, excused in itertools.permutations(everyone, 2):
        file, answers = run_all_play_all(tmp_path, players, withdrawn, excused)
        assert len(answers) == rounds
        scheduled = [frozenset(pair) for a in answers for pair in a["pairings"] + a["forfeits"] + a["double_forfeits"]]
        assert len(scheduled) == len(set(scheduled)) == players * (players - 1) // 2
        for number, answer in enumerate(answers, start=1):
            absent = {excused} if number == 4 else set()
            absent |= {withdrawn} if number > 2 else set()
            # A game for two present players; a forfeit when one is absent, the present one named first;
            # a double forfeit when both are.
            assert all(not absent & set(pair) for pair in answer["pairings"])
            assert all(pair[0] not in absent and pair[1] in absent for pair in answer["forfeits"])
            assert all(set(pair) <= absent for pair in answer["double_forfeits"])
            # Both absent only in round 4, and at one table only when the table has them meet then.
            meet = {withdrawn, excused} in [set(pair) for pair in berger_rounds(players)[3]]
            assert len(answer["double_forfeits"]) == (1 if number == 4 and meet else 0)
            assert answer["excused"] == ([excused] if number == 4 else [])


def test_an_all_play_all_follows_its_table_and_the_idle_player_is_unaffected(tmp_path):
    # Five players, P5 withdrawn after round 1.  Berger for 5, round 2: 1–2 and 5–3 (P4 idle):
    # P3 wins by forfeit against P5, P4 stays idle, not paired with anyone.
    assert berger_rounds(5)[1] == [(1, 2), (5, 3)]
    file = new_file(5, rounds=7, system="all-play-all")
    file["players"][4]["withdrawn_after_round"] = 1
    add_round(file, 1, pairing(tmp_path, file))
    answer = pairing(tmp_path, file)
    assert answer == {"round": 2, "pairings": [[1, 2]], "bye": None, "excused": [], "forfeits": [[3, 5]],
                      "double_forfeits": []}


def test_a_game_between_a_withdrawn_and_an_excused_player_is_a_double_forfeit(tmp_path):
    # Berger for 4: round 1 1–4, 2–3; round 2 4–3, 1–2; round 3 2–4, 3–1.  P4 withdraws after round 1
    # and P3 is excused from round 2: their round-2 game has nobody to win it, both lose.
    file = new_file(4, rounds=3, system="all-play-all")
    file["players"][3]["withdrawn_after_round"] = 1
    file["players"][2]["excused_rounds"] = [2]
    add_round(file, 1, pairing(tmp_path, file))
    answer = pairing(tmp_path, file)
    assert answer == {"round": 2, "pairings": [[1, 2]], "bye": None, "excused": [3], "forfeits": [],
                      "double_forfeits": [[4, 3]]}
    status, out = run_text(tmp_path, file)
    assert status == 0 and "  double forfeit: 4 v 3  (" in out and "both lose by forfeit" in out
    # The project reads back the file it makes of that answer (a forfeit with winner null) and pairs on:
    # round 3, P4 still withdrawn: P2 wins by forfeit, P3 and P1 play.
    add_round(file, 2, answer)
    assert file["rounds"][1]["matches"][1] == {"first": 4, "second": 3, "status": "forfeit", "winner": None}
    assert pairing(tmp_path, file) == {"round": 3, "pairings": [[3, 1]], "bye": None, "excused": [],
                                       "forfeits": [[2, 4]], "double_forfeits": []}


def run_text(tmp_path, file):
    """(exit status, standard output) of `pair_next FILE` without --json."""
    path = tmp_path / "event.json"
    path.write_text(json.dumps(file))
    out = io.StringIO()
    call_command("pair_next", str(path), stdout=out)
    return 0, out.getvalue()


def test_a_late_entry_is_not_in_an_all_play_all_table(tmp_path):
    file = new_file(4, rounds=3, system="all-play-all")
    file["players"].append({"id": 5, "name": "Late", "rating": None, "withdrawn_after_round": None, "joined_round": 2})
    add_round(file, 1, pairing(tmp_path, file))
    answer = pairing(tmp_path, file)  # the table of the four of round 1, round 2: 4–3 and 1–2
    assert answer["pairings"] == [[4, 3], [1, 2]] and answer["forfeits"] == answer["double_forfeits"] == []


@pytest.mark.parametrize("shape", ["one player", "beyond its table", "everyone excused"])
def test_pair_next_never_tracebacks(tmp_path, shape):
    if shape == "one player":
        file = new_file(1, system="all-play-all")
    elif shape == "beyond its table":  # an old file: a 3-player all-play-all with a 4th round recorded
        file = new_file(3, system="all-play-all")
        for number, table in enumerate(berger_rounds(3) + [[(1, 2)]], start=1):
            add_round(file, number, {"pairings": [list(p) for p in table], "bye": None, "excused": []})
    else:
        file = new_file(3)
        for player in file["players"]:
            player["excused_rounds"] = [1]
    status, out, err = run(tmp_path, file)
    assert status in (0, 2) and "Traceback" not in err
    if shape == "everyone excused":
        assert json.loads(out) == {"round": 1, "pairings": [], "bye": None, "excused": [1, 2, 3]}
    else:
        assert status == 2 and err


def test_a_finished_all_play_all_exits_2_from_a_real_process(tmp_path):
    file = new_file(2, system="all-play-all")
    add_round(file, 1, {"pairings": [[1, 2]], "bye": None, "excused": []})
    path = tmp_path / "done.json"
    path.write_text(json.dumps(file))
    done = subprocess.run([sys.executable, "manage.py", "pair_next", str(path), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "the tournament is finished" in done.stderr
