"""One names rule (docs/online-event.md, Entries, "Names and clubs") for the entry form, the players file, the
tournament file and the organiser's forms: each of the attack's names is refused by all of them, and real names
pass all of them."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from signup import services as signup
from tests.factories import make_event
from tournament import services
from tournament.forms.players_csv import PlayersFileFault, read_players
from tournament.services import Refused, update_settings
from tournament.tfile import FileFault, parse

pytestmark = pytest.mark.django_db

ATTACKS = ["Win at evil.de now", "Go bit.ly/abc", "evil\u3002com", "Ann\u200b Able", "\u200b\u200b",
           "Ann \u202eelbA", "Ann\x07Able", "Ann\x1bAble", "<b>x</b>", "see http://x"]
REAL = ["Seán O'Brien", "Zoë Ðorđević", "李小龍", "J. R. Smith", "Anne-Marie St. John"]


@pytest.fixture
def event(organiser):
    return update_settings(make_event("Names Open", ["Ben Baker"], organiser=organiser, system="swiss"),
                           entries="open")


def file_of(name: str, club: str | None = None) -> dict:
    return {"format": "ingenious-tournament/1", "name": "Names", "settings": {"system": "swiss", "rounds": 3},
            "players": [{"id": 1, "name": name, "club": club}, {"id": 2, "name": "Ben Baker"}], "rounds": []}


def entry_form_takes(event, name="Cat Cole", club="") -> bool:
    try:
        signup.ask_to_enter(event, name=name, club=club, email="cat@example.org", network="10.0.0.1")
    except (signup.Unwelcome, Refused):
        return False
    return True


def organiser_form_takes(org_client, event, name="Cat Cole", club="") -> bool:
    before = event.players.count()
    org_client.post(reverse("manage:add_player", args=[event.slug]), {"name": name, "club": club, "rating": ""})
    return event.players.count() == before + 1


def players_file_takes(org_client, event, name="Cat Cole", club="") -> bool:
    before = event.players.count()
    upload = SimpleUploadedFile("players.csv", f'"{name}",,"{club}"\n'.encode())
    org_client.post(reverse("manage:import_players", args=[event.slug]), {"file": upload})
    return event.players.count() == before + 1


def tournament_file_takes(name="Cat Cole", club=None) -> bool:
    try:
        parse(file_of(name, club))
    except FileFault:
        return False
    return True


@pytest.mark.parametrize("name", ATTACKS)
def test_each_attack_name_is_refused_everywhere(org_client, event, name):
    assert [entry_form_takes(event, name), organiser_form_takes(org_client, event, name),
            players_file_takes(org_client, event, name), tournament_file_takes(name)] == [False] * 4


@pytest.mark.parametrize("club", ATTACKS)
def test_each_attack_is_refused_as_a_club_too(org_client, event, club):
    assert [entry_form_takes(event, club=club), organiser_form_takes(org_client, event, club=club),
            players_file_takes(org_client, event, club=club), tournament_file_takes(club=club)] == [False] * 4


@pytest.mark.parametrize("name", REAL)
def test_real_names_pass_everywhere(org_client, event, name):
    assert entry_form_takes(event, name) and tournament_file_takes(name)
    assert organiser_form_takes(org_client, event, name)
    event.players.filter(name=name).delete()
    assert players_file_takes(org_client, event, name)


def test_every_way_in_stores_the_name_normalised(org_client, event):
    assert [row.name for row in read_players("Ａｎｎ  Able,,\n")] == ["Ann Able"]
    assert parse(file_of("Ａｎｎ  Able")).players[0].name == "Ann Able"
    assert services.add_player(event, "Ｄｅｅ\u00a0 Dunn").name == "Dee Dunn"


def test_the_organiser_renaming_a_player_is_held_to_the_rule(event):
    ben = event.players.get(name="Ben Baker")
    with pytest.raises(Refused) as refused:
        services.edit_player(ben, name="Ben\u200b Baker", rating=None, club="")
    assert refused.value.field == "name"


def test_a_players_file_names_the_line_and_field_of_a_name_refused():
    with pytest.raises(PlayersFileFault) as fault:
        read_players("Ann Able,,\nGo bit.ly/abc,,\n")
    assert fault.value.faults[0].startswith("Line 2, name:")
