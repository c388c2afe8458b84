"""The end of a tournament on the organiser's pages: no pairing button, final standings, raising the rounds goes on."""

import pytest

from tournament import services

from tests.factories import make_event, play_rounds, refusal

from .helpers import says, text, words

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "End Open", "system": "swiss", "bye_half_points": 2, "progressive": "sum", "clock_s": 600,
            "late_entry_half_points": 0, "excused_half_points": 0}


def test_a_finished_swiss_offers_no_pairing_until_its_rounds_are_raised(org_client, people):
    tournament = make_event("End Open", ["Ann", "Ben", "Cy", "Di"], organiser=people["org"], system="swiss",
                            rounds_announced=2)
    play_rounds(tournament, 2)
    base = f"/manage/{tournament.slug}/"
    page = words(org_client.get(base))
    assert says(page, "finished", rounds=2)
    assert "Pair next round" not in page and "Pair by hand" not in page
    refused = text(org_client.post(base + "pair-by-hand/", follow=True))
    assert refusal(services.start_by_hand, tournament).message in refused  # the page shows the services' refusal
    assert tournament.rounds.count() == 2

    org_client.post(base + "settings/", {**SETTINGS, "rounds_announced": 3})
    page = words(org_client.get(base))
    assert "The tournament is finished" not in page and "Pair next round" in page
    page = text(org_client.post(base + "pair/", follow=True))
    assert says(page, "paired as a draft", round=3)
