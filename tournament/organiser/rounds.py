"""Rounds: pair the next one as a draft, look at it and swap players in it, publish, delete or close it."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from .. import services
from ..forms import SwapForm
from ..models import Round
from ..submitting import refusal_shown
from .access import ORGANISER, arbiter_required, organiser_required
from .results import match_rows


def _round(tournament, number) -> Round:
    return get_object_or_404(tournament.rounds, number=number)


@organiser_required
@require_POST
def pair_next_round(request, tournament):
    with refusal_shown(request):
        round_ = services.generate_round(tournament, user=request.user)
        messages.success(request, f"Round {round_.number} is paired as a draft: check it, then publish it.")
        return redirect("manage:round", tournament.slug, round_.number)
    return redirect("manage:dashboard", tournament.slug)


def _round_page(request, tournament, round_, swap_form=None):
    draft = round_.status == Round.DRAFT
    return render(request, "tournament/manage/round.html", {
        "tournament": tournament,
        "organiser": request.role == ORGANISER,
        "round": round_,
        "draft": draft,
        "matches": match_rows(round_),
        "warnings": services.draft_warnings(round_) if draft else [],
        "swap_form": (swap_form or SwapForm(round_=round_)) if draft and request.role == ORGANISER else None,
    })


@arbiter_required
def round_page(request, tournament, number):
    return _round_page(request, tournament, _round(tournament, number))


@organiser_required
@require_POST
def swap(request, tournament, number):
    round_ = _round(tournament, number)
    form = SwapForm(request.POST, round_=round_)
    if form.is_valid():
        one, other = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
        with refusal_shown(request, form):
            services.swap_players(round_, one, other, user=request.user)
            messages.success(request, f"{one.name} and {other.name} have swapped places.")
            return redirect("manage:round", tournament.slug, number)
    return _round_page(request, tournament, round_, swap_form=form)


def _round_action(request, tournament, number, action, done: str):
    """A button on a round: run the service, say what happened (or why not), go back to the page it was on."""
    round_ = _round(tournament, number)
    with refusal_shown(request):
        action(round_, user=request.user)
        messages.success(request, done.format(n=number))
        return redirect("manage:dashboard", tournament.slug)
    if request.POST.get("back") == "round":
        return redirect("manage:round", tournament.slug, number)
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def publish(request, tournament, number):
    return _round_action(request, tournament, number, services.publish_round,
                         "Round {n} is published: players can see their tables.")


@organiser_required
@require_POST
def delete_draft(request, tournament, number):
    return _round_action(request, tournament, number, services.delete_draft,
                         "The draft of round {n} is deleted.")


@organiser_required
@require_POST
def close(request, tournament, number):
    return _round_action(request, tournament, number, services.close_round,
                         "Round {n} is closed.")
