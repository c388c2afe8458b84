"""Writing mail: `queue` adds a message to the outbox inside the caller's transaction, never sending it.

The change and its message commit together or not at all (docs/online-event.md, Messages); once the transaction
commits, this process's sender is woken, so a message goes out within a moment rather than at the next sweep.

A message's text is a string, or a sequence of strings and `Link`s: a `Link` is a working address (a confirmation
or private link) that is stored only sealed (outbox/sealing.py) and shown masked by its label everywhere but in
the mail the sender hands to the mail server (`text_to_send`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from .models import MadeUpAddress, Mail
from .sealing import seal, unseal

# Set by the sender's thread of this process (`worker`): woken after a commit that queued mail.
wakeup = threading.Event()


@dataclass(frozen=True)
class Link:
    """A working address in a message: `label` is what every reader but the addressee sees ("private link of Ann
    Able"), `url` what the addressee's mail holds."""

    label: str
    url: str = field(repr=False)

    @property
    def masked(self) -> str:
        return f"[{self.label}]"

    def __str__(self) -> str:
        """A link put into a plain string by mistake (an f-string) shows its mask, never its address."""
        return self.masked


Text = str | Sequence[str | Link]


def written(text: Text) -> tuple[str, str]:
    """(the readable body, with each link masked; the text as sent, sealed, or "" when it holds no link)."""
    if isinstance(text, str):
        return text, ""
    readable = "".join(part.masked if isinstance(part, Link) else part for part in text)
    if not any(isinstance(part, Link) for part in text):
        return readable, ""
    return readable, seal("".join(part.url if isinstance(part, Link) else part for part in text))


def text_to_send(mail: Mail) -> str:
    """The text the addressee gets, links and all: only the sender (and a test) reads it."""
    return unseal(mail.sealed) if mail.sealed else mail.body


def unsaved(to: str, subject: str, text: Text, *, kind: str, tournament=None, player=None) -> Mail:
    """The row `queue` would write, for `queue_many` (a round's games for hundreds of players)."""
    body, sealed = written(text)
    now = timezone.now()
    return Mail(to=to, subject=subject[:200], body=body, sealed=sealed, kind=kind, tournament=tournament,
                player=player, created_at=now, queued_at=now, next_try_at=now)


def queue(to: str, subject: str, text: Text, *, kind: str, tournament=None, player=None) -> Mail:
    """A message to `to`, queued with the caller's change: call it inside that change's transaction."""
    mail = unsaved(to, subject, text, kind=kind, tournament=tournament, player=player)
    queue_many([mail])
    return mail


def queue_many(mails: list[Mail]) -> None:
    """Unsaved rows (`unsaved`) queued at once, in the caller's transaction; those to a made-up address are kept,
    never sent."""
    made_up = set(MadeUpAddress.objects.filter(address__in={m.to.casefold() for m in mails})
                  .values_list("address", flat=True)) if mails else set()
    for mail in mails:
        mail.subject = mail.subject[:200]
        if mail.to.casefold() in made_up:
            mail.state = Mail.KEPT
    if len(mails) == 1:
        mails[0].save()  # its primary key on every database (bulk_create sets it only where the database says)
    else:
        Mail.objects.bulk_create(mails, batch_size=500)
    transaction.on_commit(wakeup.set)


def never_mail(addresses) -> None:
    """Mark addresses as made up (the demo's players): every message to them is kept on the messages page."""
    MadeUpAddress.objects.bulk_create([MadeUpAddress(address=a.casefold()) for a in addresses],
                                      ignore_conflicts=True)


@transaction.atomic
def send_again(mail: Mail) -> bool:
    """A failed message queued again, its tries counted afresh for 24 hours from now (the earlier ones stay in its
    `tries`); False if it was not failed (sent meanwhile,
    or already queued again by another press).  The caller audits it, in this transaction."""
    now = timezone.now()
    again = Mail.objects.filter(pk=mail.pk, state=Mail.FAILED).update(
        state=Mail.QUEUED, queued_at=now, next_try_at=now, attempts=0, answer="")
    if again:
        transaction.on_commit(wakeup.set)
    return bool(again)
