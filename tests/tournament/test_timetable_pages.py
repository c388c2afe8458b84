"""The timetable on the dashboard and the desk: running or stopped and why, "Stop" and "Go on"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_event, page_text
from tournament.services import timetable

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    return make_event("Auto Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], organiser=organiser,
                      system="swiss", play="online", auto=True, round_break_s=60, publish_round_one=True)


def test_stop_and_go_on_from_the_dashboard(org_client, event):
    address = reverse("manage:timetable", args=[event.slug])
    org_client.post(address, {"do": "stop"})
    event.refresh_from_db()
    assert event.timetable_stopped == "Stopped by the organiser."
    dashboard = page_text(org_client.get(reverse("manage:dashboard", args=[event.slug])))
    assert 'id="timetable-stopped"' in dashboard and "Stopped by the organiser." in dashboard
    org_client.post(address, {"do": "go_on"})
    event.refresh_from_db()
    assert event.timetable_stopped == ""


def test_the_desk_says_why_the_timetable_stopped(org_client, event):
    timetable.stop(event, "Round 2 could not be paired: no pairing obeys the absolute rules.")
    desk = page_text(org_client.get(reverse("manage:desk", args=[event.slug, 1])))
    assert "Round 2 could not be paired" in desk


def test_an_arbiter_sees_the_state_but_may_not_stop_it(client, people, event):
    event.arbiters.add(people["arb"])
    client.force_login(people["arb"])
    assert client.post(reverse("manage:timetable", args=[event.slug]), {"do": "stop"}).status_code == 403
    assert 'id="timetable-running"' in page_text(client.get(reverse("manage:dashboard", args=[event.slug])))
