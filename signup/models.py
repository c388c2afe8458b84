"""One entry form sent: who, from which network (a digest keyed with the site's secret), its confirmation and its state."""

import hashlib

from django.db import models
from django.utils import timezone

from tournament.domain.limits import MAX_PLAYER_TEXT


class Entry(models.Model):
    class State(models.TextChoices):
        UNCONFIRMED = "unconfirmed", "Waiting for the address to be confirmed"
        WAITING = "waiting", "Confirmed, waiting for the organiser's acceptance"
        ENTERED = "entered", "Entered"
        DECLINED = "declined", "Declined by the organiser"
        REPEATED = "repeated", "An address already entered: the player's link sent again"

    UNCONFIRMED, WAITING, ENTERED, DECLINED, REPEATED = (State.UNCONFIRMED, State.WAITING, State.ENTERED,
                                                         State.DECLINED, State.REPEATED)

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="entries_sent")
    name = models.CharField(max_length=MAX_PLAYER_TEXT)
    club = models.CharField(max_length=MAX_PLAYER_TEXT, blank=True)
    email = models.EmailField()
    rating = models.IntegerField(null=True, blank=True)
    network = models.CharField(max_length=32, db_index=True, help_text="A digest of the sender's network address.")
    # Only a digest of the confirmation link's token: a copy of the database confirms nobody.
    token_digest = models.CharField(max_length=64, unique=True, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=12, choices=State.choices, default=State.UNCONFIRMED)
    player = models.ForeignKey("tournament.Player", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+")

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name_plural = "entries"

    def __str__(self):
        return f"{self.name} <{self.email}> ({self.state})"

    @staticmethod
    def digest(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()
