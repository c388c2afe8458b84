"""One row a mail: written with the change it tells of, then claimed, delivered and marked by a sender."""

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

    QUEUED, SENDING, SENT, PRINTED, FAILED = State.QUEUED, State.SENDING, State.SENT, State.PRINTED, State.FAILED

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
    body = models.TextField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    created_at = models.DateTimeField(default=timezone.now)
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
        server's acceptance and the row's marking) from a new mail."""
        return f"<outbox-{self.pk}-{int(self.created_at.timestamp())}@ingenious-tm>"
