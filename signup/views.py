"""The public entry form (/t/<slug>/enter/) with "send my link again", its confirmation page, and the organiser's
entries page."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache

from tournament.models import Tournament
from tournament.organiser.access import organiser_required
from tournament.pages.submitting import posted, refusal_shown
from tournament.serving.login_throttle import client_address
from tournament.serving.throttle import Throttle
from tournament.services import Refused, update_settings

from . import services
from .forms import EntriesSettingsForm, EntryForm, LinkAgainForm
from .models import Entry

# Confirmation links guessed from one network address: a cache that fails throttles nothing (the tokens are 32
# random bytes anyway).
WRONG_LINKS_LIMIT = 30
WRONG_LINKS = Throttle("entry-links-wrong", WRONG_LINKS_LIMIT, 15 * 60)

SENT = ("Thank you. A message is on its way to {email}: open the link in it within 48 hours to confirm your entry. "
        "If you were entered already, your private link is sent again instead.")
SENT_AGAIN = "If {email} is the address of a player of this tournament, their private link is on its way to it."
UNWELCOME = "Your entry could not be taken."
THROTTLED = "Too many entry forms came from your network address in the last hour: try again in an hour."


@never_cache
def enter(request, slug):
    """The entry form while entries are open, and "send my link again" always (full, closed or finished too).

    Every form posted counts against its network address, refused or not; the answer to an accepted form is
    the same for any address."""
    tournament = get_object_or_404(Tournament, slug=slug)
    again = request.method == "POST" and "again" in request.POST
    form = EntryForm(None if again else posted(request), tournament=tournament)
    again_form = LinkAgainForm(posted(request) if again else None, prefix="again")
    closed, status = services.why_closed(tournament), 200
    if request.method == "POST":
        status, sent = _take(request, tournament, again_form if again else form, again, closed)
        if sent:
            return render(request, "signup/sent.html", {"tournament": tournament, "sent": sent})
        closed = services.why_closed(tournament)
    return render(request, "signup/enter.html", {"tournament": tournament, "form": form, "again": again_form,
                                                 "closed": closed}, status=status)


def _take(request, tournament, form, again: bool, closed: str | None) -> tuple[int, str | None]:
    """(status, the answer sent) for a form posted; errors go on the form."""
    network = client_address(request)
    try:
        if not form.is_valid() or (closed and not again):
            services.count_form(network)  # a form refused by its fields counts too
            return 400, None
        data = form.cleaned_data
        with refusal_shown(request, form) as refusal:
            if again:
                services.send_link_again(tournament, email=data["email"], network=network, trap=data["website"])
            else:
                services.ask_to_enter(tournament, name=data["name"], club=data["club"], email=data["email"],
                                      rating=data.get("rating"), trap=data["website"], network=network)
        if refusal.refused is not None:
            return 400, None
        return 200, (SENT_AGAIN if again else SENT).format(email=data["email"])
    except services.Unwelcome:
        form.add_error(None, UNWELCOME)
        return 400, None
    except services.Throttled:
        form.add_error(None, THROTTLED)
        return 429, None


@never_cache
def confirm(request, slug, token):
    """GET shows a button (mail scanners open links; only a person's POST confirms); POST confirms."""

    tournament = get_object_or_404(Tournament, slug=slug)
    done = refused = None
    status = 200
    network = client_address(request)
    if request.method == "POST" and WRONG_LINKS.held(network):
        refused, status = ("Too many unknown confirmation links came from your network address: try again in "
                           "15 minutes."), 429
    elif request.method == "POST":
        try:
            done = services.confirm(tournament, token)
        except Refused as why:
            refused, status = why.message, 400
            if isinstance(why, services.UnknownLink):
                WRONG_LINKS.hit(network)
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
    if request.method == "POST" and "accept_all" in request.POST:
        with refusal_shown(request):
            entered = services.accept_all(tournament, request.user)
            messages.success(request, f"{len(entered)} entries accepted; their links are on their way.")
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
