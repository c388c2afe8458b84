"""The timetable on the dashboard and the desk: running or stopped and why, "Stop" and "Go on"."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, page_text
from tests.tournament.services.test_timetable import finish_round
from tournament import services
from tournament.models import Tournament
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
    reason = "Round 2 could not be paired: no pairing obeys the absolute rules."
    timetable.stop(event, reason)
    desk = page_text(org_client.get(reverse("manage:desk", args=[event.slug, 1])))
    assert reason in desk


def test_an_arbiter_sees_the_state_but_may_not_stop_it(client, people, event):
    event.arbiters.add(people["arb"])
    client.force_login(people["arb"])
    assert client.post(reverse("manage:timetable", args=[event.slug]), {"do": "stop"}).status_code == 403
    assert 'id="timetable-running"' in page_text(client.get(reverse("manage:dashboard", args=[event.slug])))


def test_in_a_break_the_dashboard_says_when_the_next_round_is_paired_and_starts_to_the_second(org_client, event):
    services.update_settings(event, round_break_s=300, time_zone="America/New_York")
    finish_round(event)
    timetable.advance(event.pk)  # round 1 closed; round 2 is paired 240 s after its last game
    ended = max(m.entered_at for m in event.rounds.get(number=1).matches.all())
    new_york = ZoneInfo("America/New_York")
    paired, starts = (timezone.localtime(ended + timedelta(seconds=s), new_york) for s in (240, 300))
    dashboard = page_text(org_client.get(reverse("manage:dashboard", args=[event.slug])))
    assert (f"Round 2 is paired at {paired:%H:%M:%S} {paired.tzname()} and starts at {starts:%H:%M:%S} "
            f"{starts.tzname()}.") in dashboard
    assert 'id="timetable-last"' in dashboard and "round closed" in dashboard


def test_once_finished_the_dashboard_says_so_and_offers_no_stop(org_client, organiser):
    event = make_event("Short", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss", rounds_announced=1,
                       play="online", auto=True, publish_round_one=True)
    finish_round(event)
    assert timetable.advance(event.pk) == "finished"
    dashboard = page_text(org_client.get(reverse("manage:dashboard", args=[event.slug])))
    assert 'id="timetable-finished"' in dashboard
    assert 'id="timetable-running"' not in dashboard and 'value="stop"' not in dashboard


def test_the_event_start_is_typed_in_the_tournaments_time_zone(org_client, event):
    day = timezone.localtime(timezone.now() + timedelta(days=30), ZoneInfo("Asia/Tokyo"))
    form = {"name": event.name, "system": "swiss", "rounds_announced": 7, "bye_half_points": 2,
            "progressive": "sum", "clock_s": 600, "late_entry_half_points": 0, "excused_half_points": 0,
            "play": "online", "auto": "on", "round_break_s": 60, "round_lead_s": 30, "time_zone": "Asia/Tokyo",
            "starts_at": f"{day:%Y-%m-%d}T09:00:00"}  # a moment typed, read in the tournament's zone
    services.update_settings(event, time_zone="Asia/Tokyo")
    org_client.post(reverse("manage:settings", args=[event.slug]), form)
    event = Tournament.objects.get(pk=event.pk)
    tokyo = timezone.localtime(event.starts_at, ZoneInfo("Asia/Tokyo"))
    assert (tokyo.hour, tokyo.minute, event.round_lead_s) == (9, 0, 30)


def test_in_a_break_the_public_round_and_standings_pages_count_down_to_the_next_round(client, event):
    services.update_settings(event, round_break_s=300)
    finish_round(event)
    timetable.advance(event.pk)  # round 1 closed; round 2 starts 300 s after its last game
    starts = max(m.entered_at for m in event.rounds.get(number=1).matches.all()) + timedelta(seconds=300)
    for page in (reverse("tournament:round", args=[event.slug, 1]), reverse("tournament:standings", args=[event.slug])):
        text = page_text(client.get(page))
        assert 'id="next-round"' in text and f'data-starts-ms="{int(starts.timestamp() * 1000)}"' in text
    timetable.advance(event.pk, starts - timedelta(seconds=60))  # published: no break to count down any more
    assert 'id="next-round"' not in page_text(client.get(reverse("tournament:standings", args=[event.slug])))
