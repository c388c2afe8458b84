"""Delivering the outbox: claim due rows, hand each to Django's mail backend, mark what the server said.

Claiming is one conditional UPDATE (`state` queued and due, or a claim that lapsed) that sets this sender's token
and a lease; on PostgreSQL the candidates are first locked with `FOR UPDATE SKIP LOCKED`, so concurrent senders
take different rows instead of waiting; on SQLite the write lock makes senders take turns.  Before each message
the sender renews its lease, only where the claim is still its own token (a sender that slept past its lease
finds another's token there and leaves the row alone), and marks the row only under its own token: two senders
never hold one row at once, so no retry or second instance delivers a message twice.  Each try is recorded
(`Attempt`: when, and the server's answer), with the row's marking.  Refusals (docs/online-event.md, Messages):

- a message the mail backend will not write (a header with a newline, an address it cannot encode) or whose
  sealed links no key opens: failed at once, with the reason, before any server is asked;
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
from django.core.mail.message import sanitize_address
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .models import Attempt, Mail
from .sealing import Unreadable
from .services import text_to_send

FIRST_WAIT_S = 30
LONGEST_WAIT_S = 3600
GIVE_UP_AFTER_S = 24 * 3600
LEASE_S = 120  # a sender that died holding rows: after this, another takes them again
BATCH = 20


class Unwritable(Exception):
    """The message cannot be put into a mail at all: no server would change that, so it is failed at once."""


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
            if not renew(mail, token):
                continue  # the lease lapsed and another sender took it (and perhaps sent it already)
            _deliver(mail, backend, token, now)
    finally:
        backend.close()


def renew(mail: Mail, token: str) -> bool:
    """Extend the lease of a row this sender still holds; False (and nothing written) if its claim is another's."""
    return bool(Mail.objects.filter(pk=mail.pk, claim=token, state=Mail.SENDING).update(
        claimed_until=timezone.now() + timedelta(seconds=LEASE_S)))


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


def written(mail: Mail) -> EmailMessage:
    """The mail as the backend will send it, its links unsealed; `Unwritable` with the reason when the backend
    would refuse it before talking to any server (Django's SMTP backend writes the same addresses and message)."""
    message = EmailMessage(mail.subject, "", settings.DEFAULT_FROM_EMAIL, [mail.to],
                           headers={"Message-ID": mail.message_id})
    try:
        message.body = text_to_send(mail)
        encoding = message.encoding or settings.DEFAULT_CHARSET
        for address in (message.from_email, *message.recipients()):
            sanitize_address(address, encoding)
        message.message()
    except (Unreadable, ValueError, UnicodeError) as error:  # BadHeaderError is a ValueError
        raise Unwritable(f"not sent: {error}") from error
    return message


def _deliver(mail: Mail, backend, token: str, now: datetime) -> None:
    try:
        message = written(mail)
    except Unwritable as error:
        _mark(mail, token, Attempt.Outcome.FAILED, str(error), state=Mail.FAILED, answer=str(error))
        return
    try:
        backend.send_messages([message])
    except Exception as error:  # noqa: BLE001 - whatever the server or network did, the row says it, never the page
        backend.close()  # a broken connection is opened again for the next message
        _refused(mail, token, error, now)
        return
    if mail_server_set():
        _mark(mail, token, Attempt.Outcome.SENT, "accepted", state=Mail.SENT, sent_at=timezone.now(), answer="")
    else:
        words = "no mail server is set (EMAIL_HOST): printed to the console"
        _mark(mail, token, Attempt.Outcome.PRINTED, words, state=Mail.PRINTED, sent_at=timezone.now(), answer=words)


def _refused(mail: Mail, token: str, error: Exception, now: datetime) -> None:
    code, answer = refusal(error)
    if code is not None and 500 <= code < 600:
        _mark(mail, token, Attempt.Outcome.FAILED, answer, state=Mail.FAILED, answer=answer)
        return
    retry_at = next_try(mail.queued_at, mail.attempts + 1, now)
    if retry_at is None:
        _mark(mail, token, Attempt.Outcome.FAILED, answer, state=Mail.FAILED,
              answer=f"gave up after {GIVE_UP_AFTER_S // 3600} hours of tries; the last answer: {answer}")
    else:
        _mark(mail, token, Attempt.Outcome.LATER, answer, state=Mail.QUEUED, answer=answer, next_try_at=retry_at)


@transaction.atomic
def _mark(mail: Mail, token: str, outcome: str, said: str, **fields) -> None:
    """The row marked and its try recorded, together, only while the row is still this sender's."""
    if Mail.objects.filter(pk=mail.pk, claim=token).update(attempts=mail.attempts + 1, claim="", claimed_until=None,
                                                           **fields):
        Attempt.objects.create(mail=mail, outcome=outcome, answer=said)


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
