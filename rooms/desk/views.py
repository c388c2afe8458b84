"""The arbiter's desk over a round's game rooms (docs/online-play.md, "The arbiter").

`GET  /manage/<slug>/round/<n>/rooms/`              every room of the round: status, clocks, lowest scores,
                                                    placements, whose turn, the result; Watch, decide, pause;
`GET  .../rooms/state.json`                         the same rows, for the page's own refresh (desk.js);
`POST .../rooms/act/`                               pause or resume one room (`table`) or the whole round, with a
                                                    reason (required, audited by the service);
`GET  .../rooms/<table>/log.json`                   the room's game log so far (draws included), for the
                                                    arbiter deciding the game beside the result form.

Organisers and arbiters of the tournament only (`arbiter_required`).
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from tournament.domain.records import MatchRecord, can_replay
from tournament.domain.text import result_text
from django.db.models import BooleanField, ExpressionWrapper, F, Q

from tournament.domain.values import whole_number
from tournament.models import Match, Round
from tournament.organiser.access import arbiter_required
from tournament.records import player_labels
from tournament.services import result_summary

from .. import services
from ..game.clock import clock_text
from ..game.referee import Refused, public_log
from ..models import Room, RoomEvent
from . import arbiter
from .attention import attention_first, needs
from .presence import presence_of, presence_text

STATUS_WORDS = {"waiting": "waiting for the start", "playing": "playing", "paused": "paused", "finished": "finished"}
REASON_MAX = arbiter.REASON_MAX


def desk_rows(round_: Round, *, at_ms: int | None = None, store_due: bool = True) -> list[dict]:
    """One row a room of the round, table order, as the arbiter sees it at `at_ms` (no rack tile in it).

    A start or flag due by `at_ms` is shown either way; `store_due` stores it (the arbiter's desk: `services.look`),
    without it nothing is locked nor written (an anonymous read: `services.peek`)."""
    at_ms = services.now_ms() if at_ms is None else at_ms
    slug, number = round_.tournament.slug, round_.number
    rows = []
    rooms = (Room.objects.filter(match__round=round_).order_by("match__table")
             .select_related("match__first", "match__second", "match__forfeit_winner").defer("match__log"))
    with_log = {table for table, has_log, decision in Match.objects.filter(round=round_).annotate(
        has_log=ExpressionWrapper(Q(log__isnull=False), output_field=BooleanField()),
    ).values_list("table", "has_log", "decision") if can_replay(has_log, decision)}
    labels = player_labels(round_.tournament)  # two players of one name told apart (domain.names.display_names)
    looked = [(room, (services.look(room.pk, None, at_ms=at_ms) if store_due else
                      services.peek(room, None, at_ms=at_ms)).message) for room in rooms]
    last_event = dict(RoomEvent.objects.filter(room__match__round=round_, seq=F("room__seq"))
                      .values_list("room_id", "at_ms"))
    pauses = arbiter.last_pauses([room.pk for room, seen in looked if seen["status"] == "paused"])
    for room, seen in looked:
        match = room.match
        turn = seen["turn"]
        names = [labels.get(match.first_id, seen["players"][0]), labels.get(match.second_id, seen["players"][1])]
        presence = [{**seat, "text": presence_text(seat, at_ms)} for seat in presence_of(room, at_ms)]
        rows.append({
            "table": match.table,
            "players": names,
            "status": seen["status"],
            "status_text": STATUS_WORDS[seen["status"]],
            "clocks": [clock_text(ms) for ms in seen["clocks_ms"]],
            "clocks_ms": seen["clocks_ms"],
            "lowest": [min(row) for row in seen["scores"]],
            "placements": sum(1 for event in seen["events"] if event["type"] == "place"),
            "turn": names[turn] if turn is not None and seen["status"] == "playing" else "",
            "on_turn": turn if seen["status"] == "playing" else None,  # whose clock runs: 0, 1 or None
            "flagged": [name for name, flag in zip(names, seen["flagged"]) if flag],
            "result": result_summary(match, labels) if match.has_result else "",
            "score": short_result(match),  # "1–0", "½–½", "1–0 forfeit", as the public pairings write it
            "decided": bool(seen.get("outcome", {}).get("decided")),
            "watch_url": reverse("tournament:room_spectate", args=[slug, number, match.table]),
            # The game viewer's page, once the match has its log (a game the room finished, or its log up to a
            # decision; not a forfeit for a player who never came).
            "replay_url": (reverse("tournament:game", args=[slug, number, match.table])
                           if match.table in with_log else ""),
            "result_url": reverse("manage:match", args=[slug, match.pk]),
            "log_url": reverse("manage:room_log", args=[slug, number, match.table]),
            # The arbiter's own, never a player's: each seat's connection, why the room needs the arbiter, the pause.
            "presence": presence,
            "attention": needs(status=seen["status"], names=names, starts_at_ms=seen["starts_at_ms"],
                               presence=presence, on_turn=turn if seen["status"] == "playing" else None,
                               last_event_ms=last_event.get(room.pk), pause_note=pauses.get(room.pk),
                               result_refused=getattr(room, "result_refused", ""), at_ms=at_ms),
            "pause_reason": (pauses.get(room.pk) or {}).get("reason", ""),
            "decide_url": reverse("manage:desk_decide", args=[slug, number, match.table]),
        })
    return rows


def short_result(match: Match) -> str:
    """The match's result as the public round page writes it ("1–0", "0–1 forfeit"); "" while it is to come."""
    if not match.has_result:
        return ""
    return result_text(MatchRecord(match.first_id, match.second_id, match.status, match.scores,
                                   winner=match.forfeit_winner_id))


def _round(tournament, number) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def _counts(rows) -> dict:
    counts = {status: 0 for status in STATUS_WORDS}
    for row in rows:
        counts[row["status"]] += 1
    return counts


@arbiter_required
@require_GET
def desk(request, tournament, number):
    round_ = _round(tournament, number)
    rows = attention_first(desk_rows(round_))
    return _no_store(render(request, "rooms/desk.html", {
        "tournament": tournament, "round": round_, "rows": rows, "counts": _counts(rows), "reason_max": REASON_MAX,
        "state_url": reverse("manage:desk_state", args=[tournament.slug, number])}))


@arbiter_required
@require_GET
def state(request, tournament, number):
    rows = attention_first(desk_rows(_round(tournament, number)))
    return _no_store(JsonResponse({"rows": rows, "counts": _counts(rows)}))


@arbiter_required
@require_POST
def act(request, tournament, number):
    """Pause or resume one room (`table`) or every room of the round; the service requires the reason."""
    round_ = _round(tournament, number)
    back = redirect("manage:desk", tournament.slug, number)
    action = request.POST.get("action")
    reason = request.POST.get("reason", "")
    if action not in ("pause", "resume"):
        messages.error(request, "action: pause or resume.")
        return back
    table = request.POST.get("table", "")
    try:
        if table == "" and action == "pause":
            done = arbiter.pause_round(round_, request.user, reason)
            messages.success(request, f"Paused {done} game{'s' if done != 1 else ''} of round {number}.")
        elif table == "":
            done, staying = arbiter.resume_round(round_, request.user, reason)
            messages.success(request, f"Resumed {done} game{'s' if done != 1 else ''} of round {number}."
                                      + (f" {_tables(staying)} stay{'s' if len(staying) == 1 else ''} paused: paused "
                                         "on its own, resume it from its row." if staying else ""))
        else:
            room = _room(round_, table)
            (arbiter.pause if action == "pause" else arbiter.resume)(room.pk, request.user, reason)
            messages.success(request, f"Table {room.match.table}: {'paused' if action == 'pause' else 'resumed'}.")
    except Refused as refused:
        messages.error(request, f"Table {table}: {refused.message}." if table else f"{refused.message}.")
    return back


def _tables(numbers) -> str:
    """"Table 3", "Tables 2 and 5"."""
    listed = [str(n) for n in numbers]
    if len(listed) == 1:
        return f"Table {listed[0]}"
    return f"Tables {', '.join(listed[:-1])} and {listed[-1]}"


def _room(round_: Round, table) -> Room:
    number = whole_number(str(table))
    if number is None:
        raise Refused("table", "not a table number")
    room = Room.objects.filter(match__round=round_, match__table=number).select_related("match").first()
    if room is None:
        raise Refused("table", "no game room there")
    return room


@arbiter_required
@require_GET
def room_log(request, tournament, number, table):
    """The room's game log so far (`ingenious-log/1`, draws included): kept beside the arbiter's decision."""
    match = get_object_or_404(Match, round__tournament=tournament, round__number=number, table=table)
    room = get_object_or_404(Room, match=match)
    log = public_log(services.table_of(room))
    response = HttpResponse(json.dumps(log, indent=1), content_type="application/json")
    return _no_store(response)


def _no_store(response):
    response["Cache-Control"] = "no-store"
    return response
