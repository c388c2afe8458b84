"""A draft round paired by hand: started empty or from the engine, its tables edited, checked, published.

The round page (`rounds.round_page`) shows a draft with what it breaks and
these forms; each view here calls one service and goes back to it.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from .. import services
from ..domain.enums import Play
from ..forms.drafts import ByeForm, ExcuseInDraftForm, PublishForm, SeatForm
from ..records import player_labels
from ..pages.submitting import refusal_shown
from .access import organiser_required
from .rounds import draft_edit, draft_round, render_round, round_action


def _left_alone(names: list[str]) -> str:
    return f" Not placed now: {', '.join(names)}." if names else ""


@organiser_required
@require_POST
def seat(request, tournament, number):
    def edit(round_, data):
        left = services.seat_pair(round_, data["first"], data["second"], user=request.user)
        labels = player_labels(tournament)
        return f"{labels[data['first'].pk]} plays first against {labels[data['second'].pk]}.{_left_alone(left)}"

    return draft_edit(request, tournament, number, SeatForm, "seat_form", edit)


def _one_player(request, tournament, number, form_class, name: str, service, done: str):
    def edit(round_, data):
        left = service(round_, data["player"], user=request.user)
        return done.format(name=player_labels(tournament)[data["player"].pk], n=number) + _left_alone(left)

    return draft_edit(request, tournament, number, form_class, name, edit)


@organiser_required
@require_POST
def bye(request, tournament, number):
    return _one_player(request, tournament, number, ByeForm, "bye_form", services.give_bye, "{name} has the bye.")


@organiser_required
@require_POST
def excuse(request, tournament, number):
    return _one_player(request, tournament, number, ExcuseInDraftForm, "excuse_form", services.excuse_in_draft,
                       "{name} is excused from round {n}.")


@organiser_required
@require_POST
def unseat(request, tournament, number, player):
    person = get_object_or_404(tournament.players, number=player)
    return round_action(request, tournament, number, lambda round_, user: services.unseat(round_, person, user=user),
                        lambda left: f"{player_labels(tournament)[person.pk]} is taken out of the draft.{_left_alone(left)}", then="manage:round")


@organiser_required
@require_POST
def clear(request, tournament, number):
    return round_action(request, tournament, number, services.clear_draft,
                        "The draft of round {n} is empty: put the players at tables.", then="manage:round")


@organiser_required
@require_POST
def from_engine(request, tournament, number):
    """Start the draft again from the engine's pairing (the draft goes; if the engine is stuck, it stays)."""
    return round_action(request, tournament, number, services.repair_with_engine,
                        "Round {n} is paired again by the engine, as a draft.", then="manage:round")


@organiser_required
@require_POST
def publish(request, tournament, number):
    """Publish a draft; one that breaks an absolute rule only with the confirmation ticked."""
    round_ = draft_round(tournament, number)
    form = PublishForm(request.POST, online=tournament.play == Play.ONLINE)
    if not form.is_valid():  # only the start time can be wrong: the round stays a draft, the field says why
        return render_round(request, tournament, round_, publish_form=form)
    with refusal_shown(request, form):
        result = services.publish_draft(round_, user=request.user, starts_at=form.cleaned_data.get("starts_at"),
                                        despite_breaches=form.cleaned_data.get("confirm", False))
        broken = " despite the rules it breaks (kept in the audit log)" if result.breaks_absolute else ""
        round_.refresh_from_db()
        where = (f"its game rooms are open, the clocks start at {timezone.localtime(round_.starts_at):%H:%M:%S}"
                 if round_.play == Play.ONLINE else "players can see their tables")
        messages.success(request, f"Round {number} is published{broken}: {where}.")
        return redirect("manage:dashboard", tournament.slug)
    return render_round(request, tournament, round_, publish_form=form)
