"""A match's result, entered or corrected by an organiser or arbiter; the result lines other pages list."""

from __future__ import annotations

import json

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.timesince import timeuntil

from .. import services
from ..domain.game_logs import same_name
from ..domain.values import whole_number
from ..forms.results import ResultForm
from ..models import Match, Round, Submission
from ..records import player_labels
from ..pages.submitting import posted, refusal_shown, show_refusal
from .access import arbiter_required


def match_rows(round_):
    """The round's matches, each with its result in words and the players' open submission, if any, with what
    became of it (`state`: for a dispute, who disputed and their note)."""
    matches = round_.matches.select_related("first", "second", "forfeit_winner")
    labels = player_labels(round_.tournament)
    open_ = {}
    for submission in Submission.objects.open().filter(match__round=round_).select_related("by"):
        open_.setdefault(submission.match_id, []).append(submission)  # the newest first
    live = being_played(round_.matches.all())
    starts = start_to_come(round_)
    return [{**_match_row(m, open_.get(m.pk, []) if m.status == Match.PENDING else [], labels), "live": m.pk in live,
             "starts": starts if m.pk in live else None}
            for m in matches]


def start_to_come(round_) -> dict | None:
    """For an online round whose clocks have not started (`services.clocks_to_start`): its start as the pages say it
    ("11:28") and, for their countdown (tournament/static/tournament/countdown.js), the start and now in ms; else
    None: its games are being played."""
    now = timezone.now()
    if not services.clocks_to_start(round_, now):
        return None
    return {"time": f"{timezone.localtime(round_.starts_at):%H:%M}", "words": timeuntil(round_.starts_at, now),
            "starts_ms": int(round_.starts_at.timestamp() * 1000), "now_ms": int(now.timestamp() * 1000)}


def being_played(matches) -> set[int]:
    """Of `matches` (a query), those whose game is being played now in a game room (docs/online-play.md): entering a
    result for one ends its game by decision, so the pages say so and ask first."""
    return set(matches.filter(status=Match.PENDING, room__finished=False).values_list("pk", flat=True))


ENDS_GAME = "ends_game"  # the confirmation a result entered for a game being played now needs


def _match_row(match, open_, labels: dict[int, str]) -> dict:
    """A match's row, with the open submission its badge tells of (`services.shown_submission`); `labels` are
    the players as the pages show them (`records.player_labels`)."""
    states = services.submission_states(match, open_)
    shown = services.shown_submission(open_, states)
    return {"match": match, "result": _result_words(match, labels), "submission": shown,
            "state": states[shown.pk] if shown is not None else None, "labels": labels}


def results_counter(matches) -> dict:
    """How many of the round's games have their result: {"done": 7, "total": 12, "text": "7 of 12 results in"}."""
    games = [m for m in matches if m.second_id is not None]
    done = sum(1 for m in games if m.has_result)
    return {"done": done, "total": len(games), "text": f"{done} of {len(games)} result{'s' if len(games) != 1 else ''} in"}


def _result_words(match, labels: dict[int, str]) -> str:
    """The result as `services.result_summary` says it, for a match that has one; else nothing."""
    return services.result_summary(match, labels) if match.has_result else ""


@arbiter_required
def match_result(request, tournament, pk):
    match = get_object_or_404(
        Match.objects.select_related("round", "first", "second", "forfeit_winner", "entered_by"),
        pk=pk, round__tournament=tournament,
    )
    form = None
    used = _submission_to_use(request, match)
    # A bye or an excused absence has no result; a draft has none yet; a closed round is reopened to correct one.
    if match.second_id is not None and match.round.status == Round.PUBLISHED:
        initial = None if used is None else _initial_from(used, match)
        form = ResultForm(posted(request), request.FILES or None, match=match,
                          **({"initial": initial} if initial else {}))
    live = bool(being_played(Match.objects.filter(pk=match.pk)))
    if request.method == "POST" and form is not None and live and request.POST.get(ENDS_GAME) != "on":
        form.is_valid()
        form.add_error(None, "This game is being played now in its game room: saving a result ends it. Tick "
                             "'End the game now with this result' to save it, or end it from the game rooms' desk.")
    elif request.method == "POST" and form is not None and form.is_valid():
        correcting, log_text = form.has_result, form.cleaned_data.get("log_text")  # a refusal on the log drops it
        with refusal_shown(request, form, ResultForm.SERVICE_FIELDS) as refusal:
            saved = services.enter_result(match, form.entry(), user=request.user, **form.guard())
            verb = "corrected" if correcting else "saved"
            # A correction leaves the later rounds as they were paired (docs/tournament-rules.md, "Changing a round already out").
            stand = " " + services.stand_note(services.later_rounds(match.round)) if correcting else ""
            messages.success(request, f"Round {match.round.number}, table {match.table}: "
                                      f"{services.result_summary(saved, player_labels(tournament))} ({verb})."
                                      f"{stand.rstrip()}")
            if request.POST.get("and_next"):
                return _next_board(tournament, match)
            return redirect("manage:dashboard", tournament.slug)
        match.refresh_from_db()  # shown again as it now stands, with the refusal on a form of its current version
        form = _form_after_refusal(request, match, refusal.refused, log_text)
    return render(request, "tournament/manage/match.html", {
        "tournament": tournament,
        "match": match,
        "form": form,
        "result": _result_words(match, player_labels(tournament)),
        "submissions": _submissions(match),
        "log_names": _log_names(form, match),
        "used": used,
        "labels": player_labels(tournament),
        "live": live,
    })


def _submissions(match) -> list[dict]:
    """The players' submissions of the match, newest first, each with what became of it (who disputed it, and why)."""
    submissions = list(match.submissions.select_related("by").order_by("-created_at"))
    states = services.submission_states(match, submissions)
    return [{"submission": s, "state": states[s.pk]} for s in submissions]


def _submission_to_use(request, match):
    """`?use=<submission>`: a player's submission of this match, still open, to fill the form from; else None."""
    number = whole_number(request.GET.get("use", ""))
    if number is None or match.status != Match.PENDING:
        return None
    return match.submissions.open().filter(pk=number) \
        .select_related("by").first()


def _initial_from(submission, match) -> dict:
    """The result form filled in with a player's submission: the arbiter checks it, then saves it."""
    initial = ResultForm.initial_for(match)
    initial.update(ResultForm.scores_initial(submission.scores, (submission.first_flagged, submission.second_flagged)))
    if submission.log is not None:
        initial["log_text"] = json.dumps(submission.log)
    return initial


def _next_board(tournament, match):
    """"Save and next": the round's next board without a result (after this one, then from the top), else the grid."""
    pending = list(match.round.matches.filter(status=Match.PENDING, second__isnull=False)
                   .order_by("table").values_list("table", "pk"))
    following = next((pk for table, pk in pending if table > match.table), pending[0][1] if pending else None)
    if following is None:
        return redirect("manage:results_grid", tournament.slug, match.round.number)
    return redirect("manage:match", tournament.slug, following)


def _log_names(form, match) -> list[str] | None:
    """The two names a posted log gives when they are not the match's, to show beside them (user names, the order)."""
    text = form.data.get("log_text") if form is not None and form.is_bound else None
    try:
        names = json.loads(text).get("players") if text else None
    except (ValueError, AttributeError, RecursionError):
        return None
    if not isinstance(names, list) or len(names) != 2:
        return None
    names = [str(name) for name in names]
    if same_name(names[0], match.first.name) and same_name(names[1], match.second.name):
        return None
    return names


def _form_after_refusal(request, match, refused, log_text: str | None = None) -> ResultForm:
    """The form as typed, against the result as it now stands (its current version), with the refusal shown.
    A log read from an uploaded file is kept in the text box (a browser never keeps a chosen file), so that ticking
    'swap who played first' and saving again needs no file chosen again."""
    data = request.POST.copy()
    data["version"] = match.version
    files = request.FILES or None
    if files and "log_file" in files and log_text:
        data["log_text"], files = log_text, None
    form = ResultForm(data, files, match=match)
    form.is_valid()
    show_refusal(form, refused, ResultForm.SERVICE_FIELDS)
    return form
