"""The organiser's messages page: every mail of the tournament with its state and why, and the arbiter's own
message to every player or to one round's (docs/online-event.md, Messages)."""

from __future__ import annotations

from django import forms
from django.contrib import messages as notes
from django.db import transaction
from django.shortcuts import redirect, render

from outbox.models import Mail
from outbox.sender import mail_server_set

from .. import audit, letters
from ..pages.submitting import posted
from .access import arbiter_required


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
    mails = list(Mail.objects.filter(tournament=tournament).order_by("-created_at", "-pk")[:500])
    counts = {state: 0 for state, _ in Mail.State.choices}
    for state in Mail.objects.filter(tournament=tournament).values_list("state", flat=True):
        counts[state] += 1
    return render(request, "outbox/messages.html", {
        "tournament": tournament, "mails": mails, "form": form, "server_set": mail_server_set(),
        "counts": [(label, counts[state]) for state, label in Mail.State.choices if counts[state]],
    }, status=400 if request.method == "POST" else 200)
