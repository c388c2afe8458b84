"""The results grid: every board of a round on one page, entered from the keyboard.

Each board is its own small form (the single result page's `ResultForm`,
prefixed with its table), so a board is saved on its own, by the same
service and with the same checks and version guard: two people at the grid
never overwrite each other's result.  With JavaScript, Enter saves the board
in the background and the server sends back the board's new row (saved, or
with every fault marked) and the counter; without it, the form posts and the
page comes back at the next board.  A board that has its result shows it in
words with a link to the single page, where corrections and forfeits are
made (a correction is audited with the later rounds it leaves standing).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from .. import services
from games.colours import COLOURS

from ..domain.results import game_half_points
from ..domain.text import format_result, quoted, result_words
from ..forms.results import ResultForm
from ..models import Match, Round, Submission
from ..records import player_labels
from ..pages.submitting import refusal_shown
from .access import arbiter_required
from .results import match_rows, results_counter

# One score box; the template's loop over 3,000 of them took most of a 250-table grid's time.
BOX = ('<input type="text" name="{0}" id="id_{0}" value="{1}" inputmode="numeric" maxlength="2" autocomplete="off" '
       'placeholder="{2}" class="score {3}" aria-label="{4}"{5}>')
INVALID = mark_safe(' aria-invalid="true"')


def _boxes(match, form: ResultForm | None = None) -> dict:
    """What the grid draws for a board without a result: each player's six boxes and tick, with what was typed
    and every fault when `form` (the board as posted) was refused.

    Plain values rather than the form's widgets: a 250-table grid draws 3,500 inputs, and Django's widget
    templates would take most of a second over it.  Names and labels are the `ResultForm`'s, prefixed.
    """
    prefix = f"t{match.table}"
    data = form.data if form is not None else {}
    errors = form.errors if form is not None else {}
    lines = []
    for side, player in (("first", match.first), ("second", match.second)):
        cells = format_html_join("", BOX, (
            (f"{prefix}-{side}_{c.letter}", data.get(f"{prefix}-{side}_{c.letter}", ""), c.letter, c.letter,
             f"{player.name}, {c.letter} {c.name}", INVALID if f"{side}_{c.letter}" in errors else "")
            for c in COLOURS))
        flag = f"{prefix}-{side}_flagged"
        lines.append({"player": player, "cells": cells, "flag": flag, "flagged": bool(data.get(flag))})
    faults = []
    if form is not None:
        faults = [*form.non_field_errors(), *form.score_errors(), *errors.get("correct", [])]
        if "version" in errors:
            faults.append("The board was sent without its version: reload the page.")
    return {"prefix": prefix, "version": match.version, "lines": lines, "faults": faults}


def said(match, labels: dict[int, str]) -> tuple[str, str]:
    """How the grid writes a board's result, the one place: a played game in words, with its score beside
    ("Ann Able wins, 9 v 5 in the lowest colour", "1–0"); a forfeit as the organiser's pages read it back
    (`services.result_summary`, no score beside); nothing for a board still to play."""
    if match.status == Match.PLAYED:
        words = result_words(labels[match.first_id], labels.get(match.second_id, ""), match.scores,
                             (match.first_flagged, match.second_flagged))
        return words, format_result(*game_half_points(*match.scores))
    return (services.result_summary(match, labels) if match.has_result else ""), ""


def _row(row: dict, form: ResultForm | None = None) -> dict:
    """A board of the grid: its match, its result (`said`), and its boxes when it has none yet."""
    match, labels = row["match"], row["labels"]
    first, second = labels[match.first_id], labels.get(match.second_id, "")
    row = dict(row)
    row["said"], row["score"] = said(match, labels)
    pending = match.status == Match.PENDING and match.second_id is not None and not row.get("live")
    row["boxes"] = _boxes(match, form) if pending else None
    submission = row.get("submission") if pending else None
    if submission is not None:  # what a player sent, in words, so that nobody types over it unknowingly
        row["sent"] = result_words(first, second, submission.scores,
                                   (submission.first_flagged, submission.second_flagged))
    return row


def _scores_said(match, submission) -> str:
    """A sent result's twelve scores, per player in colour order: "Ann Able 9 9 9 9 9 9, Ben Baker 5 5 5 5 5 5"."""
    return ", ".join(f"{player.name} {' '.join(map(str, row))}"
                     for player, row in zip((match.first, match.second), submission.scores))


def _contradicted(match, form: ResultForm, over: str) -> tuple[Submission | None, object, str]:
    """The open submission the match's pages show (`services.shown_submission`), and the sentence that holds the
    entry once when `services.held_over_submission` says so (`over`: the submission the one at the grid was
    shown, sent back by the grid)."""
    open_ = list(match.submissions.open()
                 .select_related("by").order_by("-created_at"))
    states = services.submission_states(match, open_)
    submission = services.shown_submission(open_, states)
    state = states[submission.pk] if submission is not None else None
    held = services.held_over_submission(form.entry(), submission, over)
    if held is None:
        return submission, state, ""
    flags = [submission.first_flagged, submission.second_flagged]
    words = result_words(match.first.name, match.second.name, submission.scores, flags)
    sent = f"{words} ({_scores_said(match, submission)})"
    if held == services.HELD_DISPUTED:
        return submission, state, (f"{state.disputed_by.name} disputes the result {submission.by.name} sent, "
                                   f"{sent}{quoted(state.quote)} Check the slip, then press Enter again to save the "
                                   "result you typed.")
    return submission, state, (f"{submission.by.name} sent another result (not yet confirmed): {sent}. Check the "
                               "slip, then press Enter again to save yours in its place.")


def _wants_json(request) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def _next_table(rows, after: int) -> int | None:
    """The first board without a result after table `after`, else the first one before it; None when all are in."""
    pending = [r["match"].table for r in rows if r["match"].status == Match.PENDING and r["match"].second_id]
    return next((t for t in pending if t > after), pending[0] if pending else None)


@arbiter_required
def results_grid(request, tournament, number):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if round_.status == Round.DRAFT:
        messages.error(request, f"Round {number} is a draft: publish it before entering results.")
        return redirect("manage:round", tournament.slug, number)
    rows = match_rows(round_)  # drawn below; the board posted is drawn as it is saved
    bound = saved = None
    if request.method == "POST":
        bound, saved = _save(request, rows)
        if saved is not None and not _wants_json(request):
            following = _next_table(rows, saved)
            return redirect(reverse("manage:results_grid", args=[tournament.slug, number])
                            + (f"#t{following}" if following else "#counter"))
    counter = results_counter([r["match"] for r in rows])
    if request.method == "POST" and _wants_json(request) and bound is None:
        return JsonResponse({"reload": True}, status=400)  # the page shows the message
    if _wants_json(request) and bound is not None:
        row = next(r for r in rows if r["match"].table == bound)
        return JsonResponse({
            "saved": saved is not None,
            "table": bound,
            "row": render_to_string("tournament/manage/_grid_row.html", {"row": row, "tournament": tournament,
                                                                          "labels": player_labels(tournament)},
                                    request=request),
            "counter": counter,
            "next": _next_table(rows, bound),
        })
    rows = [row if row["match"].table == bound else _row(row) for row in rows]
    return render(request, "tournament/manage/grid.html", {
        "tournament": tournament, "round": round_, "rows": rows, "counter": counter, "labels": player_labels(tournament),
        "focus": _next_table(rows, 0) if bound is None else bound,
    })


def _save(request, rows) -> tuple[int | None, int | None]:
    """Save the board posted; (the board's table, the table if it was saved).  The rows are updated in place."""
    try:
        table = int(request.POST.get("table", ""))
        index = next(i for i, r in enumerate(rows) if r["match"].table == table)
    except (ValueError, StopIteration):
        messages.error(request, "That board is not in this round: reload the page.")
        return None, None
    match = rows[index]["match"]
    if match.second_id is None:
        messages.error(request, f"Table {table} is {'a bye' if match.status == Match.BYE else 'an excused absence'}: "
                                "it has no result to enter.")
        return None, None
    if rows[index].get("live"):
        messages.error(request, f"Table {table} is being played now in its game room: enter its result on its own "
                                "page, which asks you to confirm ending the game.")
        return None, None
    form = ResultForm(request.POST, prefix=f"t{table}", match=match)
    saved, note, over = None, "", None
    if form.is_valid() and form.cleaned_data["status"] == Match.PLAYED:
        rows[index]["submission"], rows[index]["state"], contradiction = _contradicted(
            match, form, request.POST.get(f"t{table}-over", ""))
        if contradiction:
            form.add_error(None, contradiction)
            over = rows[index]["submission"].pk
    if form.is_valid():
        with refusal_shown(request, form, ResultForm.SERVICE_FIELDS) as refusal:
            match = services.enter_result(match, form.entry(), user=request.user, **form.guard())
            saved, form = table, None
        if refusal.refused is not None:
            match.refresh_from_db()
            if match.status != Match.PENDING:  # someone else's result came first: show it, with why ours was not kept
                note, form = refusal.refused.message, None
    row = {**rows[index], "match": match, "note": note, "over": over}
    if saved:
        row["submission"] = None  # entering the result settled the players' submissions
    rows[index] = _row(row, form)
    return table, saved
