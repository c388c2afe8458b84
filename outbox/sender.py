"""Delivering the outbox: claim due rows, hand each to Django's mail backend, mark what the server said.

Claiming is one conditional UPDATE (`state` queued and due, or a claim that lapsed) that sets this sender's token
and a lease; on PostgreSQL the candidates are first locked with `FOR UPDATE SKIP LOCKED`, so concurrent senders
take different rows instead of waiting; on SQLite the write lock makes senders take turns.  Before each message
the sender renews its lease, and marks the row only under its own token: two senders never hold one row at once,
so no retry or second instance delivers a message twice.  Refusals (docs/online-event.md, Messages):

- a 4xx answer, or no server to talk to: tried again after a wait that doubles from `FIRST_WAIT_S` (at most
  `LONGEST_WAIT_S`), until `GIVE_UP_AFTER_S` after the message was queued; then failed, with the last answer;
- a 5xx answer: failed at once, with the server's answer.
"""

from __future__ import annotations

import smtplib
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .models import Mail

FIRST_WAIT_S = 30
LONGEST_WAIT_S = 3600
GIVE_UP_AFTER_S = 24 * 3600
LEASE_S = 120  # a sender that died holding rows: after this, another takes them again
BATCH = 20


def deliver_due(now: datetime | None = None, batch: int = BATCH, connection=None) -> int:
    """Deliver the messages due at `now` (default: the clock's), `batch` at most; how many were tried."""
    now = now or timezone.now()
    token = uuid.uuid4().hex
    claimed = claim(token, now, batch)
    if claimed:
        deliver(claimed, token, now, connection)
    return len(claimed)


def deliver(claimed: list[Mail], token: str, now: datetime, connection=None) -> None:
    """Send the messages the sender `token` claimed, each only while its claim is still this sender's."""
    backend = connection or get_connection(fail_silently=False)
    try:
        for mail in claimed:
            if not Mail.objects.filter(pk=mail.pk, claim=token, state=Mail.SENDING).update(
                    claimed_until=timezone.now() + timedelta(seconds=LEASE_S)):
                continue  # the lease lapsed and another sender took it (and perhaps sent it already)
            _deliver(mail, backend, token, now)
    finally:
        backend.close()


def _claimable(now: datetime) -> Q:
    return Q(state=Mail.QUEUED, next_try_at__lte=now) | Q(state=Mail.SENDING, claimed_until__lt=now)


def claim(token: str, now: datetime, batch: int) -> list[Mail]:
    """Take up to `batch` due messages for the sender `token`, oldest first; nobody else holds them until the lease
    ends."""
    if not Mail.objects.filter(_claimable(now)).exists():  # read first: the claim takes the write lock
        return []
    with transaction.atomic():
        # SKIP LOCKED on PostgreSQL; SQLite ignores FOR UPDATE (its transactions take the write lock at once).
        due = list(Mail.objects.filter(_claimable(now)).select_for_update(skip_locked=True)
                   .order_by("next_try_at", "pk").values_list("pk", flat=True)[:batch])
        if not due:
            return []
        Mail.objects.filter(_claimable(now), pk__in=due).update(
            state=Mail.SENDING, claim=token, claimed_until=now + timedelta(seconds=LEASE_S))
    return list(Mail.objects.filter(claim=token, state=Mail.SENDING).order_by("next_try_at", "pk"))


def mail_server_set() -> bool:
    """Whether a mail server is configured; without one (`make run`) the console backend prints the messages."""
    return settings.EMAIL_BACKEND != "django.core.mail.backends.console.EmailBackend"


def _deliver(mail: Mail, backend, token: str, now: datetime) -> None:
    message = EmailMessage(mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to],
                           headers={"Message-ID": mail.message_id})
    mine = Mail.objects.filter(pk=mail.pk, claim=token)
    try:
        backend.send_messages([message])
    except Exception as error:  # noqa: BLE001 - whatever the server or network did, the row says it, never the page
        backend.close()  # a broken connection is opened again for the next message
        code, answer = refusal(error)
        attempts = mail.attempts + 1
        if code is not None and 500 <= code < 600:
            mine.update(state=Mail.FAILED, attempts=attempts, answer=answer, claim="", claimed_until=None)
            return
        retry_at = next_try(mail.created_at, attempts, now)
        if retry_at is None:
            mine.update(state=Mail.FAILED, attempts=attempts, claim="", claimed_until=None,
                        answer=f"gave up after {GIVE_UP_AFTER_S // 3600} hours of tries; the last answer: {answer}")
        else:
            mine.update(state=Mail.QUEUED, attempts=attempts, answer=answer, next_try_at=retry_at, claim="",
                        claimed_until=None)
        return
    done = Mail.SENT if mail_server_set() else Mail.PRINTED
    mine.update(state=done, attempts=mail.attempts + 1, sent_at=timezone.now(), claim="", claimed_until=None,
                answer="" if done == Mail.SENT else "no mail server is set (EMAIL_HOST): printed to the console")


def next_try(queued_at: datetime, attempts: int, now: datetime) -> datetime | None:
    """When to try again after `attempts` temporary refusals: a wait doubling from `FIRST_WAIT_S` (capped at
    `LONGEST_WAIT_S`), the last try at `GIVE_UP_AFTER_S` after queueing; None once that is past."""
    give_up = queued_at + timedelta(seconds=GIVE_UP_AFTER_S)
    if now >= give_up:
        return None
    wait = min(FIRST_WAIT_S * 2 ** (attempts - 1), LONGEST_WAIT_S)
    return min(now + timedelta(seconds=wait), give_up)


def refusal(error: Exception) -> tuple[int | None, str]:
    """The server's code (None when there was no answer: refused connection, timeout) and its words."""
    if isinstance(error, smtplib.SMTPRecipientsRefused) and error.recipients:
        code, words = next(iter(error.recipients.values()))
        return code, f"{code} {_text(words)}"
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code, f"{error.smtp_code} {_text(error.smtp_error)}"
    return None, f"no answer from the mail server: {error or type(error).__name__}"


def _text(words) -> str:
    return words.decode("utf-8", "replace") if isinstance(words, bytes) else str(words)
