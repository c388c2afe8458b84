"""One row a mail: written with the change it tells of, then claimed, delivered and marked by a sender; one row
each try (`Attempt`); the addresses never mailed (`MadeUpAddress`: the demo's players)."""

from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail.utils import DNS_NAME
from django.core.validators import validate_ipv46_address
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Mail(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        PRINTED = "printed", "Kept (no mail server: printed to the console)"
        FAILED = "failed", "Failed"
        KEPT = "kept", "Kept, never sent (the demo's made-up player)"

    QUEUED, SENDING, SENT, PRINTED, FAILED, KEPT = (State.QUEUED, State.SENDING, State.SENT, State.PRINTED,
                                                    State.FAILED, State.KEPT)

    class Kind(models.TextChoices):
        CONFIRMATION = "confirmation", "Entry confirmation"
        LINK = "link", "Private link"
        GAME = "game", "Game of a round"
        CORRECTION = "correction", "Correction of a round"
        ARBITER = "arbiter", "Arbiter's message"
        NOTICE = "notice", "Notice to a player"
        ORGANISER = "organiser", "To the organiser"

    # A deleted tournament's mail goes with it: addresses are kept no longer than the event.
    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="mails")
    player = models.ForeignKey("tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    to = models.EmailField()
    subject = models.CharField(max_length=200)
    # What anyone may read: each working link masked ("[private link of Ann Able]", outbox/sealing.py).
    body = models.TextField()
    # The text as sent, links and all, encrypted with a key from SECRET_KEY; empty when the body holds no link.
    sealed = models.TextField(blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    created_at = models.DateTimeField(default=timezone.now)
    # When it was put in the queue, by its writer or by "send again": its 24 hours of tries count from here.
    queued_at = models.DateTimeField(default=timezone.now)
    # When a sender may next try it (a retry waits); a sender holding it owns it until `claimed_until`.
    next_try_at = models.DateTimeField(default=timezone.now)
    claimed_until = models.DateTimeField(null=True, blank=True)
    claim = models.CharField(max_length=32, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    # The mail server's last answer (a refusal's code and words), or why the sender gave up.
    answer = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["state", "next_try_at"], name="mail_due")]
        constraints = [
            models.CheckConstraint(condition=~Q(state="sending") | Q(claimed_until__isnull=False),
                                   name="mail_sending_is_claimed"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} to {self.to} ({self.state})"

    @property
    def message_id(self) -> str:
        """The same Message-ID on every try, so a receiving server can tell a repeat (after a crash between the
        server's acceptance and the row's marking) from a new mail; its right part is the site's own domain, as
        RFC 5322 asks, so it is unique across sites."""
        return f"<outbox-{self.pk}-{int(self.created_at.timestamp())}@{site_domain()}>"


def site_domain() -> str:
    """The site's own domain name: `SITE_URL`'s host, else the first named host of `ALLOWED_HOSTS`, else the
    machine's name (what Django's own Message-IDs use).  An address (127.0.0.1) names no site: skipped."""
    candidates = [urlsplit(settings.SITE_URL).hostname or "", *(h.lstrip(".") for h in settings.ALLOWED_HOSTS)]
    for host in candidates:
        if host and host != "*" and host != "localhost" and not _is_address(host):
            return host.lower()
    return str(DNS_NAME)


def _is_address(host: str) -> bool:
    try:
        validate_ipv46_address(host.strip("[]"))
    except ValidationError:
        return False
    return True


class Attempt(models.Model):
    """One try of one message: when, and what the mail server answered (or why it never got that far)."""

    class Outcome(models.TextChoices):
        SENT = "sent", "Accepted"
        PRINTED = "printed", "Printed (no mail server)"
        LATER = "later", "Refused for now: tried again"
        FAILED = "failed", "Failed"

    mail = models.ForeignKey(Mail, on_delete=models.CASCADE, related_name="tries")
    at = models.DateTimeField(default=timezone.now)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    answer = models.TextField(blank=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.outcome}: {self.answer}"


class MadeUpAddress(models.Model):
    """An address the site never mails, whatever the mail settings: `make run`'s demo players are made up, and a
    real mailbox may sit at their addresses.  Their messages are kept, shown on the messages page as the demo's."""

    address = models.CharField(max_length=254, unique=True)  # case-folded

    def __str__(self):
        return self.address
