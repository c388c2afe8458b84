"""The file's online-event fields (docs/tournament-file.md): `auto`, `round_break_s`, `entries`, `players[].email` in the
private export only, and import reading them back."""

from __future__ import annotations

import io
import json

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from tests.factories import make_event
from tournament import services
from tournament.models import Match, Tournament
from tournament.services import timetable
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


def test_the_event_start_closing_time_lead_and_zone_round_trip(event):
    start = timezone.now().replace(microsecond=0) + timedelta(days=2)
    services.update_settings(event, starts_at=start, entries_close_at=start - timedelta(hours=1), round_lead_s=90,
                             time_zone="America/New_York")
    settings = export(event.slug)["settings"]
    assert (settings["round_lead_s"], settings["time_zone"]) == (90, "America/New_York")
    copy = services.import_tournament(parse(export(event.slug)), slug="copy")
    assert (copy.starts_at, copy.entries_close_at, copy.round_lead_s, copy.time_zone) == (
        start, start - timedelta(hours=1), 90, "America/New_York")


def test_a_table_tournament_writes_none_of_them():
    table = make_event("At the tables", ["Ann Able", "Ben Baker"])
    assert not ({"auto", "round_break_s", "entries", "round_lead_s", "starts_at", "entries_close_at", "time_zone"}
                & export(table.slug)["settings"].keys())


@pytest.mark.parametrize("settings, place", [
    ({"auto": True}, "settings.auto"),  # a table tournament
    ({"auto": "yes", "play": "online"}, "settings.auto"),
    ({"round_break_s": 86_401, "play": "online"}, "settings.round_break_s"),
    ({"round_break_s": -1}, "settings.round_break_s"),
    ({"entries": "closed"}, "settings.entries"),
    ({"round_lead_s": -1}, "settings.round_lead_s"),
    ({"time_zone": "Mars/Olympus"}, "settings.time_zone"),
    ({"starts_at": "tomorrow at two"}, "settings.starts_at"),
    ({"entries_close_at": "2026-12-01T10:00:00"}, "settings.entries_close_at"),  # no offset
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


def test_a_player_back_after_a_withdrawal_round_trips_with_no_match_in_the_round_missed(organiser):
    event = make_event("Back Swiss", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], system="swiss",
                       rounds_announced=3, play="online", auto=True, round_break_s=0, publish_round_one=True)
    for match in Match.objects.filter(round__tournament=event).select_related("first", "second"):
        dan = next((p for p in (match.first, match.second) if p.name == "Dan Dale"), None)
        present = [p for p in (match.first, match.second) if p is not dan][0]
        entry = (services.ResultEntry.room_forfeit(present) if dan else
                 services.ResultEntry.typed(scores=[[9] * 6, [3] * 6], flagged=[False, False]))
        services.enter_result(match, entry)
    timetable.advance(event.pk)
    services.come_back(event.players.get(name="Dan Dale"))
    file = export(event.slug)
    dan_file = next(p for p in file["players"] if p["name"] == "Dan Dale")
    assert dan_file["withdrawn_after_round"] is None
    round_two = next(r for r in file["rounds"] if r["number"] == 2)
    assert all(dan_file["id"] not in (m["first"], m["second"]) for m in round_two["matches"])
    copy = services.import_tournament(parse(file), slug="back-copy")
    assert copy.players.get(name="Dan Dale").withdrawn_after_round is None
