"""The messages page (docs/online-event.md, Messages): every message page by page, each try, and "send again" for a
failed one, which only an organiser may do, audited."""

from __future__ import annotations

import pytest
from django.urls import reverse

from outbox import sender
from outbox.models import Attempt, Mail
from tests.factories import make_event
from tournament import services
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(people):
    tournament = make_event("Mail Open", ["Ann Able", "Ben Baker"], organiser=people["org"], system="swiss",
                            play="online")
    services.add_role(tournament, people["arb"], "arbiter")
    return tournament


@pytest.fixture
def failed(event):
    mail = Mail.objects.create(tournament=event, to="ann@example.org", subject="Your link", body="...",
                               kind=Mail.Kind.LINK, state=Mail.FAILED, attempts=3, answer="550 5.1.1 No such mailbox")
    Attempt.objects.create(mail=mail, outcome=Attempt.Outcome.FAILED, answer="550 5.1.1 No such mailbox")
    return mail


def again(client, mail):
    return client.post(reverse("manage:send_again", args=[mail.tournament.slug, mail.pk]))


def test_an_organiser_sends_a_failed_message_again_and_it_is_audited(client, people, failed, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client.force_login(people["org"])
    page = client.get(reverse("manage:messages", args=[failed.tournament.slug])).content.decode()
    assert 'class="send-again"' in page and "550 5.1.1 No such mailbox" in page
    assert again(client, failed).status_code == 302
    failed.refresh_from_db()
    assert (failed.state, failed.attempts) == (Mail.QUEUED, 0)
    assert AuditEntry.objects.filter(tournament=failed.tournament, action="message sent again").count() == 1
    sender.deliver_due()
    failed.refresh_from_db()
    assert failed.state == Mail.SENT
    assert list(failed.tries.values_list("outcome", flat=True)) == [Attempt.Outcome.FAILED, Attempt.Outcome.SENT]
    again(client, failed)  # a sent message is not sent again
    assert AuditEntry.objects.filter(action="message sent again").count() == 1


def test_an_arbiter_may_not_send_a_message_again(client, people, failed):
    client.force_login(people["arb"])
    page = client.get(reverse("manage:messages", args=[failed.tournament.slug])).content.decode()
    assert 'class="send-again"' not in page
    assert again(client, failed).status_code == 403
    failed.refresh_from_db()
    assert failed.state == Mail.FAILED and not AuditEntry.objects.filter(action="message sent again").exists()


def test_every_message_is_shown_page_by_page(org_client, event):
    Mail.objects.bulk_create([Mail(tournament=event, to=f"p{n}@example.org", subject="Hello", body="...",
                                   kind=Mail.Kind.ARBITER, state=Mail.SENT) for n in range(250)])
    address = reverse("manage:messages", args=[event.slug])
    rows = [org_client.get(address, {"page": n}).content.decode().count("data-mail=") for n in (1, 2, 3)]
    assert rows == [100, 100, 50]
    shown = {line for n in (1, 2, 3) for line in org_client.get(address, {"page": n}).content.decode().split("\n")
             if "data-mail=" in line}
    assert len(shown) == 250
