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

from .. import services
from ..domain.results import game_half_points
from ..domain.text import format_result, result_words
from ..forms import ResultForm
from ..models import Match, Round
from ..submitting import refusal_shown
from .access import arbiter_required
from .results import match_rows, results_counter

def _row(row: dict, form: ResultForm | None = None) -> dict:
    """A board of the grid: its match, its result in words, and the form to enter it when it has none."""
    match = row["match"]
    row = dict(row, result=services.result_summary(match) if match.status in (Match.PLAYED, Match.FORFEIT) else "")
    if match.status == Match.PLAYED:
        row["words"] = result_words(match.first.name, match.second.name, match.scores,
                                    (match.first_flagged, match.second_flagged))
        row["score"] = format_result(*game_half_points(*match.scores))
    if form is None and match.status == Match.PENDING and match.second_id is not None:
        form = ResultForm(match=match, prefix=f"t{match.table}")
    row["form"] = form
    return row


def _wants_json(request) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def _next_table(rows, after: int) -> int | None:
    """The first board without a result after table `after`, else the first one before it; None when all are in."""
    pending = [r["match"].table for r in rows if r["form"] is not None]
    return next((t for t in pending if t > after), pending[0] if pending else None)


@arbiter_required
def results_grid(request, tournament, number):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if round_.status == Round.DRAFT:
        messages.error(request, f"Round {number} is a draft: publish it before entering results.")
        return redirect("manage:round", tournament.slug, number)
    rows = [_row(row) for row in match_rows(round_)]
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
            "row": render_to_string("tournament/manage/_grid_row.html", {"row": row, "tournament": tournament},
                                    request=request),
            "counter": counter,
            "next": _next_table(rows, bound),
        })
    return render(request, "tournament/manage/grid.html", {
        "tournament": tournament, "round": round_, "rows": rows, "counter": counter,
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
    form = ResultForm(request.POST, prefix=f"t{table}", match=match)
    saved, note = None, ""
    if form.is_valid():
        with refusal_shown(request, form, ResultForm.SERVICE_FIELDS) as refusal:
            match = services.enter_result(match, user=request.user, **form.entry())
            saved, form = table, None
        if refusal.refused is not None:
            match.refresh_from_db()
            if match.status != Match.PENDING:  # someone else's result came first: show it, with why ours was not kept
                note, form = refusal.refused.message, None
    row = {**rows[index], "match": match, "note": note}
    if saved:
        row["submission"] = None  # entering the result settled the players' submissions
    rows[index] = _row(row, form)
    return table, saved
