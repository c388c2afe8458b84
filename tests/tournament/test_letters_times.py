"""What the mails say of times and where to go (docs/online-event.md, Messages and Times): the private-link mail
says when the event starts, in the tournament's time zone, named; a bye's mail is not "your game"; the organiser's
notice links to the dashboard."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from outbox.models import Mail
from outbox.services import text_to_send
from tests.factories import make_event
from tournament import letters, services
from tournament.models import Match, Player
from tournament.serving.site_url import absolute

pytestmark = pytest.mark.django_db

LONDON = zoneinfo.ZoneInfo("Europe/London")


@pytest.fixture
def event(organiser):
    organiser.email = "org@example.org"
    organiser.save()
    tournament = make_event("Mail Open", ["Ann Able", "Ben Baker", "Cat Cole"], organiser=organiser,
                            system="swiss", play="online")
    for player in tournament.players.all():  # one address, one player
        player.email = f"{player.name.split()[0].lower()}@example.org"
        player.save()
    return tournament


def publish_in(event, delay: timedelta):
    starts = (timezone.now() + delay).replace(microsecond=0)
    services.publish_round(services.generate_round(event), starts_at=starts)
    return starts


def test_a_start_is_written_in_the_zone_named_to_the_second_when_off_the_minute():
    local = timezone.now().astimezone(LONDON).replace(hour=14, minute=30, second=0, microsecond=0)
    day = f"{local:%A} {local.day} {local:%B %Y}"
    zone = local.tzname()  # GMT or BST, by the day the test runs on
    assert letters.when(local) == f"{day}, 14:30 {zone}"
    assert letters.when(local.replace(minute=31, second=5)) == f"{day}, 14:31:05 {zone}"
    assert letters.when(local.astimezone(zoneinfo.ZoneInfo("UTC"))) == f"{day}, 14:30 {zone}"


def test_a_tournament_with_its_own_zone_is_written_in_it(event):
    event.time_zone = "Asia/Kolkata"  # UTC+5:30 all year, named IST
    london = timezone.now().astimezone(LONDON).replace(hour=9, minute=0, second=0, microsecond=0)
    kolkata = london.astimezone(zoneinfo.ZoneInfo("Asia/Kolkata"))
    assert letters.when(london, event) == f"{kolkata:%A} {kolkata.day} {kolkata:%B %Y}, {kolkata:%H:%M} IST"


def test_the_private_link_mail_says_when_the_event_starts(event):
    starts = publish_in(event, timedelta(hours=2))
    assert letters.event_start(event) == starts
    mail = letters.private_link(Player.objects.get(name="Ann Able"))
    assert f"starts {letters.when(starts, event)}" in text_to_send(mail)


def test_before_any_start_is_known_the_private_link_mail_names_none(event):
    assert letters.event_start(event) is None
    mail = letters.private_link(Player.objects.get(name="Ann Able"))
    assert "starts" not in text_to_send(mail)


def test_a_byes_mail_does_not_say_your_game(event):
    publish_in(event, timedelta(hours=1))
    bye = Match.objects.get(status=Match.BYE)
    subjects = dict(Mail.objects.filter(kind=Mail.Kind.GAME).values_list("player", "subject"))
    assert subjects[bye.first_id].endswith("round 1: your bye")
    assert sum(subject.endswith("your game") for subject in subjects.values()) == 2


def test_a_notice_to_the_organisers_links_to_the_dashboard(event):
    assert letters.to_organisers(event, "the timetable stopped", "No pairing obeys the rules.") == 1
    notice = Mail.objects.get(kind=Mail.Kind.ORGANISER)
    assert absolute(reverse("manage:dashboard", args=[event.slug])) in notice.body
