"""Writing mail: `queue` adds a message to the outbox inside the caller's transaction, never sending it.

The change and its message commit together or not at all (docs/online-event.md, Messages); once the transaction
commits, this process's sender is woken, so a message goes out within a moment rather than at the next sweep.
"""

from __future__ import annotations

import threading

from django.db import transaction

from .models import Mail

# Set by the sender's thread of this process (`worker`): woken after a commit that queued mail.
wakeup = threading.Event()


def queue(to: str, subject: str, body: str, *, kind: str, tournament=None, player=None) -> Mail:
    """A message to `to`, queued with the caller's change: call it inside that change's transaction."""
    mail = Mail.objects.create(to=to, subject=subject[:200], body=body, kind=kind, tournament=tournament,
                               player=player)
    transaction.on_commit(wakeup.set)
    return mail


def queue_many(mails: list[Mail]) -> None:
    """Unsaved `Mail` rows queued at once (a round's games for hundreds of players), in the caller's transaction."""
    for mail in mails:
        mail.subject = mail.subject[:200]
    Mail.objects.bulk_create(mails, batch_size=500)
    transaction.on_commit(wakeup.set)
