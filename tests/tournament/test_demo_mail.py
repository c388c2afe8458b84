"""`make run`'s demo never mails its made-up players, whatever the mail settings (docs/online-event.md, Messages):
its messages stay on the messages page, marked as the demo's, now and for the rounds to come."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core import mail as sent_mail
from django.core.management import call_command
from django.utils import timezone

from outbox import sender
from outbox.models import Mail
from outbox.services import never_mail, queue
from tournament import services
from tournament.management.commands.demo import ONLINE_NAME
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_demos_players_are_never_mailed_even_with_a_mail_server(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # as with EMAIL_HOST set
    call_command("demo", stdout=io.StringIO())
    online = Tournament.objects.get(name=ONLINE_NAME)
    services.publish_round(services.generate_round(online), starts_at=timezone.now() + timedelta(minutes=5))
    assert sender.deliver_due() == 0
    assert sent_mail.outbox == []
    kinds = set(Mail.objects.filter(tournament=online).values_list("kind", "state"))
    assert kinds == {(Mail.Kind.CONFIRMATION, Mail.KEPT), (Mail.Kind.LINK, Mail.KEPT), (Mail.Kind.GAME, Mail.KEPT)}


def test_a_made_up_address_is_kept_however_its_case_is_written():
    never_mail(["Demo.Player@Example.org"])
    kept = queue("DEMO.player@example.ORG", "Round 1", "Your game", kind=Mail.Kind.GAME)
    other = queue("someone@example.org", "Round 1", "Your game", kind=Mail.Kind.GAME)
    assert (kept.state, other.state) == (Mail.KEPT, Mail.QUEUED)
