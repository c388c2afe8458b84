"""The outbox's sender against a real SMTP server: accepted, refused for now, refused for good, the server down,
and two senders on one outbox (docs/online-event.md, Messages)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from email import message_from_string

import pytest
from django.db import connection
from django.utils import timezone

from outbox import sender
from outbox.models import Attempt, Mail, site_domain
from outbox.services import queue
from tests.race import at_once

pytestmark = pytest.mark.django_db


def _queue(to="ann@example.org", subject="Your entry"):
    return queue(to, subject, "Confirm your entry: https://example.org/c/abc", kind=Mail.Kind.CONFIRMATION)


def test_an_accepted_message_is_sent_once(smtp):
    mail = _queue()
    assert sender.deliver_due() == 1
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.SENT, 1)
    assert len(smtp.server.to("ann@example.org")) == 1
    assert "Subject: Your entry" in smtp.server.to("ann@example.org")[0]
    assert sender.deliver_due() == 0  # nothing left due: a second sweep sends nothing again
    assert len(smtp.server.received) == 1


def test_a_temporary_refusal_waits_then_the_message_goes(smtp):
    mail = _queue()
    smtp.server.refuse = "451 4.3.0 Mailbox busy, try later"
    start = timezone.now()
    sender.deliver_due(now=start)
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.QUEUED, 1)
    assert mail.answer.startswith("451")
    assert mail.next_try_at == start + timedelta(seconds=30)
    assert sender.deliver_due(now=start + timedelta(seconds=29)) == 0  # not due before its wait is over
    sender.deliver_due(now=start + timedelta(seconds=30))  # refused again: the wait doubles
    mail.refresh_from_db()
    assert mail.next_try_at == start + timedelta(seconds=30 + 60)
    smtp.server.refuse = None
    sender.deliver_due(now=start + timedelta(seconds=90))
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.SENT, 3)
    assert len(smtp.server.to("ann@example.org")) == 1


@pytest.mark.parametrize("answer", ["550 5.1.1 No such mailbox", "500 5.5.2 Syntax error"],
                         ids=["550", "500, the first code of the permanent ones"])
def test_a_permanent_refusal_fails_at_once_with_the_servers_answer(smtp, answer):
    mail = _queue(to="nobody@example.org")
    smtp.server.refuse = answer
    sender.deliver_due()
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.FAILED, 1)
    assert mail.answer == answer
    smtp.server.refuse = None
    assert sender.deliver_due(now=timezone.now() + timedelta(days=2)) == 0  # never tried again


def test_a_server_down_is_tried_again_until_it_is_back(smtp):
    smtp.stop()
    mail = _queue()
    start = timezone.now()
    sender.deliver_due(now=start)
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.QUEUED, 1)
    assert mail.answer.startswith("no answer from the mail server")
    smtp.start()
    sender.deliver_due(now=start + timedelta(seconds=30))
    mail.refresh_from_db()
    assert mail.state == Mail.SENT
    assert len(smtp.server.to("ann@example.org")) == 1


def test_refused_for_now_for_24_hours_fails_with_the_last_answer(smtp):
    mail = _queue()
    smtp.server.refuse = "421 4.7.0 Too many connections"
    queued = mail.created_at
    sender.deliver_due(now=queued + timedelta(hours=23, minutes=59, seconds=50))
    mail.refresh_from_db()
    assert mail.next_try_at == queued + timedelta(hours=24)  # the last try is at 24 hours, not after
    sender.deliver_due(now=queued + timedelta(hours=24))
    mail.refresh_from_db()
    assert mail.state == Mail.FAILED
    assert "24 hours" in mail.answer and "421" in mail.answer


def test_the_waits_grow_to_an_hour_at_most():
    queued = timezone.now()
    waits = [(sender.next_try(queued, attempts, queued) - queued).total_seconds() for attempts in range(1, 10)]
    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]


def test_two_senders_take_different_messages(smtp):
    for n in range(5):
        _queue(to=f"p{n}@example.org")
    now = timezone.now()
    first = sender.claim(uuid.uuid4().hex, now, 3)
    assert len(first) == 3
    assert sender.deliver_due(now=now) == 2  # the second sender gets only the two the first does not hold
    assert sorted(to for to, _ in smtp.server.received) == sorted(
        m.to for m in Mail.objects.exclude(pk__in=[m.pk for m in first]))


def test_a_lapsed_claim_is_taken_over_and_its_old_holder_sends_it_no_more(smtp):
    mail = _queue()
    now = timezone.now()
    stale = sender.claim("dead-sender", now, 10)  # a sender that stops (a long pause) holding the message
    assert [m.pk for m in stale] == [mail.pk]
    assert sender.deliver_due(now=now) == 0  # held: nobody else takes it
    sender.deliver_due(now=now + timedelta(seconds=sender.LEASE_S + 1))  # the lease lapsed: taken over and sent
    mail.refresh_from_db()
    assert mail.state == Mail.SENT
    sender.deliver(stale, "dead-sender", now)  # the old holder wakes up and goes on with what it had claimed
    assert len(smtp.server.received) == 1


def test_an_old_holder_that_wakes_after_another_took_the_mail_sends_and_writes_nothing(smtp):
    mail = _queue()
    now = timezone.now()
    stale = sender.claim("dead-sender", now, 10)  # a sender that stops (a long pause) holding the message
    later = now + timedelta(seconds=sender.LEASE_S + 1)
    taken = sender.claim("new-sender", later, 10)  # its lease lapsed: another sender holds it, not sent yet
    assert [m.pk for m in taken] == [mail.pk]
    held = Mail.objects.values().get(pk=mail.pk)
    sender.deliver(stale, "dead-sender", later)  # the old holder wakes up and goes on with what it had claimed
    assert smtp.server.received == []
    assert Mail.objects.values().get(pk=mail.pk) == held  # not even its lease renewed
    assert not Attempt.objects.exists()
    sender.deliver(taken, "new-sender", later)
    assert len(smtp.server.received) == 1


class AnswersAfterTheLeaseLapsed:
    """A mail server that takes longer than the lease to answer: meanwhile another sender (`new-sender`) takes the
    message over; the server then accepts it all the same."""

    def __init__(self, later):
        self.later, self.taken = later, []

    def send_messages(self, messages):
        self.taken.extend(sender.claim("new-sender", self.later, 10))
        return len(messages)

    def close(self):
        pass


def test_a_sender_whose_lease_lapsed_while_the_server_answered_marks_nothing(smtp):
    mail = _queue()
    now = timezone.now()
    slow = AnswersAfterTheLeaseLapsed(later=now + timedelta(seconds=sender.LEASE_S + 1))
    sender.deliver(sender.claim("slow-sender", now, 10), "slow-sender", now, connection=slow)
    assert [m.pk for m in slow.taken] == [mail.pk]
    mail.refresh_from_db()
    assert (mail.state, mail.claim, mail.attempts) == (Mail.SENDING, "new-sender", 0)  # the new holder's to mark
    assert not Attempt.objects.exists()


def test_every_try_of_a_mail_carries_one_message_id_on_the_sites_domain(smtp, settings):
    settings.SITE_URL = "https://tm.example.net"
    mail = _queue()
    _sent_at_the_second_try(smtp, refuse_data="451 4.3.0 Try again later")
    mail.refresh_from_db()
    assert mail.state == Mail.SENT
    ids = [message_from_string(text)["Message-ID"] for text in [*smtp.server.refused, smtp.server.to(mail.to)[0]]]
    assert len(ids) == 2 and ids[0] == ids[1]
    assert ids[0].endswith("@tm.example.net>")


def _sent_at_the_second_try(smtp, **refusal):
    """The server answers the first try with `refusal` (`refuse=` at RCPT, `refuse_data=` after the message),
    accepts the second, made as soon as the outbox tries again."""
    for name, answer in refusal.items():
        setattr(smtp.server, name, answer)
    start = timezone.now()
    sender.deliver_due(now=start)
    for name in refusal:
        setattr(smtp.server, name, None)
    sender.deliver_due(now=start + timedelta(seconds=sender.FIRST_WAIT_S))


def test_the_sites_domain_is_its_named_host(settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", ".tm.example.org"]
    assert site_domain() == "tm.example.org"  # an address names no site: the first named host
    settings.SITE_URL = "https://Tournaments.Example.COM/"
    assert site_domain() == "tournaments.example.com"


def test_each_try_is_recorded_with_its_time_and_the_servers_answer(smtp):
    mail = _queue()
    _sent_at_the_second_try(smtp, refuse="451 4.3.0 Mailbox busy")
    tries = list(mail.tries.values_list("outcome", "answer"))
    assert tries == [(Attempt.Outcome.LATER, "451 4.3.0 Mailbox busy"), (Attempt.Outcome.SENT, "accepted")]


@pytest.mark.parametrize("subject, to", [("Your entry\nBcc: everyone@example.org", "ann@example.org"),
                                         ("Your entry", "ann@" + "a" * 70 + ".org")],
                         ids=["a subject with a newline", "an address the backend cannot encode"])
def test_a_message_the_backend_will_not_write_fails_at_once_with_the_reason(smtp, subject, to):
    mail = _queue(to=to, subject=subject)
    start = timezone.now()
    sender.deliver_due(now=start)
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.FAILED, 1)
    assert mail.answer.startswith("not sent:") and "mail server" not in mail.answer
    assert sender.deliver_due(now=start + timedelta(hours=1)) == 0  # never tried again
    assert smtp.server.received == []


def test_without_a_mail_server_messages_are_kept_and_printed(settings, capsys):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    mail = _queue()
    sender.deliver_due()
    mail.refresh_from_db()
    assert mail.state == Mail.PRINTED
    assert "Confirm your entry" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_two_senders_at_once_deliver_each_message_once(smtp):
    if connection.vendor != "postgresql":
        pytest.skip("concurrent senders in threads need PostgreSQL (SQLite: one sender at a time, tested above)")
    for n in range(40):
        _queue(to=f"p{n}@example.org")

    def send():
        while sender.deliver_due(batch=5):
            pass

    at_once(send)
    assert sorted(to for to, _ in smtp.server.received) == sorted(f"p{n}@example.org" for n in range(40))
    assert Mail.objects.filter(state=Mail.SENT).count() == 40
