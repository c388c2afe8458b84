"""Publishing an online round with its start time (docs/online-play.md, "Setting up").

The organiser's round page and dashboard ask for the start time only when the
round will be played online; the time typed is the site's (Europe/London).
"""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from rooms.desk import views as desk
from rooms.models import Room
from tests.factories import make_event, typable, typed
from tournament import services as tournament_services
from tournament.models import AuditEntry, Round

pytestmark = pytest.mark.django_db

NEXT_YEAR = timezone.now().year + 1  # its July is ahead of the clock whenever the tests run
NAMES = ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"]


def draft(organiser, play):
    tournament = make_event(f"{play.title()} Open", NAMES, organiser=organiser, play=play, clock_s=60)
    tournament_services.generate_round(tournament)
    return tournament


def publish(client, tournament, **fields):
    return client.post(reverse("manage:publish", args=[tournament.slug, 1]), fields)


@pytest.mark.parametrize("page", ["manage:round", "manage:dashboard"])
def test_the_start_time_is_asked_only_for_a_round_played_online(org_client, organiser, page):
    online, table = draft(organiser, "online"), draft(organiser, "table")
    args = (lambda t: [t.slug, 1]) if page == "manage:round" else (lambda t: [t.slug])
    asked = org_client.get(reverse(page, args=args(online))).content.decode()
    assert 'type="datetime-local"' in asked and 'name="starts_at"' in asked
    assert 'name="starts_at"' not in org_client.get(reverse(page, args=args(table))).content.decode()


def test_the_round_is_published_with_the_time_typed_and_no_clock_runs_before_it(org_client, organiser):
    tournament = draft(organiser, "online")
    start = typable((timezone.now() + timedelta(minutes=10)).replace(microsecond=0))
    response = publish(org_client, tournament, starts_at=typed(start))
    assert response.status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.status == Round.PUBLISHED and round_.play == "online" and round_.starts_at == start
    # Both rooms opened at once, starting at that time.
    rooms = Room.objects.filter(match__round=round_)
    assert [room.starts_at_ms for room in rooms] == [int(start.timestamp() * 1000)] * 2
    # Five minutes in (five before the start), every clock still shows its whole minute, nobody's turn.
    rows = desk.desk_rows(round_, at_ms=int(start.timestamp() * 1000) - 300_000)
    assert [(r["status"], r["clocks"], r["turn"]) for r in rows] == [("waiting", ["1:00", "1:00"], "")] * 2
    # 12 s after the start, the first player's clock has run 12 s (48 s left).
    rows = desk.desk_rows(round_, at_ms=int(start.timestamp() * 1000) + 12_000)
    assert [r["clocks"] for r in rows] == [["0:48", "1:00"]] * 2
    entry = AuditEntry.objects.get(action="round published")
    assert entry.after["played"] == "online" and entry.after["starts"] == start.isoformat(timespec="seconds")


def test_a_start_time_typed_to_the_minute_is_read_in_london_time(org_client, organiser):
    tournament = draft(organiser, "online")
    # A summer evening: London is an hour ahead of UTC then.
    publish(org_client, tournament, starts_at=f"{NEXT_YEAR}-07-01T19:30")
    summer_evening = datetime(NEXT_YEAR, 7, 1, 18, 30, tzinfo=ZoneInfo("UTC"))
    assert Round.objects.get(tournament=tournament).starts_at == summer_evening


@pytest.mark.parametrize("when", ["past", "empty"])
def test_a_time_already_past_or_none_means_now(org_client, organiser, when):
    tournament = draft(organiser, "online")
    before = timezone.now().replace(microsecond=0)
    publish(org_client, tournament, starts_at=typed(typable(before - timedelta(hours=3))) if when == "past" else "")
    starts = Round.objects.get(tournament=tournament).starts_at
    assert before <= starts <= timezone.now()
    room = Room.objects.filter(match__round__tournament=tournament).first()
    assert room.starts_at_ms >= int(before.timestamp() * 1000)


@pytest.mark.parametrize("value", ["tomorrow at noon", f"{NEXT_YEAR}-02-30T10:00", f"{NEXT_YEAR}-07-01 25:00"],
                         ids=["words", "no 30 February", "no hour 25"])
def test_a_bad_start_time_is_named_and_nothing_is_published(org_client, organiser, value):
    tournament = draft(organiser, "online")
    response = publish(org_client, tournament, starts_at=value)
    assert response.status_code == 200
    # The field is named beside its error; the round stays a draft, no room opens.
    assert list(response.context["publish_form"].errors) == ["starts_at"]
    assert "<li>Start time: " in response.content.decode()
    assert Round.objects.get(tournament=tournament).status == Round.DRAFT
    assert not Room.objects.filter(match__round__tournament=tournament).exists()


def test_a_round_played_over_the_board_ignores_a_start_time_sent_and_opens_no_room(org_client, organiser):
    tournament = draft(organiser, "table")
    publish(org_client, tournament, starts_at=typed(timezone.now() + timedelta(hours=1)))
    round_ = Round.objects.get(tournament=tournament)
    assert round_.status == Round.PUBLISHED and round_.play == "table" and round_.starts_at is None
    assert not Room.objects.filter(match__round=round_).exists()
