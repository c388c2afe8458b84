"""The file's online-event fields (tournament-json.md): `auto`, `round_break_s`, `entries`, `players[].email` in the
private export only, and import reading them back."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from tests.factories import make_event
from tournament import services
from tournament.models import Tournament
from tournament.tfile import FileFault, parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = make_event("Auto Open", ["Ann Able", "Ben Baker"], system="swiss", play="online", auto=True,
                            round_break_s=120)
    services.update_settings(tournament, entries="approve")
    tournament.players.filter(name="Ann Able").update(email="ann@example.org")
    return tournament


def export(slug, *flags) -> dict:
    out = io.StringIO()
    call_command("export_tournament", slug, *flags, stdout=out)
    return json.loads(out.getvalue())


def test_the_plain_export_has_no_address_and_the_private_one_has(event):
    plain, private = export(event.slug), export(event.slug, "--private")
    assert "ann@example.org" not in json.dumps(plain)
    assert [p.get("email") for p in private["players"]] == ["ann@example.org", None]
    assert plain["settings"]["auto"] is True and plain["settings"]["round_break_s"] == 120
    assert plain["settings"]["entries"] == "approve"


def test_a_private_export_round_trips(event):
    file = export(event.slug, "--private")
    copy = services.import_tournament(parse(file), slug="copy")
    assert (copy.auto, copy.round_break_s, copy.entries) == (True, 120, "approve")
    assert dict(copy.players.values_list("name", "email")) == {"Ann Able": "ann@example.org", "Ben Baker": ""}
    assert export("copy", "--private")["players"] == file["players"]


def test_a_table_tournament_writes_none_of_them():
    table = make_event("At the tables", ["Ann Able", "Ben Baker"])
    assert not {"auto", "round_break_s", "entries"} & export(table.slug)["settings"].keys()


@pytest.mark.parametrize("settings, place", [
    ({"auto": True}, "settings.auto"),  # a table tournament
    ({"auto": "yes", "play": "online"}, "settings.auto"),
    ({"round_break_s": 86_401, "play": "online"}, "settings.round_break_s"),
    ({"round_break_s": -1}, "settings.round_break_s"),
    ({"entries": "closed"}, "settings.entries"),
])
def test_timetable_settings_out_of_bounds_are_faults_of_the_file(settings, place):
    file = {"format": "ingenious-tournament/1", "name": "X", "settings": {"system": "swiss", "rounds": 3, **settings},
            "players": [{"id": 1, "name": "Ann Able", "rating": None}], "rounds": []}
    with pytest.raises(FileFault) as fault:
        parse(file)
    assert fault.value.place == place
    assert not Tournament.objects.exists()


def test_a_malformed_address_is_a_fault_naming_the_player():
    file = {"format": "ingenious-tournament/1", "name": "X", "settings": {"system": "swiss", "rounds": 3},
            "players": [{"id": 1, "name": "Ann Able", "rating": None, "email": "ann@, ben@example.org"}]}
    with pytest.raises(FileFault) as fault:
        parse(file)
    assert fault.value.place == "players[0].email"
