"""Rounds: pair the next one as a draft, look at it (and edit it: `drafts`), delete or close it, take it back, reopen it."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from .. import services
from ..domain.enums import Play
from ..domain.text import format_vp
from ..forms.drafts import ByeForm, ExcuseInDraftForm, PublishForm, SeatForm, StartForm, SwapForm
from ..signals import players_connected
from ..models import Round
from ..records import player_labels
from ..pages.submitting import refusal_shown
from .access import ORGANISER, arbiter_required, organiser_required
from .results import match_rows


def draft_round(tournament, number) -> Round:
    """The tournament's round of that number (404 if none); the services refuse to edit one that is not a draft."""
    return get_object_or_404(tournament.rounds, number=number)


def _next_round(request, tournament, action, done: str):
    """Make the next round's draft (by the engine, or empty), then show it; a refusal goes back to the dashboard."""
    with refusal_shown(request):
        round_ = action(tournament, user=request.user)
        messages.success(request, done.format(n=round_.number))
        return redirect("manage:round", tournament.slug, round_.number)
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def pair_next_round(request, tournament):
    return _next_round(request, tournament, services.generate_round,
                       "Round {n} is paired as a draft: check it, then publish it.")


@organiser_required
@require_POST
def pair_by_hand(request, tournament):
    """The next round as an empty draft (when the engine is stuck, or by choice)."""
    return _next_round(request, tournament, services.start_by_hand,
                       "Round {n} is an empty draft: put the players at tables, then publish it.")


def render_round(request, tournament, round_, *, swap_form=None, seat_form=None, bye_form=None, excuse_form=None,
                 publish_form=None):
    """The round page; for a draft, what it breaks and (for organisers) the forms that edit it."""
    draft = round_.status == Round.DRAFT
    editing = draft and request.role == ORGANISER
    check = services.check_round(round_) if draft else None
    later = services.later_rounds(round_) if round_.status != Round.DRAFT else []
    rows = match_rows(round_)
    unplaced = services.unplaced(round_) if draft else []
    idle = [p for p in unplaced if check is not None and p.number in check.idle]  # by design, not forgotten
    if check is not None:
        for row in rows:
            for side in ("first", "second"):
                person = getattr(row["match"], side)
                if person is not None and person.number in check.half_points:
                    # A no-break space: "0 VP" never splits over two lines in the draft's narrow columns.
                    row[f"{side}_vp"] = f"{format_vp(check.half_points[person.number])}\u00a0VP"
    return render(request, "tournament/manage/round.html", {
        "tournament": tournament,
        "organiser": request.role == ORGANISER,
        "round": round_,
        "draft": draft,
        "editing": editing,
        "latest": not tournament.rounds.filter(number__gt=round_.number).exists(),
        "later": later,
        "matches": rows,
        "labels": player_labels(tournament),
        "check": check,
        "unplaced": [p for p in unplaced if p not in idle],
        "idle": idle,
        "swap_form": (swap_form or SwapForm(round_=round_)) if editing else None,
        "seat_form": (seat_form or SeatForm(round_=round_)) if editing else None,
        # An all-play-all has no bye: its odd field's idle player is the table's (docs/tournament-rules.md, Byes).
        "bye_form": (bye_form or ByeForm(round_=round_))
        if editing and tournament.resolved_system(tournament.players.count()) != tournament.ALL_PLAY_ALL else None,
        "excuse_form": (excuse_form or ExcuseInDraftForm(round_=round_)) if editing else None,
        "publish_form": (publish_form or PublishForm(online=tournament.play == Play.ONLINE)) if editing else None,
        **online_round(round_, request.role == ORGANISER),
    })


def online_round(round_: Round, organiser: bool) -> dict:
    """For a published online round whose clocks have not started: the form that moves its start, and how many
    players are connected to its rooms (taking it back closes them: the organiser confirms)."""
    if round_.status != Round.PUBLISHED or round_.play != Play.ONLINE or not organiser:
        return {}
    waiting = services.clocks_to_start(round_)
    # The rooms answer (`tournament.signals.players_connected`): the event's pages do not import them.
    connected = sum(count for _, count in players_connected.send(sender=Round, round=round_))
    return {"start_form": StartForm() if waiting else None, "online_waiting": waiting, "connected": connected}


@arbiter_required
def round_page(request, tournament, number):
    return render_round(request, tournament, draft_round(tournament, number))


def draft_edit(request, tournament, number, form_class, name: str, edit):
    """A form that edits a draft: once valid, `edit(round_, cleaned_data)` calls the service and says what
    changed, and the draft is shown again; invalid or refused, the page shows the form (`name`) with why."""
    round_ = draft_round(tournament, number)
    form = form_class(request.POST, round_=round_)
    if form.is_valid():
        with refusal_shown(request, form):
            messages.success(request, edit(round_, form.cleaned_data))
            return redirect("manage:round", tournament.slug, number)
    return render_round(request, tournament, round_, **{name: form})


@organiser_required
@require_POST
def swap(request, tournament, number):
    def edit(round_, data):
        services.swap_players(round_, data["player_a"], data["player_b"], user=request.user)
        labels = player_labels(tournament)
        return f"{labels[data['player_a'].pk]} and {labels[data['player_b'].pk]} have swapped places."

    return draft_edit(request, tournament, number, SwapForm, "swap_form", edit)


def round_action(request, tournament, number, action, done, then: str = "manage:dashboard"):
    """A button on a round: run the service, say what happened (`done`: a text, or a function of the result),
    go to `then`; on a refusal, say why and go back to the round (or the dashboard the button was on)."""
    round_ = draft_round(tournament, number)
    with refusal_shown(request):
        result = action(round_, user=request.user)
        messages.success(request, done(result) if callable(done) else done.format(n=number))
        return redirect(then, tournament.slug, *([number] if then == "manage:round" else []))
    if request.POST.get("back") == "round" or then == "manage:round":
        return redirect("manage:round", tournament.slug, number)
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def delete_draft(request, tournament, number):
    return round_action(request, tournament, number, services.delete_draft,
                         "The draft of round {n} is deleted.")


@organiser_required
@require_POST
def close(request, tournament, number):
    return round_action(request, tournament, number, services.close_round,
                         "Round {n} is closed.")


@organiser_required
@require_POST
def move_start(request, tournament, number):
    """Move a published online round's start, or start it now ("now" pressed), while no clock has started."""
    round_ = draft_round(tournament, number)
    form = StartForm(request.POST)
    with refusal_shown(request):
        if not form.is_valid():
            raise services.Refused("Start time: a date and time, such as 2026-11-27T14:30.", "starts_at")
        starts_at = None if "now" in request.POST else form.cleaned_data.get("starts_at")
        round_ = services.move_start(round_, starts_at, user=request.user)
        messages.success(request, f"Round {number} now starts at {timezone.localtime(round_.starts_at):%H:%M:%S}: "
                                  "the game rooms, the pages and the players' countdowns follow.")
    return redirect("manage:round", tournament.slug, number)


@organiser_required
@require_POST
def take_back(request, tournament, number):
    round_ = draft_round(tournament, number)
    if round_.play == Play.ONLINE and round_.status == Round.PUBLISHED and request.POST.get("confirm") != "on":
        messages.error(request, f"Round {number} is played online: tick the confirmation to close its game rooms "
                                "and take it back. Nothing was changed.")
        return redirect("manage:round", tournament.slug, number)
    return round_action(request, tournament, number, services.take_back,
                         "Round {n} is a draft again: players no longer see it. Edit it, re-pair it, or publish it "
                         "again.", then="manage:round")


@organiser_required
@require_POST
def reopen(request, tournament, number):
    return round_action(request, tournament, number, services.reopen_round,
                        lambda later: f"Round {number} is open again: correct its results, then close it. "
                                      + services.stand_note(later), then="manage:round")
