"""The public entry form (/t/<slug>/enter/), its confirmation page, and the organiser's entries page."""

from __future__ import annotations

from django.contrib import messages
from django.core.cache import cache
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache

from tournament.models import Tournament
from tournament.organiser.access import organiser_required
from tournament.pages.submitting import posted, refusal_shown
from tournament.serving.login_throttle import client_address
from tournament.services import Refused, update_settings

from . import services
from .forms import EntriesSettingsForm, EntryForm
from .models import Entry

# Confirmation links guessed from one network address (its count in the cache, as the login throttle keeps its own).
WRONG_LINKS_LIMIT = 30
WRONG_LINKS_WINDOW_S = 15 * 60


def _wrong_links_key(request) -> str:
    return "entry-links-wrong:" + Entry.digest(client_address(request))[:32]


def wrong_links(request) -> int:
    try:
        return cache.get(_wrong_links_key(request), 0)
    except Exception:  # noqa: BLE001 - a cache that fails throttles nothing: the tokens are 32 random bytes anyway
        return 0


def count_wrong_link(request) -> None:
    key = _wrong_links_key(request)
    try:
        if not cache.add(key, 1, WRONG_LINKS_WINDOW_S):
            cache.incr(key)
    except Exception:  # noqa: BLE001 - as above
        pass


SENT = ("Thank you. A message is on its way to {email}: open the link in it within 48 hours to confirm your entry. "
        "If you were entered already, your private link is sent again instead.")


@never_cache
def enter(request, slug):

    tournament = get_object_or_404(Tournament, slug=slug)
    closed = services.why_closed(tournament)
    form = EntryForm(posted(request), tournament=tournament)
    status = 200
    if closed is None and request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with refusal_shown(request, form) as refusal:
                services.ask_to_enter(tournament, name=data["name"], club=data["club"], email=data["email"],
                                      rating=data.get("rating"), trap=data["website"],
                                      network=client_address(request))
            if refusal.refused is None:
                return render(request, "signup/sent.html", {"tournament": tournament,
                                                            "sent": SENT.format(email=data["email"])})
            closed = services.why_closed(tournament)
            status = 400
        except services.Unwelcome:
            form.add_error(None, "Your entry could not be taken.")
            status = 400
        except services.Throttled:
            form.add_error(None, "Too many entries came from your network address in the last hour: try again "
                                 "in an hour.")
            status = 429
    elif request.method == "POST":
        status = 400
    return render(request, "signup/enter.html", {"tournament": tournament, "form": form, "closed": closed},
                  status=status)


@never_cache
def confirm(request, slug, token):
    """GET shows a button (mail scanners open links; only a person's POST confirms); POST confirms."""

    tournament = get_object_or_404(Tournament, slug=slug)
    done = refused = None
    status = 200
    if request.method == "POST" and wrong_links(request) >= WRONG_LINKS_LIMIT:
        refused, status = ("Too many unknown confirmation links came from your network address: try again in "
                           "15 minutes."), 429
    elif request.method == "POST":
        try:
            done = services.confirm(tournament, token)
        except Refused as why:
            refused, status = why.message, 400
            if isinstance(why, services.UnknownLink):
                count_wrong_link(request)
    response = render(request, "signup/confirm.html", {"tournament": tournament, "entry": done, "refused": refused},
                      status=status)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


@organiser_required
def entries(request, tournament):
    """The organiser's entries page: the form open or closed (closing time, maximum), entries waiting."""
    form = EntriesSettingsForm(posted(request), instance=tournament)
    if request.method == "POST" and "settings" in request.POST and form.is_valid():
        with refusal_shown(request, form):
            update_settings(tournament, request.user, **{k: form.cleaned_data[k] for k in form.Meta.fields})
            messages.success(request, "Entry settings saved.")
            return redirect("manage:entries", tournament.slug)
    if request.method == "POST" and "entry" in request.POST:
        entry = get_object_or_404(Entry, pk=request.POST["entry"], tournament=tournament)
        with refusal_shown(request):
            if request.POST.get("answer") == "accept":
                services.accept(entry, request.user)
                messages.success(request, f"{entry.name} is entered; their link is on its way.")
            else:
                services.decline(entry, request.user)
                messages.success(request, f"{entry.name}'s entry is declined.")
        return redirect("manage:entries", tournament.slug)
    return render(request, "signup/entries.html", {
        "tournament": tournament, "form": form, "closed": services.why_closed(tournament),
        "waiting": services.waiting(tournament),
        "recent": Entry.objects.filter(tournament=tournament).order_by("-created_at")[:50]})
