"""import_tournament / export_tournament / standings --json, and the demo (docs/tournament-file.md, docs/command-line.md)."""

import io
import json
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.engine.simulate import random_game
from scoring.standings import standings_json
from tournament import records
from tournament.models import Match, Player, Round, Tournament
from tournament.management.commands.demo import DEMO_NAME
from tournament.tfile.simulate import simulate
from tournament.tfile import FileFault, dump, load_text, parse

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture(scope="module")
def big_event():
    """51 players (odd, so there are byes), 7 rounds: byes, forfeits, withdrawals, late entries and move logs."""
    return simulate(51, 7, seed=11, forfeit_chance=0.04, withdraw_chance=0.02, late_entries=2, log_chance=0.15)


def test_the_big_event_has_everything_the_round_trip_must_carry(big_event):
    statuses = {m["status"] for r in big_event["rounds"] for m in r["matches"]}
    assert statuses == {"played", "forfeit", "bye"}
    assert any(m.get("log") for r in big_event["rounds"] for m in r["matches"])
    assert any(p["withdrawn_after_round"] for p in big_event["players"])
    assert any(p.get("joined_round", 1) > 1 for p in big_event["players"])


def test_export_then_import_gives_back_the_same_tournament(tmp_path, big_event):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(big_event))
    slug = run("import_tournament", str(path)).splitlines()[-1]
    exported = json.loads(run("export_tournament", slug))
    assert exported == dump(parse(big_event))
    # And again: what was exported imports to the same tournament.
    path.write_text(json.dumps(exported))
    again = run("import_tournament", str(path)).splitlines()[-1]
    assert again != slug
    assert json.loads(run("export_tournament", again)) == exported
    assert json.loads(run("standings", again, "--json")) == json.loads(run("standings", slug, "--json"))


def test_a_faulty_file_writes_nothing(tmp_path, big_event):
    broken = json.loads(json.dumps(big_event))
    broken["rounds"][6]["matches"][3]["first"] = 999
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(CommandError) as refused:
        run("import_tournament", str(path))
    assert "rounds[6].matches[3].first: 999 " in str(refused.value)  # the place, and the value found there
    assert refused.value.returncode == 2
    assert not Tournament.objects.exists() and not Player.objects.exists()


def test_a_failure_midway_leaves_no_half_made_tournament(monkeypatch, big_event):
    calls = {"n": 0}
    real = Match.objects.bulk_create

    def failing(objs, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 4:
            raise RuntimeError("disk full")
        return real(objs, *args, **kwargs)

    monkeypatch.setattr(Match.objects, "bulk_create", failing)
    with pytest.raises(RuntimeError):
        records.import_record(parse(big_event))
    assert not Tournament.objects.exists() and not Round.objects.exists() and not Match.objects.exists()


def test_standings_json_shape(tmp_path):
    file = {
        "format": "ingenious-tournament/1",
        "name": "Three",
        "settings": {"system": "swiss", "rounds": 1},
        "players": [{"id": 7, "name": "Ann Able"}, {"id": 8, "name": "Ben Baker"}, {"id": 9, "name": "Cy Cole"}],
        "rounds": [{"number": 1, "matches": [
            {"first": 7, "second": 8, "status": "played", "scores": [[5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]]},
            {"first": 9, "second": None, "status": "bye"},
        ]}],
    }
    path = tmp_path / "three.json"
    path.write_text(json.dumps(file))
    slug = run("import_tournament", str(path)).splitlines()[-1]
    rows = json.loads(run("standings", slug, "--json"))
    # Ann's lowest 5 beats Ben's 4: 1 VP, D = +1, L = 5.  Cy's bye: 1 VP, L = D = 0.
    # Ann and Cy tie on 1 VP; they have not met; progressive difference 1 > 0 puts Ann first.
    assert [(r["place"], r["id"], r["name"], r["vp"], r["prog_diff"], r["prog_level"]) for r in rows] == [
        ("1", 7, "Ann Able", 1, 1, 5),
        ("2", 9, "Cy Cole", 1, 0, 0),
        ("3", 8, "Ben Baker", 0, -1, 4),
    ]


def test_demo_builds_a_tournament_in_progress_once():
    run("demo", "--if-empty")
    run("demo", "--if-empty")
    tournament = Tournament.objects.get(name=DEMO_NAME)
    assert tournament.players.count() == 24
    assert list(tournament.rounds.values_list("number", "status")) == [
        (1, "complete"), (2, "complete"), (3, "complete"), (4, "complete"), (5, "published"),
    ]
    pending = Match.objects.filter(round__number=5, status="pending").count()
    assert 0 < pending < 12
    assert Match.objects.exclude(log=None).exists()
    assert tournament.organisers.filter(username="demo").exists()


# --- A match's log is the record of that match's game (docs/tournament-file.md) ---------------------


def one_match_file(log_players, rules="mso", log_clock=None, tournament_clock=600):
    """Ann Able (first) v Ben Baker in round 1, its result given by a log naming `log_players`."""
    log = random_game(2, rules, seed=7, names=list(log_players))
    if log_clock is not None:
        log["clock_s"] = log_clock
    flagged = [any(e["type"] == "flag" and e["player"] == p for e in log["events"]) for p in (0, 1)]
    return {
        "format": "ingenious-tournament/1", "name": "Log Cup",
        "settings": {"system": "swiss", "rounds": 3, "clock_s": tournament_clock},
        "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "Ben Baker"}],
        "rounds": [{"number": 1, "matches": [
            {"first": 1, "second": 2, "status": "played", "scores": log["final"], "flagged": flagged, "log": log}]}],
    }


@pytest.mark.parametrize("names", [["Ann Able", "Ben Baker"], ["  ann able ", "BEN BAKER"]])
def test_a_log_of_the_matchs_own_players_is_accepted_whatever_case_and_spacing(names):
    record = parse(one_match_file(names))
    assert record.rounds[0].matches[0].log["players"] == names


@pytest.mark.parametrize("file, says", [
    (one_match_file(["Ben Baker", "Ann Able"]), "the log has Ben Baker playing first, the match has Ann Able"),
    (one_match_file(["X", "Y"]), "the log is a game of X v Y, but the match is Ann Able v Ben Baker"),
    (one_match_file(["Ann Able", "Ben Baker"], rules="kosmos"),
     "the log is played under kosmos rules; a tournament game is played under mso rules"),
    (one_match_file(["Ann Able", "Ben Baker"], log_clock=900),
     "the log's clock is 900 s, but the tournament's is 600 s"),
])
def test_a_log_that_is_not_the_matchs_game_is_refused_naming_the_place(file, says, tmp_path):
    with pytest.raises(Exception) as refused:
        parse(file)
    assert str(refused.value) == f"rounds[0].matches[0].log: {says}"
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(file))
    with pytest.raises(CommandError, match=r"rounds\[0\]\.matches\[0\]\.log: ") as error:
        run("import_tournament", str(path))
    assert error.value.returncode == 2
    assert not Tournament.objects.exists()


def test_the_tournaments_own_clock_on_the_log_is_accepted():
    assert parse(one_match_file(["Ann Able", "Ben Baker"], log_clock=900, tournament_clock=900)).settings.clock_s == 900


# --- Rounds in any order ---------------------------------------------------------------


def test_rounds_listed_out_of_order_give_the_same_standings_as_in_order(tmp_path, big_event):
    shuffled = dict(big_event, name="Shuffled", rounds=list(big_event["rounds"]))
    random.Random(3).shuffle(shuffled["rounds"])
    assert [r["number"] for r in shuffled["rounds"]] != sorted(r["number"] for r in shuffled["rounds"])
    assert standings_json(parse(shuffled)) == standings_json(parse(big_event))
    path = tmp_path / "shuffled.json"
    path.write_text(json.dumps(shuffled))
    slug = run("import_tournament", str(path)).splitlines()[-1]
    in_order = json.loads(run("export_tournament", slug))
    assert [r["number"] for r in in_order["rounds"]] == list(range(1, 8))
    assert json.loads(run("standings", slug, "--json")) == standings_json(parse(big_event))


@pytest.mark.parametrize("numbers, place, says", [
    ([1, 1], "rounds[1].number", "round 1 is listed twice (also at rounds[0])"),
    ([1, 3], "rounds[1].number", "must be a round number from 1 to 2 (the file lists 2 rounds), not 3"),
    ([2, 0], "rounds[1].number", "must be a round number from 1 to 2 (the file lists 2 rounds), not 0"),
])
def test_round_numbers_are_1_to_n_each_once(numbers, place, says):
    file = {"format": "ingenious-tournament/1", "name": "N", "settings": {"system": "swiss", "rounds": 3}, "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
            "rounds": [{"number": n, "matches": [{"first": 1, "second": 2, "status": "forfeit", "winner": 1}]}
                       for n in numbers]}
    with pytest.raises(Exception) as refused:
        parse(file)
    assert str(refused.value) == f"{place}: {says}"


def test_only_the_highest_numbered_round_may_be_pending_wherever_it_is_listed():
    pending = {"first": 1, "second": 2, "status": "pending"}
    done = {"first": 1, "second": 2, "status": "forfeit", "winner": 2}
    base = {"format": "ingenious-tournament/1", "name": "P", "settings": {"system": "swiss", "rounds": 3}, "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]}
    assert parse(dict(base, rounds=[{"number": 2, "matches": [pending]}, {"number": 1, "matches": [done]}]))
    with pytest.raises(FileFault) as fault:
        parse(dict(base, rounds=[{"number": 2, "matches": [done]}, {"number": 1, "matches": [pending]}]))
    assert (fault.value.place, fault.value.problem) == ("rounds[1]", "only the last round may have pending matches")


@pytest.mark.parametrize("settings, place, message", [
    (None, "settings", 'missing: the file must say at least "system" and "rounds"'),
    ({"rounds": 3}, "settings.system", 'missing: "swiss" or "all-play-all"'),
    ({"system": "swiss"}, "settings.rounds", "missing: the announced number of rounds"),
])
def test_a_file_without_its_system_or_rounds_is_refused(settings, place, message):
    """No default for these (docs/tournament-file.md gives none): four players read as a 7-round Swiss was the old way."""
    file = {"format": "ingenious-tournament/1", "name": "N", "players": [{"id": i, "name": n} for i, n in
                                                                          enumerate("ABCD", start=1)], "rounds": []}
    if settings is not None:
        file["settings"] = settings
    with pytest.raises(FileFault) as fault:
        parse(file)
    assert str(fault.value) == f"{place}: {message}"


def test_a_file_nested_too_deeply_for_the_json_reader_says_so_in_words():
    with pytest.raises(FileFault) as fault:
        load_text("[" * 100_000 + "]" * 100_000)
    assert str(fault.value).endswith("the file is not JSON this site reads: it is nested too deeply")
