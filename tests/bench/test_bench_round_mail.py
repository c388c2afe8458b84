"""A 500-player online round published with its 500 mails queued, and the sender delivering them to a local SMTP
server (targets in games/bench_targets.py)."""

from __future__ import annotations

import time

import pytest

from games.bench_targets import ROUND_MAIL_DELIVERY_500_S, ROUND_MAIL_PUBLISH_500_S
from outbox import sender
from outbox.models import Mail
from tests.outbox.conftest import smtp  # noqa: F401 - the fixture: aiosmtpd on loopback
from tournament import services
from tournament.models import Player, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = 500


def _event(name: str, emails: bool) -> Tournament:
    tournament = services.create_tournament(name, system="swiss", play="online")
    services.import_players(tournament, [(f"Player {n:03}", 1000 + n, "") for n in range(PLAYERS)])
    if emails:
        Player.objects.bulk_update([_with_email(p) for p in tournament.players.all()], ["email"])
    return tournament


def _with_email(player: Player) -> Player:
    player.email = f"p{player.number}@example.org"
    return player


def _publish_time(tournament: Tournament) -> float:
    draft = services.generate_round(tournament)
    start = time.perf_counter()
    services.publish_round(draft)
    return time.perf_counter() - start


def test_a_500_player_round_is_published_with_its_mails_and_they_are_delivered(smtp):  # noqa: F811
    without = _publish_time(_event("Without mail", emails=False))
    with_mail = _publish_time(_event("With mail", emails=True))
    queued = Mail.objects.filter(kind=Mail.Kind.GAME).count()
    print(f"\npublishing 500 players' round: {without:.2f} s without mail, {with_mail:.2f} s with {queued} mails")
    assert queued == PLAYERS
    start = time.perf_counter()
    while sender.deliver_due(batch=100):
        pass
    delivered = time.perf_counter() - start
    print(f"delivering them to an SMTP server on loopback: {delivered:.1f} s")
    assert len(smtp.server.received) == PLAYERS
    assert delivered < ROUND_MAIL_DELIVERY_500_S
    assert with_mail < ROUND_MAIL_PUBLISH_500_S
