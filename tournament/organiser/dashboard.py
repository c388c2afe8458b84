"""A tournament's dashboard: its players, its rounds, the current round's results, and the forms to change them."""

from __future__ import annotations

from django.shortcuts import render

from ..forms import PlayerForm, PlayersCsvForm, WithdrawForm
from ..domain.enums import System
from ..domain.schedule import finished as is_finished
from ..absence_forms import ExcuseForm, rounds_to_come
from ..models import ExcusedAbsence, Round, Submission
from ..next_round import beyond_the_end, finished_detail
from ..records import player_labels, record_of
from .access import ORGANISER, arbiter_required, sees_player_links
from .results import match_rows, results_counter


def render_dashboard(request, tournament, *, player_form=None, csv_form=None, withdraw_form=None, withdrawing=None):
    """The dashboard; a form passed in (bound, with errors) replaces its empty twin.  Arbiters see it without the organiser's actions."""
    rounds = list(tournament.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    latest = current.number if current else 0
    published = max((r.number for r in rounds if r.status != Round.DRAFT), default=0)
    absences = list(ExcusedAbsence.objects.filter(player__tournament=tournament, round_number__gt=published)
                    .select_related("player").order_by("-status", "round_number", "player__name"))
    players = []
    for player in tournament.players.order_by("seed"):
        form = withdraw_form if withdrawing == player.pk else WithdrawForm(
            initial={"after_round": latest}, auto_id=f"id_withdraw{player.number}_%s")
        players.append({"player": player, "withdraw_form": form})
    matches = match_rows(current) if current and current.status != Round.DRAFT else []
    record = record_of(tournament, with_logs=False)
    finished = finished_detail(record) if is_finished(record) else ""
    # At the end, a round open again (reopened to correct a result) keeps the tournament unfinished: nothing to pair.
    end = beyond_the_end(record, latest + 1) if current is not None and current.status == Round.COMPLETE else None
    return render(request, "tournament/manage/dashboard.html", {
        "tournament": tournament,
        "organiser": request.role == ORGANISER,
        "sees_links": sees_player_links(request.role),
        "awaiting": sum(1 for row in matches if row["submission"] and row["submission"].status == Submission.WAITING),
        "disputed": sum(1 for row in matches if row["submission"] and row["submission"].status == Submission.DISPUTED),
        "players": players,
        "labels": player_labels(tournament),
        "rounds": rounds,
        "current": current,
        "matches": matches,
        "counter": results_counter(row["match"] for row in matches),
        "can_pair": (current is None or current.status == Round.COMPLETE) and not finished and end is None,
        "finished": finished,
        "still_open": "" if finished or end is None else str(end),
        "swiss": record.settings.system == System.SWISS,
        "player_form": player_form or PlayerForm(auto_id="id_add_%s"),
        "excuse_form": ExcuseForm(tournament=tournament, auto_id="id_excuse_%s"),
        "rounds_to_come": rounds_to_come(tournament),
        "requests": sum(1 for a in absences if not a.approved),
        "absences": absences,
        "csv_form": csv_form or PlayersCsvForm(auto_id="id_csv_%s"),
    })


@arbiter_required
def dashboard(request, tournament):
    return render_dashboard(request, tournament)
