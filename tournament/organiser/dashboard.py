"""A tournament's dashboard: its players, its rounds, the current round's results, and the forms to change them."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.text import capfirst

from .. import services
from ..forms.organiser import PlayerForm, PlayersCsvForm, WithdrawForm
from ..domain.enums import Play, System
from ..domain.schedule import finished as is_finished
from ..forms.absences import ExcuseForm, rounds_to_come
from ..forms.drafts import PublishForm
from ..models import ExcusedAbsence, Round, Submission, Tournament
from ..services import timetable
from ..services.entries import why_closed
from ..signals import entries_waiting
from ..zones import time_in
from ..pairing.next_round import beyond_the_end, finished_detail
from ..records import player_labels, record_of

from .access import ORGANISER, arbiter_required, sees_player_links
from .results import match_rows, results_counter


def render_dashboard(request, tournament, *, player_form=None, csv_form=None, withdraw_form=None, withdrawing=None):
    """The dashboard; a form passed in (bound, with errors) replaces its empty twin.  Arbiters see it without the organiser's actions."""
    rounds = list(tournament.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    latest = current.number if current else 0
    for round_ in rounds:  # open again while later rounds were paired: reopened to correct a result, to close again
        round_.reopened = round_.status == Round.PUBLISHED and round_.number < latest
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
        "reopened": [r for r in rounds if r.reopened],
        "form_alert": form_alert(player_form=player_form, csv_form=csv_form, withdraw_form=withdraw_form,
                                 withdrawing=next((row["player"] for row in players if row["player"].pk == withdrawing),
                                                  None)),
        "current": current,
        # Start time and take-back while no clock runs; then only an end by decision (docs/online-event.md).
        "clocks_to_start": current is not None and services.clocks_to_start(current),
        "matches": matches,
        "counter": results_counter(row["match"] for row in matches),
        "can_pair": (current is None or current.status == Round.COMPLETE) and not finished and end is None,
        "finished": finished,
        # An online round the timetable runs: its rooms write the results and it closes by itself.
        "auto_round": (tournament.auto and not tournament.timetable_stopped and current is not None
                       and current.play == Play.ONLINE),
        **timetable_said(tournament),
        "still_open": "" if finished or end is None else str(end),
        "swiss": record.settings.system == System.SWISS,
        "player_form": player_form or PlayerForm(auto_id="id_add_%s"),
        "excuse_form": ExcuseForm(tournament=tournament, auto_id="id_excuse_%s"),
        "rounds_to_come": rounds_to_come(tournament),
        "requests": sum(1 for a in absences if not a.approved),
        # The entry form's app answers (`tournament.signals.entries_waiting`): the event does not import it.
        "entries_closed": why_closed(tournament) if tournament.entries else None,
        "entries_waiting": sum(count for _, count in entries_waiting.send(sender=Tournament, tournament=tournament)),
        "absences": absences,
        "csv_form": csv_form or PlayersCsvForm(auto_id="id_csv_%s"),
        # A draft of an online tournament is published with its start time (bad input: the round page says why).
        "publish_form": PublishForm(online=tournament.play == Play.ONLINE, auto_id="id_publish_%s")
        if current is not None and current.status == Round.DRAFT else None,
    })


def timetable_said(tournament: Tournament) -> dict:
    """What the dashboard says of the timetable: what comes next, to the second in the tournament's zone, and
    what it did last (docs/online-event.md, The timetable)."""
    if not tournament.auto:
        return {}
    last = timetable.last_done(tournament)
    return {"timetable_next": timetable.next_words(tournament),
            "event_starts": time_in(tournament.starts_at, tournament) if tournament.starts_at else "",
            "timetable_last": "" if last is None else
            f"{last.action}{f' ({last.subject})' if last.subject else ''} at {time_in(last.at, tournament)}"}


# The dashboard's forms, as the alert at the top names them, and the anchor of each (the form's own id).
FORM_NAMES = {"player_form": ("The player was not added", "add-player"),
              "csv_form": ("The players file was not entered", "players-file")}


def form_alert(*, player_form=None, csv_form=None, withdraw_form=None, withdrawing=None) -> dict | None:
    """A form sent back with its errors is far down the page: say so at the top, with its first error and a link to
    the field (autofocused too, so the browser opens the page there)."""
    forms = {"player_form": player_form, "csv_form": csv_form}
    if withdraw_form is not None and withdrawing is not None:
        forms["withdraw_form"] = withdraw_form
    for key, form in forms.items():
        if form is None or not form.errors:
            continue
        what, anchor = FORM_NAMES.get(key) or (f"{withdrawing.name} was not withdrawn", f"withdraw-{withdrawing.number}")
        name = next((n for n in form.errors if n != "__all__"), None)
        error = form.errors[name or "__all__"][0]
        field = form[name] if name in form.fields else None
        if field is not None and field.field.widget.input_type != "hidden":
            field.field.widget.attrs["autofocus"] = True
            anchor = field.id_for_label if field.field.widget.input_type != "radio" else f"{field.auto_id}_0"
        label = f"{capfirst(field.label)}: " if field is not None and field.label else ""
        return {"text": f"{what}. {label}{error}", "href": f"#{anchor}"}
    return None


@arbiter_required
def dashboard(request, tournament):
    return render_dashboard(request, tournament)
