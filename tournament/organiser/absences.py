"""Excused absences, from the dashboard and a player's page: marked by the organiser, or a player's request approved."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from .. import services
from ..forms.absences import ExcuseForm
from ..models import ExcusedAbsence
from ..pages.submitting import refusal_shown
from .access import organiser_required


def _back(request, tournament):
    """Back to the player's page the form was on, or to the dashboard."""
    number = request.POST.get("from_player", "")
    if number.isdigit() and tournament.players.filter(number=int(number)).exists():
        return redirect("manage:player", tournament.slug, int(number))
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def excuse(request, tournament):
    form = ExcuseForm(request.POST, tournament=tournament, auto_id="id_excuse_%s")
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            messages.error(request, f"{label}: {errors[0]}" if label else errors[0])
        return _back(request, tournament)
    player, number = form.cleaned_data["player"], form.cleaned_data["round_number"]
    with refusal_shown(request):
        services.excuse_player(player, number, user=request.user)
        messages.success(request, f"{player.name} is excused from round {number}.")
    return _back(request, tournament)


def _decide(request, tournament, pk, action, done):
    absence = get_object_or_404(ExcusedAbsence.objects.select_related("player"), pk=pk, player__tournament=tournament)
    with refusal_shown(request):
        action(absence, user=request.user)
        messages.success(request, done(absence))
    return _back(request, tournament)


@organiser_required
@require_POST
def approve(request, tournament, pk):
    return _decide(request, tournament, pk, services.approve_excuse,
                   lambda a: f"{a.player.name} is excused from round {a.round_number}.")


@organiser_required
@require_POST
def cancel(request, tournament, pk):
    return _decide(request, tournament, pk, services.cancel_excuse,
                   lambda a: f"{a.player.name}'s absence from round {a.round_number} is "
                             + ("cancelled: they are paired in it." if a.approved else "declined."))
