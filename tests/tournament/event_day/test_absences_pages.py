"""Excused absences on the pages: marked by the organiser, asked for through a private link and approved in one click."""

import pytest
from django.test import Client

from tournament import services
from tournament.models import AuditEntry, ExcusedAbsence, Match

from tests.factories import field_errors, make_event, play

from .helpers import says, text, words

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
    assert "Missing a round" in page and says(page, "excused VP", vp="½")
    assert '<option value="2">Round 2</option>' in page and '<option value="4">Round 4</option>' in page
    page = text(visitor.post(link + "excuse/", {"round_number": "3"}, follow=True))
    assert says(page, "asked to be excused", round=3) and says(page, "asked, waiting", round=3)

    dashboard = words(org_client.get(f"/manage/{event.slug}/"))
    assert says(dashboard, "asks to be excused", player="Cy Cole", round=3)
    assert says(dashboard, "requests to decide", count=1)
    absence = ExcusedAbsence.objects.get(player=cy)
    page = text(org_client.post(f"/manage/{event.slug}/absences/{absence.pk}/approve/", follow=True))
    assert says(page, "excused", player="Cy Cole", round=3) and "Cy Cole, round 3: excused" in page
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
    assert says(page, "no rule broken") and "excused" in page


def test_a_bad_request_names_the_round_and_a_published_round_cannot_be_asked_for(event):
    cy = event.players.get(name="Cy Cole")
    link = f"/p/{cy.link_token}/"
    page = Client().post(link + "excuse/", {"round_number": "1"})
    assert list(field_errors(page)) == ["round_number"]
    assert says(text(page), "choose a round")
    page = Client().post(link + "excuse/", {})
    assert list(field_errors(page)) == ["round_number"]
    assert not ExcusedAbsence.objects.exists()


def test_the_organiser_excuses_a_player_from_the_player_page_and_cancels_it(org_client, event):
    di = event.players.get(name="Di Dunn")
    base = f"/manage/{event.slug}/"
    page = text(org_client.post(base + "absences/excuse/",
                                {"player": di.pk, "round_number": "2", "from_player": di.number}, follow=True))
    assert says(page, "excused", player="Di Dunn", round=2) and "Round 2: Approved" in page
    absence = ExcusedAbsence.objects.get(player=di)
    page = text(org_client.post(base + f"absences/{absence.pk}/cancel/", follow=True))
    assert says(page, "absence cancelled", player="Di Dunn", round=2)
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
