"""A player's private link (/p/<token>/): send the result of one's own game, confirm or dispute the opponent's.

No account is needed: the link is the key.  It is 32 random bytes, shown to
the player by the organiser (manage "Player links"), and revoked by renewing
it.  The pages are never cached and tell the browser to send the Referer
only within this site, so the token does not leak to other sites.
(`no-referrer` would be stricter but makes Chromium send `Origin: null` with
the page's own forms, which Django's CSRF check rightly refuses.)
"""

from __future__ import annotations

import functools

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring.report import standings_report

from .. import services
from ..forms.absences import RequestExcuseForm
from ..domain.values import whole_number
from ..domain.schedule import finished
from ..forms.results import DisputeForm, PlayerResultForm
from ..models import ExcusedAbsence, Match, Round, Submission
from ..services.links import Replaced, player_of_link
from .following import followed, game_now
from .public import final_places
from ..records import record_of
from ..records import player_labels
from .submitting import refusal_shown
from ..domain.times import wait_words
from ..zones import time_in


def private_page(view):
    """A private-link view: never cached; a replaced link gets a page of the site's own saying so and whom to ask
    (410 Gone: it will not come back), not a 404, which a player reads as a crash under DEBUG."""
    @functools.wraps(view)
    def wrapper(request, token, *args, **kwargs):
        try:
            return view(request, token, *args, **kwargs)
        except Replaced as replaced:
            tournament = replaced.player.tournament
            organisers = [person.get_full_name() or person.get_username() for person in tournament.organisers.all()]
            return _private(render(request, "tournament/link_replaced.html", {
                "tournament": tournament, "organisers": organisers}, status=410))
    return never_cache(wrapper)


LINK_REPLACED = "this link was replaced: ask the organiser for your new one"


def private_json(view):
    """A JSON read of a private link, which a page left open polls: never stored by a browser or a proxy; a
    replaced link answers 410 with why (the private page's own rule, as JSON), not a page nor a 500."""
    @functools.wraps(view)
    def wrapper(request, token, *args, **kwargs):
        try:
            response = view(request, token, *args, **kwargs)
        except Replaced:
            response = JsonResponse({"error": {"code": "link-replaced", "message": LINK_REPLACED}}, status=410)
        response["Cache-Control"] = "no-store"
        return _private(response)
    return wrapper


def _private(response):
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


def _final_place(player):
    """The player's place in the final standings (`public.FinalPlace`) once the tournament is finished; else None.
    Every round closed is asked of the database first: the record is read only for an event that may be over."""
    tournament = player.tournament
    if not tournament.rounds.exists() or tournament.rounds.exclude(status=Round.COMPLETE).exists():
        return None
    record = record_of(tournament, with_logs=False)
    if not finished(record):
        return None
    return next((p for p in final_places(standings_report(record).lines) if p.number == player.number), None)


def _page(request, player, *, form=None, dispute_form=None, own_form=None, excuse_form=None, status=200):
    shown = game_now(player)  # the same reading as `next_json`: what the page shows is what it follows
    match = shown.match
    open_, states, submission = [], {}, None
    if match is not None and match.status == Match.PENDING:
        open_ = list(match.submissions.open().select_related("by").order_by("-created_at"))
        states = services.submission_states(match, open_)
        submission = services.shown_submission(open_, states)
    offered = services.player_link_forms(player, match, submission)
    if form is not None and not offered.takes_result:
        # Refused because the game can no longer take a result (its round closed, its result entered): say
        # why, and show no form to send it with.
        for error in form.non_field_errors():
            messages.error(request, error)
        form = None
    if form is None and offered.send:
        form = PlayerResultForm(match=match, auto_id="id_%s")
    if own_form is None and offered.own_scores:
        own_form = PlayerResultForm(prefix="own", match=match, auto_id="id_%s", initial={"version": match.version})
    opponent = None
    if match is not None:
        opponent = match.second if match.first_id == player.pk else match.first
    return _private(render(request, "tournament/player_link.html", {
        "player": player,
        "tournament": player.tournament,
        "final": _final_place(player),
        "match": match,
        "opponent": opponent,
        "labels": player_labels(player.tournament),
        "plays_first": match is not None and match.first_id == player.pk,
        "result": services.result_summary(match, player_labels(player.tournament))
        if match and match.status != Match.PENDING else "",
        "no_game": services.no_game_reason(player) if match is None else "",
        "submission": submission,
        "dispute": states.get(submission.pk) if submission is not None else None,
        "mine": submission is not None and submission.by_id == player.pk,
        "form": form,
        "dispute_form": dispute_form or DisputeForm(),
        "own_form": own_form,
        "disputed": [s for s in open_ if s.status == Submission.DISPUTED],
        "excuse_form": excuse_form or RequestExcuseForm(tournament=player.tournament, player=player,
                                                        auto_id="id_excuse_%s"),
        "absences": player.excused_absences.order_by("round_number"),
        # An absence in a published round is part of its record: the player can no longer take it back.
        "published_rounds": set(player.tournament.rounds.exclude(status=Round.DRAFT).values_list("number", flat=True)),
        "starts_in": shown.countdown(),
        "start": shown.start_words(),
        "version": shown.version,
        "may_come_back": services.may_come_back(player),
        "withdrawn": services.withdrawn_words(player),
        "event_start": event_start(player.tournament) if match is None else None,
    }, status=status))


def event_start(tournament) -> dict | None:
    """Before round 1 is published, when the event's start is set and to come: when it starts, to the second in
    the tournament's zone, and its countdown (docs/online-event.md, "Round 1 by the timetable too")."""
    now = timezone.now()
    if tournament.starts_at is None or tournament.starts_at <= now or tournament.rounds.exclude(
            status=Round.DRAFT).exists():
        return None
    return {"time": time_in(tournament.starts_at, tournament), "words": wait_words((tournament.starts_at - now).total_seconds()),
            "starts_ms": int(tournament.starts_at.timestamp() * 1000), "now_ms": int(now.timestamp() * 1000)}


@private_page
def home(request, token):
    return _page(request, player_of_link(token))


@private_json
@require_GET
def next_json(request, token):
    """What the private page left open polls (every 25 s, countdown.js): its game now, by `game_now`, so that a
    moved start moves its countdown and another game (a round published or taken back...) reloads it."""
    return JsonResponse(followed(game_now(player_of_link(token))))


def _match_of(player, pk) -> Match:
    match = services.current_match(player)
    if match is None or str(match.pk) != str(pk):
        raise Http404("Not your current game")
    return match


@private_page
@require_POST
def submit(request, token, pk):
    player = player_of_link(token)
    match = _match_of(player, pk)
    form = PlayerResultForm(request.POST, request.FILES or None, match=match, auto_id="id_%s")

    def send(data):
        sent = services.submit_result(player, match, form.entry())
        if sent.already_in:
            return "Your result is already in, as you sent it: it counts once your opponent confirms it."
        if sent.status == Submission.CONFIRMED:
            return "Your opponent sent the same result: it counts now."
        return "Your result is sent: it counts once your opponent confirms it."

    return _form_sent(request, player, form, send, "form", PlayerResultForm.SERVICE_FIELDS)


def _form_sent(request, player, form, send, name: str, fields=None):
    """A form of the private page: once valid, `send(cleaned_data)` calls the service and says what it did, and
    the page shows again; invalid or refused, the page shows the form (its `name` there) with why."""
    if form.is_valid():
        with refusal_shown(request, form, fields):
            messages.success(request, send(form.cleaned_data))
            return _private(redirect("player_link", player.link_token))
    return _page(request, player, **{name: form})


@private_page
@require_POST
def answer(request, token, pk):
    player = player_of_link(token)
    match = _match_of(player, pk)
    number = whole_number(request.POST.get("submission", ""))
    submission = match.submissions.filter(pk=number).first() if number is not None else None
    if submission is None:  # a garbled or stale form: say so on the player's page
        messages.error(request, "That result is no longer there to answer (the 'submission' sent names none): "
                                "here is your game as it stands.")
        return _private(redirect("player_link", token))
    agree = request.POST.get("answer") == "confirm"
    dispute_form = DisputeForm(None if agree else request.POST)
    own_form = None if agree else _own_scores(request, match)
    if not agree and not (dispute_form.is_valid() & (own_form is None or own_form.is_valid())):
        return _page(request, player, dispute_form=dispute_form, own_form=own_form)
    own = {} if own_form is None else {"scores": own_form.cleaned_data["scores"],
                                       "flagged": own_form.cleaned_data["flagged"]}
    with refusal_shown(request):
        services.answer_submission(player, submission, agree=agree,
                                   note="" if agree else dispute_form.cleaned_data["note"], **own)
        messages.success(request, "Confirmed: the result counts." if agree else
                         "Disputed: an arbiter will look at the result and settle it"
                         + (", with the scores you sent beside it." if own else "."))
    return _private(redirect("player_link", token))


def _own_scores(request, match) -> PlayerResultForm | None:
    """The scores a disputing player typed beside the dispute (prefix "own"), or None if they typed none."""
    form = PlayerResultForm(request.POST, prefix="own", match=match, auto_id="id_%s")
    typed = any(request.POST.get(f"own-{name}", "").strip() for name in form.score_field_names())
    return form if typed else None


@private_page
@require_POST
def ask_excuse(request, token):
    """The player asks to be excused from a round still to be paired; the organiser approves it."""
    player = player_of_link(token)
    form = RequestExcuseForm(request.POST, tournament=player.tournament, auto_id="id_excuse_%s")

    def send(data):
        services.request_excuse(player, data["round_number"])
        return f"You asked to be excused from round {data['round_number']}: the organiser will decide."

    return _form_sent(request, player, form, send, "excuse_form")


@private_page
@require_POST
def withdraw_excuse(request, token, pk):
    """The player takes back their own request (or excused absence) while its round is not published."""
    player = player_of_link(token)
    absence = get_object_or_404(ExcusedAbsence, pk=pk, player=player)
    with refusal_shown(request):
        services.cancel_excuse(absence, user=player)
        messages.success(request, f"Your absence from round {absence.round_number} is taken back.")
    return _private(redirect("player_link", token))


@private_page
@require_POST
def withdraw_me(request, token):
    """The player withdraws from the next round not yet paired on (docs/online-event.md, Entries)."""
    player = player_of_link(token)
    with refusal_shown(request):
        last = services.withdraw_myself(player)
        messages.success(request, f"You are withdrawn: round {last} is your last." if last else
                         "You are withdrawn before playing any round.")
    return _private(redirect("player_link", token))


@private_page
@require_POST
def back(request, token):
    """"I'm back": a withdrawn player is paired again from the next round not yet paired."""
    player = player_of_link(token)
    with refusal_shown(request):
        round_number = services.come_back(player)
        messages.success(request, f"Welcome back: you are paired again from round {round_number}.")
    return _private(redirect("player_link", token))
