"""The organiser's messages page: every mail of the tournament with its state, its tries and why, page by page;
"send again" for a failed one (organisers only); and the arbiter's own message to every player or to one round's
(docs/online-event.md, Messages).  The bodies shown are the stored ones, each working link masked
(outbox/sealing.py): organisers and arbiters alike read "[private link of Ann Able]", never the link."""

from __future__ import annotations

from django import forms
from django.contrib import messages as notes
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from outbox.models import Mail
from outbox.sender import mail_server_set
from outbox.services import send_again as queue_again

from .. import audit, letters
from ..pages.submitting import posted
from .access import ORGANISER, arbiter_required, organiser_required

PER_PAGE = 100


class ArbiterMessageForm(forms.Form):
    subject = forms.CharField(max_length=150)
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), max_length=10_000)
    round_number = forms.IntegerField(required=False, min_value=1, label="Only the players of round",
                                      help_text="Empty: every player with an address.")


@arbiter_required
def messages_page(request, tournament):
    form = ArbiterMessageForm(posted(request), auto_id="id_message_%s")
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            count = letters.from_the_arbiter(tournament, data["subject"], data["text"], data["round_number"])
            audit.record(tournament, request.user, "message to players", data["subject"],
                         after={"round": data["round_number"], "mails": count})
        notes.success(request, f"Your message is queued for {count} player{'s' if count != 1 else ''}.")
        return redirect("manage:messages", tournament.slug)
    mails = Mail.objects.filter(tournament=tournament).order_by("-created_at", "-pk").prefetch_related("tries")
    counts = dict(Mail.objects.filter(tournament=tournament).values_list("state").annotate(n=Count("pk")))
    return render(request, "outbox/messages.html", {
        "tournament": tournament, "mails": Paginator(mails, PER_PAGE).get_page(request.GET.get("page")),
        "form": form, "server_set": mail_server_set(), "may_send_again": request.role == ORGANISER,
        "counts": [(label, counts[state]) for state, label in Mail.State.choices if counts.get(state)],
    }, status=400 if request.method == "POST" else 200)


@organiser_required
@require_POST
def send_again(request, tournament, pk):
    """A failed message queued again, audited; an arbiter may not (it mails a player in the organiser's name)."""
    mail = get_object_or_404(Mail, pk=pk, tournament=tournament)
    with transaction.atomic():
        again = queue_again(mail)
        if again:
            audit.record(tournament, request.user, "message sent again", mail.subject,
                         after={"mail": mail.pk, "to": mail.to})
    if again:
        notes.success(request, f"The message to {mail.to} is queued again.")
    else:
        notes.error(request, "This message has not failed (it was sent or queued again meanwhile): nothing to do.")
    return redirect("manage:messages", tournament.slug)
