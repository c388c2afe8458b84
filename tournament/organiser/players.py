"""The players: entries one by one or from a CSV file, a player's page (edit, withdraw, remove), reinstating."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from .. import services
from ..forms.absences import ExcuseForm
from ..domain.text import format_vp
from ..forms.organiser import PlayerForm, PlayersCsvForm, WithdrawForm
from ..pages.submitting import posted, refusal_shown
from .access import organiser_required
from .dashboard import render_dashboard


@organiser_required
@require_POST
def add_player(request, tournament):
    form = PlayerForm(request.POST, auto_id="id_add_%s")
    if form.is_valid():
        with refusal_shown(request, form):
            player = services.add_player(tournament, **form.cleaned_data, user=request.user)
            messages.success(request, f"{player.name} is entered (from round {player.joined_round}).{_missed(player)}")
            return redirect("manage:dashboard", tournament.slug)
    return render_dashboard(request, tournament, player_form=form)


def _missed(player) -> str:
    """What a late entry scores for the rounds before they joined (the tournament's late-entry VP), said at entry."""
    missed = player.joined_round - 1
    if missed < 1:
        return ""
    each = player.tournament.late_entry_half_points
    rounds = "round 1" if missed == 1 else f"rounds 1 to {missed}"
    if missed == 1:
        return f" For {rounds}, missed, they score {format_vp(each)} VP (the late-entry setting)."
    return (f" For {rounds}, missed, they score {format_vp(each)} VP each, {format_vp(each * missed)} VP in all "
            "(the late-entry setting).")


@organiser_required
@require_POST
def import_players(request, tournament):
    form = PlayersCsvForm(request.POST, request.FILES, auto_id="id_csv_%s")
    if form.is_valid():
        with refusal_shown(request, form):
            players = services.import_players(tournament, form.cleaned_data["rows"], user=request.user,
                                              duplicate_ok=form.cleaned_data["duplicate_ok"])
            messages.success(request, f"{len(players)} players are entered from the file.")
            return redirect("manage:dashboard", tournament.slug)
        form.keep_text()  # refused as a whole (names entered twice): tick and send again, no file to choose
    return render_dashboard(request, tournament, csv_form=form)


@organiser_required
@require_POST
def withdraw_player(request, tournament, number):
    player = get_object_or_404(tournament.players, number=number)
    form = WithdrawForm(request.POST, auto_id=f"id_withdraw{number}_%s")
    if form.is_valid():
        with refusal_shown(request, form):
            cancelled = services.withdraw(player, form.cleaned_data["after_round"], user=request.user,
                                          pending=form.cleaned_data["pending"] or None)
            player.refresh_from_db()
            rounds = " and ".join(map(str, cancelled))
            excused = ("" if not cancelled else f" Their excused absence from round {rounds} is cancelled."
                       if len(cancelled) == 1 else f" Their excused absences from rounds {rounds} are cancelled.")
            messages.success(request, f"{player.name} is withdrawn after round {player.withdrawn_after_round}.{excused}")
            return redirect("manage:player", tournament.slug, number) if request.POST.get("from_player") else \
                redirect("manage:dashboard", tournament.slug)
    if request.POST.get("from_player"):
        return render_player(request, tournament, player, withdraw_form=form)
    return render_dashboard(request, tournament, withdraw_form=form, withdrawing=player.pk)


@organiser_required
def player_page(request, tournament, number):
    """One player: the entry edited, the withdrawal, the excused absences, the entry removed before round 1."""
    player = get_object_or_404(tournament.players, number=number)
    form = PlayerForm(posted(request), auto_id="id_edit_%s",
                      initial={"name": player.name, "rating": player.rating, "club": player.club})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with refusal_shown(request, form):
            services.edit_player(player, name=data["name"], rating=data["rating"], club=data["club"],
                                 duplicate_ok=data["duplicate_ok"], user=request.user)
            messages.success(request, f"{data['name'].strip()}'s entry is saved.")
            return redirect("manage:player", tournament.slug, number)
    return render_player(request, tournament, player, edit_form=form)


def render_player(request, tournament, player, *, edit_form=None, withdraw_form=None):
    latest = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    return render(request, "tournament/manage/player.html", {
        "tournament": tournament,
        "player": player,
        "edit_form": edit_form or PlayerForm(auto_id="id_edit_%s", initial={
            "name": player.name, "rating": player.rating, "club": player.club}),
        "withdraw_form": withdraw_form or WithdrawForm(initial={"after_round": latest},
                                                       auto_id=f"id_withdraw{player.number}_%s"),
        "excuse_form": ExcuseForm(tournament=tournament, auto_id="id_excuse_%s", initial={"player": player}),
        "absences": player.excused_absences.order_by("round_number"),
        "entries_open": not tournament.rounds.exists(),
        "to_play": services.games_to_play(player, latest),
    })


def _player_button(request, tournament, number, action, done: str):
    """A button on a player: run the service and say what happened (or why not); back to the player's page
    when the button was there and the player is still entered, else to the dashboard."""
    player = get_object_or_404(tournament.players, number=number)
    with refusal_shown(request):
        action(player, user=request.user)
        messages.success(request, done.format(name=player.name))
    if request.POST.get("from_player") and tournament.players.filter(pk=player.pk).exists():
        return redirect("manage:player", tournament.slug, number)
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def remove_player(request, tournament, number):
    return _player_button(request, tournament, number, services.remove_player, "{name} is removed from the entries.")


@organiser_required
@require_POST
def reinstate_player(request, tournament, number):
    said = {}

    def reinstate(player, user):
        said["restored"], said["kept"] = services.reinstate(player, user=user)

    response = _player_button(request, tournament, number, reinstate, "{name} is back in: paired again from the next round.")
    if said.get("restored"):
        games = "The game the withdrawal forfeited waits" if len(said["restored"]) == 1 else \
            "The games the withdrawal forfeited wait"
        messages.info(request, f"{games} for a result again: "
                      + "; ".join(said["restored"]) + ".")
    if said.get("kept"):
        messages.warning(request, "Still a forfeit, its round closed (reopen the round to correct it): "
                         + "; ".join(said["kept"]) + ".")
    return response
