"""What the mails of an online round say (docs/online-event.md, Messages): the game, the bye, a moved start."""

from __future__ import annotations

from calendar import day_name
from datetime import datetime, timedelta, timezone as tz

import pytest
from django.utils import timezone

from outbox.models import Mail
from outbox.services import text_to_send
from tests.factories import make_event
from tournament import letters, services
from tournament.models import Match

pytestmark = pytest.mark.django_db

# Summer time: 13:00 UTC is 14:00 in London.  Next year's July is ahead of the clock whenever the tests run (a start
# already past would be published as now).
START = datetime(timezone.now().year + 1, 7, 10, 13, 0, tzinfo=tz.utc)
SAID = f"{day_name[START.weekday()]} 10 July {START.year}"  # "Saturday 10 July 2027"


@pytest.fixture
def published():
    event = make_event("Mail Open", ["Ann Able", "Ben Baker", "Cat Cole"], system="swiss", play="online",
                       bye_half_points=2)
    for player in event.players.all():
        player.email = f"{player.name.split()[0].lower()}@example.org"
        player.save(update_fields=["email"])
    draft = services.generate_round(event)
    services.publish_round(draft, starts_at=START)
    return draft


def test_each_paired_player_is_mailed_their_game_and_the_bye_its_vp(published):
    game = Match.objects.get(round=published, status=Match.PENDING)
    bye = Match.objects.get(round=published, status=Match.BYE)
    first = text_to_send(Mail.objects.get(kind=Mail.Kind.GAME, player=game.first))
    assert f"you play {game.second.name} at table {game.table}, moving first" in first
    assert f"The clocks start {SAID}, 14:00 BST." in first
    assert f"/p/{game.first.link_token}/play/" in first
    assert "you have a bye (1 VP)" in Mail.objects.get(kind=Mail.Kind.GAME, player=bye.first).body


def test_a_moved_start_is_mailed_to_the_rounds_players(published):
    published.starts_at = START + timedelta(minutes=90)
    published.save()
    assert letters.start_moved(published) == 3
    moved = Mail.objects.filter(kind=Mail.Kind.CORRECTION)
    assert all(f"now starts {SAID}, 15:30 BST" in mail.body for mail in moved)


def test_a_player_without_an_address_gets_no_mail(published):
    published.tournament.players.update(email="")
    assert letters.round_games(published) == 0
