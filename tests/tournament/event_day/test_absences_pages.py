"""Excused absences on the pages: marked by the organiser, asked for through a private link and approved in one click."""

import pytest
from django.test import Client

from tournament import services
from tournament.models import AuditEntry, ExcusedAbsence, Match

from tests.factories import field_errors, make_event, play

from .helpers import text, words

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eng"]


@pytest.fixture
def event(people):
    """Five players by rating, a Swiss of 4 rounds, excused VP ½; round 1 played and closed."""
    tournament = make_event("Absent Open", NAMES, organiser=people["org"], system="swiss", rounds_announced=4,
                            ratings=[2000, 1900, 1800, 1700, 1600])
    tournament.excused_half_points = 1
    tournament.save()
    round_one = services.generate_round(tournament)
    services.publish_round(round_one)
    play(round_one)
    return tournament


def test_a_player_asks_through_the_private_link_and_the_organiser_approves_in_one_click(org_client, event):
    cy = event.players.get(name="Cy Cole")
    link = f"/p/{cy.link_token}/"
    visitor = Client()
    page = text(visitor.get(link))
    assert "Missing a round" in page and "(you score ½ VP for it)" in page
    assert '<option value="2">Round 2</option>' in page and '<option value="4">Round 4</option>' in page
    page = text(visitor.post(link + "excuse/", {"round_number": "3"}, follow=True))
    assert "You asked to be excused from round 3: the organiser will decide." in page
    assert "Round 3: asked for, waiting for the organiser" in page

    dashboard = words(org_client.get(f"/manage/{event.slug}/"))
    assert "Cy Cole, round 3: asks to be excused" in dashboard
    assert "1 player asks to be excused from a round: approve or decline below." in dashboard
    absence = ExcusedAbsence.objects.get(player=cy)
    page = text(org_client.post(f"/manage/{event.slug}/absences/{absence.pk}/approve/", follow=True))
    assert "Cy Cole is excused from round 3." in page and "Cy Cole, round 3: excused" in page
    assert "Round 3: you are excused" in text(visitor.get(link))
    assert [e.action for e in AuditEntry.objects.filter(tournament=event)[:2]] == [
        "excused absence approved", "excused absence asked for"]

    round_two = services.generate_round(event)
    services.publish_round(round_two)
    play(round_two)
    round_three = services.generate_round(event)
    excused = round_three.matches.get(first=cy)
    assert excused.status == Match.EXCUSED and excused.second is None
    page = text(org_client.get(f"/manage/{event.slug}/round/3/"))
    assert "The draft breaks no pairing rule" in page and "excused" in page


def test_a_bad_request_names_the_round_and_a_published_round_cannot_be_asked_for(event):
    cy = event.players.get(name="Cy Cole")
    link = f"/p/{cy.link_token}/"
    page = Client().post(link + "excuse/", {"round_number": "1"})
    assert list(field_errors(page)) == ["round_number"]
    assert "Round: choose a round still to be paired." in text(page)
    page = Client().post(link + "excuse/", {})
    assert list(field_errors(page)) == ["round_number"]
    assert not ExcusedAbsence.objects.exists()


def test_the_organiser_excuses_a_player_from_the_player_page_and_cancels_it(org_client, event):
    di = event.players.get(name="Di Dunn")
    base = f"/manage/{event.slug}/"
    page = text(org_client.post(base + "absences/excuse/",
                                {"player": di.pk, "round_number": "2", "from_player": di.number}, follow=True))
    assert "Di Dunn is excused from round 2." in page and "Round 2: Approved" in page
    absence = ExcusedAbsence.objects.get(player=di)
    page = text(org_client.post(base + f"absences/{absence.pk}/cancel/", follow=True))
    assert "Di Dunn's absence from round 2 is cancelled: they are paired in it." in page
    assert not ExcusedAbsence.objects.exists()
    page = org_client.post(base + "absences/excuse/", {"player": di.pk, "round_number": "9"}, follow=True)
    said = [(m.level_tag, m.message) for m in page.context["messages"]]
    assert [level for level, _ in said] == ["error"] and said[0][1].startswith("Round:")  # its words: the test above
    assert not ExcusedAbsence.objects.exists()


def test_the_excused_vp_is_a_setting_shown_on_the_dashboard_and_audited(org_client, people):
    tournament = make_event("Setting Open", ["Ann", "Ben"], organiser=people["org"], system="swiss")
    response = org_client.post(f"/manage/{tournament.slug}/settings/", {
        "name": "Setting Open", "system": "swiss", "rounds_announced": 7, "bye_half_points": 2,
        "progressive": "sum", "clock_s": 600, "late_entry_half_points": 0, "excused_half_points": 1},
        follow=True)
    assert "Excused absence ½ VP" in words(response)
    entry = AuditEntry.objects.filter(tournament=tournament).first()
    assert (entry.action, entry.before, entry.after) == ("settings changed", {"excused_half_points": 0},
                                                         {"excused_half_points": 1})
