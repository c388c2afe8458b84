"""import_tournament / export_tournament / standings --json, and the demo (shared/spec/tournament-json.md)."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.models import Match, Player, Round, Tournament
from tournament.simulate import simulate
from tournament.tfile import dump, parse

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
    assert "rounds[6].matches[3].first: 999 is not the id of any player" in str(refused.value)
    assert refused.value.returncode == 2
    assert not Tournament.objects.exists() and not Player.objects.exists()


def test_a_failure_midway_leaves_no_half_made_tournament(monkeypatch, big_event):
    from tournament import records

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
    tournament = Tournament.objects.get()
    assert tournament.players.count() == 24
    assert list(tournament.rounds.values_list("number", "status")) == [
        (1, "complete"), (2, "complete"), (3, "complete"), (4, "complete"), (5, "published"),
    ]
    pending = Match.objects.filter(round__number=5, status="pending").count()
    assert 0 < pending < 12
    assert Match.objects.exclude(log=None).exists()
    assert tournament.organisers.filter(username="demo").exists()
