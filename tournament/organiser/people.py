"""The people of a tournament: who organises and who arbitrates it, and each player's private link."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache

from .. import services
from ..domain.names import player_order
from ..domain.values import whole_number
from ..forms.organiser import RoleForm
from ..records import player_labels
from ..serving.site_url import absolute, site_root
from ..pages.submitting import posted, refusal_shown
from .access import ORGANISER, arbiter_required, organiser_required, refuse_unless_sees_player_links


@organiser_required
def roles(request, tournament):
    """Who organises and who arbitrates the tournament; add or remove them."""
    form = RoleForm(posted(request))
    if request.method == "POST":
        if request.POST.get("remove"):
            return _remove_role(request, tournament)
        if form.is_valid():
            with refusal_shown(request, form):
                services.add_role(tournament, form.cleaned_data["person"], form.cleaned_data["role"], user=request.user)
                messages.success(request, f"{form.cleaned_data['username']} is now an {form.cleaned_data['role']}.")
                return redirect("manage:people", tournament.slug)
    return render(request, "tournament/manage/people.html", {
        "tournament": tournament, "form": form,
        "organisers": tournament.organisers.order_by("username"),
        "arbiters": tournament.arbiters.order_by("username"),
    })


def _remove_role(request, tournament):
    role = request.POST.get("role", "")
    members = tournament.organisers if role == ORGANISER else tournament.arbiters
    pk = whole_number(request.POST["remove"])
    person = members.filter(pk=pk).first() if pk is not None else None
    if person is None:
        messages.error(request, "That person does not have that role here.")
    else:
        with refusal_shown(request):
            services.remove_role(tournament, person, role, user=request.user)
            messages.success(request, f"{person.get_username()} is no longer an {role}.")
    return redirect("manage:people", tournament.slug)


@never_cache  # every player's token is on it: no browser or proxy may keep a copy
@arbiter_required
def links(request, tournament):
    """Each player's private link, to hand out; renewing one revokes the old, once the organiser confirms it."""
    refuse_unless_sees_player_links(request.role)
    confirming = None
    if request.method == "POST":
        number = whole_number(request.POST.get("renew", ""))
        player = tournament.players.filter(number=number).first() if number is not None else None
        if player is None:
            messages.error(request, "There is no such player to renew the link of: nothing was changed.")
        elif request.POST.get("confirm") != "yes":
            confirming = player  # the page asks first: the old link (and its printed card) stops working at once
        else:
            services.renew_link(player, user=request.user)
            messages.success(request, f"{player_labels(tournament)[player.pk]} has a new private link; the old one "
                                      "no longer works.")
        if confirming is None:
            return redirect("manage:links", tournament.slug)
    labels = player_labels(tournament)
    players = sorted(tournament.players.all(), key=player_order)
    here = request.build_absolute_uri("/").rstrip("/")
    return render(request, "tournament/manage/links.html", {
        "tournament": tournament,
        "confirming": confirming,
        # The addresses the printed cards and slips carry (SITE_URL), so that the page and the paper agree.
        "players": [{"player": p, "label": labels[p.pk],
                     "url": absolute(reverse("player_link", args=[p.link_token]), request)} for p in players],
        "site_url": site_root(request),
        "elsewhere": here if here != site_root(request) else None,
        # docs/online-play.md: a player enters their game room only through their private link.
        "online": tournament.play == "online" or tournament.rounds.filter(play="online").exists(),
    })
