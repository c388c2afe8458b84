"""The players, from the dashboard: entries one by one or from a CSV file, withdrawals, reinstating."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from .. import services
from ..forms import PlayerForm, PlayersCsvForm, WithdrawForm
from ..submitting import refusal_shown
from .access import organiser_required
from .dashboard import render_dashboard


@organiser_required
@require_POST
def add_player(request, tournament):
    form = PlayerForm(request.POST, auto_id="id_add_%s")
    if form.is_valid():
        with refusal_shown(request, form):
            player = services.add_player(tournament, **form.cleaned_data, user=request.user)
            messages.success(request, f"{player.name} is entered (from round {player.joined_round}).")
            return redirect("manage:dashboard", tournament.slug)
    return render_dashboard(request, tournament, player_form=form)


@organiser_required
@require_POST
def import_players(request, tournament):
    form = PlayersCsvForm(request.POST, request.FILES, auto_id="id_csv_%s")
    if form.is_valid():
        with refusal_shown(request, form):
            players = services.import_players(tournament, form.cleaned_data["rows"], user=request.user)
            messages.success(request, f"{len(players)} players are entered from the file.")
            return redirect("manage:dashboard", tournament.slug)
    return render_dashboard(request, tournament, csv_form=form)


@organiser_required
@require_POST
def withdraw_player(request, tournament, number):
    player = get_object_or_404(tournament.players, number=number)
    form = WithdrawForm(request.POST, auto_id=f"id_withdraw{number}_%s")
    if form.is_valid():
        with refusal_shown(request, form):
            services.withdraw(player, form.cleaned_data["after_round"], user=request.user)
            messages.success(request, f"{player.name} is withdrawn after round {form.cleaned_data['after_round']}.")
            return redirect("manage:dashboard", tournament.slug)
    return render_dashboard(request, tournament, withdraw_form=form, withdrawing=player.pk)


@organiser_required
@require_POST
def reinstate_player(request, tournament, number):
    player = get_object_or_404(tournament.players, number=number)
    with refusal_shown(request):
        services.reinstate(player, user=request.user)
        messages.success(request, f"{player.name} is back in: paired again from the next round.")
    return redirect("manage:dashboard", tournament.slug)
