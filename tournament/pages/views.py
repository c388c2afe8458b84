from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

from scoring.metrics import metrics_in_order, order_text
from scoring.report import StandingsReport, standings_report
from scoring.standings import other_rounds
from scoring.tables import STANDINGS_SORTS, StandingsTable

from games.analysis_page import page_analysis
from games.board_svg import board_svg
from games.engine.clock import minutes
from games.engine.timeline import timeline

from ..serving.cache import cached_public_page, remembered
from ..domain.names import PLAIN_LETTERS
from ..domain.rounds import half_points_before
from ..domain.schedule import finished
from ..domain.text import PROGRESSIVE_READINGS
from ..models import Round, Tournament
from .public import boards, by_name, final_places, games_of, podium
from ..records import match_decision, match_log, record_of
from ..serving.site_url import absolute


@cached_public_page
def home(request):
    """The front page: what the site is for, and the tournaments it holds."""
    tournaments = list(Tournament.objects.filter(listed=True).annotate(
        entry_count=Count("players", distinct=True), round_count=Count("rounds", distinct=True),
        open_rounds=Count("rounds", filter=~Q(rounds__status=Round.COMPLETE), distinct=True),
        last_round=Max("rounds__number")))
    for t in tournaments:  # as domain.schedule.finished says it, from the counts: the last round is out, all closed
        t.has_rounds = t.round_count > 0
        t.finished = t.has_rounds and not t.open_rounds and t.last_round >= t.rounds_shown
    return render(request, "home.html", {"tournaments": tournaments})


def _tournament(slug):
    return get_object_or_404(Tournament, slug=slug)


def report_of(tournament: Tournament, record=None) -> StandingsReport:
    """The tournament's standings report, the one every standings page reads (the standings and its CSV, the
    crosstable, the venue screen), from `record` if the page has read it already.  It depends on the tournament's
    data only, so it is kept per `(tournament.pk, tournament.data_version)` (`cache.remembered`): built once per
    change for all these pages, and for every process with Redis.  `tournament` is the row the view read before the
    record, so the report is never older than its version."""
    return remembered("standings-report", tournament, lambda: standings_report(
        record if record is not None else record_of(tournament, with_logs=False)))


@cached_public_page(shows="round")
def pairings(request, slug, number=None):
    """A round's tables (the latest published round by default)."""
    tournament = _tournament(slug)
    record = record_of(tournament, with_logs=False)
    if not record.rounds:
        return render(request, "tournament/pairings.html", {"tournament": tournament, "round": None})
    if number is None:  # /t/SLUG/round/0/ is no round, not the latest
        number = max(r.number for r in record.rounds)
    try:
        round_record = record.round(number)
    except KeyError:
        raise Http404("No such round") from None
    online = _online(tournament, number)
    vp = half_points_before(record, number)  # counted once, for the tables and the list by name
    tables = boards(record, number, vp)
    for board in tables:
        board.room = online["online"] and board.second is not None and not board.no_table
    return render(
        request,
        "tournament/pairings.html",
        {
            "tournament": tournament,
            "round": round_record,
            "boards": tables,
            "seats": by_name(record, number, vp),
            "round_numbers": sorted(r.number for r in record.rounds),
            "in_progress": round_record.pending,
            "live": not finished(record),
            "plain_letters": PLAIN_LETTERS,
            # A finished event says so first, with its podium and the way to the final standings.
            "podium": podium(final_places(report_of(tournament, record).lines)) if finished(record) else [],
            # An online round's games are played in game rooms anyone may watch, live (rooms.desk.public).
            **online,
        },
    )


def _online(tournament: Tournament, number: int) -> dict:
    """Whether the round is played online, and from when."""
    row = tournament.rounds.filter(number=number).values("play", "starts_at").first() or {}
    online = row.get("play") == "online"
    return {"online": online, "starts_at": row.get("starts_at") if online else None}


@cached_public_page(shows="player")
def player(request, slug, number):
    tournament = _tournament(slug)
    record = record_of(tournament, with_logs=False)
    person = next((p for p in record.players if p.id == number), None)
    if person is None:
        raise Http404("No such player")
    return render(
        request,
        "tournament/player.html",
        {"tournament": tournament, "player": person, "games": games_of(record, number), "live": not finished(record)},
    )


@cached_public_page(reads={"sort": STANDINGS_SORTS, "_export": ("csv",)})
def standings(request, slug):
    tournament = _tournament(slug)
    report = report_of(tournament)
    table = StandingsTable(report.lines, slug=slug, unapplied=report.unapplied)
    RequestConfig(request, paginate=False).configure(table)
    export = request.GET.get("_export")
    if export == "csv":
        return TableExport("csv", table, exclude_columns=()).response(f"{slug}-standings.csv")
    return render(
        request,
        "tournament/standings.html",
        {
            "tournament": tournament,
            "table": table,
            "reading": PROGRESSIVE_READINGS[report.reading],
            "progress": report.progress,
            "order": order_text(),
            "ties": report.notes,
            "live": not report.progress.finished,
        },
    )


@cached_public_page(reads={"view": ("rounds",)})
def crosstable(request, slug):
    """The crosstable: an n × n grid for an all-play-all or a small field (or, asked, round by round), else round
    by round (n × rounds)."""
    tournament = _tournament(slug)
    report = report_of(tournament)
    can_grid = report.full_grid
    page = {"tournament": tournament, "reading": PROGRESSIVE_READINGS[report.reading],
            "metrics": metrics_in_order(), "can_grid": can_grid, "progress": report.progress,
            "grid": can_grid and request.GET.get("view") != "rounds", "live": not report.progress.finished,
            "unapplied": report.unapplied}
    if page["grid"]:
        page["rows"] = [CrossRow(row.standing, row.cells, other_rounds(row.standing)) for row in report.crosstable]
    else:
        page["round_numbers"], page["rows"] = report.round_chart
        # Every player's page address but the number, reversed once rather than once a line.
        page["player_url"] = reverse("tournament:player", args=[slug, 1]).removesuffix("1/")
    return render(request, "tournament/crosstable.html", page)


@dataclass(frozen=True)
class CrossRow:
    standing: object
    cells: tuple
    other: str


@cached_public_page(shows="game")
def game(request, slug, number, table):
    """The game viewer: step through a match's move log."""
    tournament = _tournament(slug)
    record = record_of(tournament, with_logs=False)  # the names; the one log needed is read on its own
    if not 1 <= number <= len(record.rounds) or not 1 <= table <= len(record.rounds[number - 1].matches):
        raise Http404("No such match")
    match = record.rounds[number - 1].matches[table - 1]
    log = match_log(tournament, number, table) if match.log is not None else None
    decision = None if log else match_decision(tournament, number, table)
    if decision:  # a game ended by the arbiter: its log up to the decision, with the decision shown
        log = decision.get("log")
    if not log:
        raise Http404("This match has no move log")
    line = timeline(log)
    players = {p.id: p for p in record.players}
    first, second = players[match.first], players[match.second]
    # A log naming the players as entered names them as every page does: two Sam Smiths told apart.
    names = [first.label, second.label] if list(line.names) == [first.name, second.name] else line.names
    steps = [
        {"n": s.number, "player": s.player, "tile": s.tile, "cells": [list(c) for c in s.cells],
         "scores": [list(row) for row in s.scores], "bonus": s.bonus, "flags": list(s.flags_before),
         "clock": None if s.clock_s is None else minutes(s.clock_s)}
        for s in line.steps
    ]
    # The analysis of a finished game (cached by the log's digest); None for a game that did not finish.
    analysis = page_analysis(log, names)
    if analysis and analysis.steps:
        for step, looked in zip(steps, analysis.steps):
            step.update({key: looked[key] for key in ("rank", "is_best", "best", "best_count")})
    return render(
        request,
        "tournament/game.html",
        {
            "tournament": tournament,
            "round_number": number,
            "table": table,
            "first": first,
            "second": second,
            "names": names,
            "svg": board_svg(line, analysis.outlines if analysis else None),
            "analysis": analysis,
            "steps": steps,
            "line": line,
            "clocked": any(step.clock_s is not None for step in line.steps),
            "final": line.steps[-1].scores if line.steps else [[0] * 6, [0] * 6],
            "decision": decision,
        },
    )


SCREEN_SEATS = 40  # pairings by name on one page of the venue screen: two columns of 20
SCREEN_BOARDS = 16  # live boards of an online round on one page of the venue screen
SCREEN_STANDINGS = 16  # lines of standings on one page of the venue screen
SCREEN_STANDINGS_PAGES = 3  # the top 48 at most: the rest read them on their phones


@cached_public_page
def screen(request, slug):
    """The venue screen: an online round's live boards, the current round's pairings by name and the standings, in
    pages that cycle."""
    tournament = _tournament(slug)
    record = record_of(tournament, with_logs=False)
    report = report_of(tournament, record)
    pages = []
    number = max((r.number for r in record.rounds), default=None)
    live_url = ""
    if number is not None and record.round(number).pending and _online(tournament, number)["online"]:
        # An online round under way: its live boards first (clocks and scores, filled by boards.js).
        games = [b for b in boards(record, number) if b.second is not None and not b.no_table]
        chunks = [games[i:i + SCREEN_BOARDS] for i in range(0, len(games), SCREEN_BOARDS)]
        pages += [{"kind": "boards", "boards": chunk, "part": i, "parts": len(chunks)}
                  for i, chunk in enumerate(chunks, start=1)]
        live_url = reverse("tournament:live_boards", args=[slug, number])
    if number is not None:
        seats = by_name(record, number, report.half_points_before(number))
        chunks = [seats[i:i + SCREEN_SEATS] for i in range(0, len(seats), SCREEN_SEATS)]
        pages += [{"kind": "pairings", "seats": chunk, "part": i, "parts": len(chunks)}
                  for i, chunk in enumerate(chunks, start=1)]
    rows = report.lines[:SCREEN_STANDINGS * SCREEN_STANDINGS_PAGES]
    chunks = [rows[i:i + SCREEN_STANDINGS] for i in range(0, len(rows), SCREEN_STANDINGS)]
    standings = [{"kind": "standings", "rows": chunk, "part": i, "parts": len(chunks)}
                 for i, chunk in enumerate(chunks, start=1)]
    # After the final round the screen opens on the final standings; the last round's pairings follow them.
    over = finished(record)
    pages = standings + pages if over else pages + standings
    return render(request, "tournament/screen.html", {
        "tournament": tournament, "round_number": number, "pages": pages, "progress": report.progress,
        # What the screen opens on; when it changes (a new round, the final standings), a screen left open goes
        # to its first page at its next refresh (screen.js), not to the page it was on in the old list.
        "opens": "final" if over else f"round {number or 0}",
        "metrics": metrics_in_order(), "live": True, "unapplied": report.unapplied, "live_url": live_url,
        "address": absolute(reverse("tournament:detail", args=[slug]), request),
    })
