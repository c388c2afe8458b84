"""An all-play-all's number of rounds is its table's once round 1 is paired (docs/tournament-rules.md, All-play-all): four
players play 3 rounds, and Settings cannot announce another number."""

import html
import json
import re

import pytest

from tournament import services
from tournament.models import Tournament
from tournament.services.entries import ALL_PLAY_ALL_ROUNDS

from tests.factories import field_errors, make_event, play_rounds
from tests.tournament.event_day.helpers import words

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "Four Robin", "system": "all-play-all", "bye_half_points": 2, "progressive": "sum",
            "clock_s": 600, "late_entry_half_points": 0, "excused_half_points": 0}


@pytest.fixture
def finished_robin(people):
    tournament = make_event("Four Robin", ["Ann", "Ben", "Cy", "Di"], organiser=people["org"], system="all-play-all",
                            rounds_announced=7)
    play_rounds(tournament, 3)
    return Tournament.objects.get(pk=tournament.pk)


def test_settings_refuse_another_number_of_rounds_once_the_table_is_fixed(org_client, finished_robin):
    base = f"/manage/{finished_robin.slug}/"
    assert finished_robin.rounds_announced == 3  # round 1 replaced the 7 announced
    response = org_client.post(base + "settings/", {**SETTINGS, "rounds_announced": 5})
    assert response.status_code == 200
    assert field_errors(response) == {"rounds_announced": [ALL_PLAY_ALL_ROUNDS.format(n=3)]}  # at 3, the table's
    assert Tournament.objects.get(pk=finished_robin.pk).rounds_announced == 3

    page = words(org_client.get(base))
    assert "Rounds announced 3 (the all-play-all table's, fixed at round 1)" in page
    assert "all 3 rounds of the all-play-all table are paired and closed" in page
    assert json.loads(org_client.get(base + "export.json").content)["settings"]["rounds"] == 3

    # The other settings still change, the rounds posted as they are.
    response = org_client.post(base + "settings/", {**SETTINGS, "rounds_announced": 3, "clock_s": 900}, follow=True)
    assert "The settings are saved." in words(response)
    assert Tournament.objects.get(pk=finished_robin.pk).clock_s == 900


def test_the_settings_page_shows_the_rounds_read_only_and_says_why(org_client, finished_robin):
    page = html.unescape(org_client.get(f"/manage/{finished_robin.slug}/settings/").content.decode())
    field = re.search(r'<input type="number" name="rounds_announced"[^>]*>', page).group(0)
    assert 'value="3"' in field and "readonly" in field
    assert "Fixed at 3: the all-play-all table's number of rounds, set when round 1 was paired." in page


def test_before_round_1_an_all_play_all_s_rounds_may_still_be_set(org_client, people):
    tournament = make_event("Open Robin", ["Ann", "Ben", "Cy"], organiser=people["org"], system="all-play-all",
                            rounds_announced=7)
    services.update_settings(tournament, rounds_announced=5)
    assert Tournament.objects.get(pk=tournament.pk).rounds_announced == 5
    page = html.unescape(org_client.get(f"/manage/{tournament.slug}/settings/").content.decode())
    assert "readonly" not in re.search(r'<input type="number" name="rounds_announced"[^>]*>', page).group(0)
