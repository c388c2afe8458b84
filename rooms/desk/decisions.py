"""Ending a game from the desk with a reason: `GET/POST /manage/<slug>/round/<n>/rooms/<t>/decide/`.

The form opens on the room as it stands (both players' scores and ran-out-of-time marks, the event number it was
read at); "As it stands" decides on exactly that, "A win for X" gives X the game, "Save these scores" the scores as
edited; a player who never placed a tile may be given a forfeit, and both players when neither has ("Forfeit:
neither came", 0 VP each).  Each asks a reason.  At saving the room is read again: if the game moved meanwhile
nothing is saved and the form shows the new state (`arbiter.Moved`).  Organisers and arbiters only; the writes are
`rooms.desk.arbiter`'s.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from games.colours import COLOURS
from tournament.models import Match
from tournament.organiser.access import arbiter_required
from tournament.records import player_labels

from .. import services
from ..game.referee import Refused
from ..models import Room
from . import arbiter

SHORTCUTS = ("as-it-stands", "win-0", "win-1", "typed", "forfeit-0", "forfeit-1", "forfeit-both")


@arbiter_required
@require_http_methods(["GET", "POST"])
def decide(request, tournament, number, table):
    match = get_object_or_404(Match.objects.select_related("round", "first", "second"), round__tournament=tournament,
                              round__number=number, table=table)
    room = get_object_or_404(Room, match=match)
    labels = player_labels(tournament)
    names = [labels.get(match.first_id, match.first.name), labels.get(match.second_id, match.second.name)]
    back = redirect("manage:desk", tournament.slug, number)
    state = arbiter.standing(room, services.now_ms())
    error, typed = "", None
    if request.method == "POST":
        how = request.POST.get("how", "")
        reason = request.POST.get("reason", "")
        try:
            seen_seq = int(request.POST.get("seq", ""))
            if how not in SHORTCUTS:
                raise Refused("how", "how: as it stands, a win for one player, the scores typed, or a forfeit")
            done = _decide(room, request.user, how, reason, seen_seq, request.POST, names)
            messages.success(request, f"Table {table}: {done}")
            return back
        except ValueError:
            error = "seq: the event number the form was read at is missing; open the form again"
        except arbiter.Moved as moved:
            error = moved.message
            state = {**state, **moved.state}
        except Refused as refused:
            error = refused.message
            typed = request.POST
            state = {**state, "finished": state["finished"] or refused.code == "finished"}
    if state["finished"]:  # also when it ended while the arbiter typed (a flag fell): the form has nothing to offer
        nothing = ", nothing was decided" if request.method == "POST" else ""
        messages.error(request, f"Table {table}: the game is over{nothing}; its result is on the result form.")
        return back
    rows = [{"seat": seat, "name": names[seat], "flagged": state["flagged"][seat],
             "cells": [{"letter": c.letter, "colour": c.name, "name": f"s{seat}{i}",
                        "value": (typed or {}).get(f"s{seat}{i}", state["scores"][seat][i])}
                       for i, c in enumerate(COLOURS)]}
            for seat in (0, 1)]
    return services_no_store(render(request, "rooms/decide.html", {
        "tournament": tournament, "round": match.round, "match": match, "names": names, "state": state,
        "rows": rows, "error": error, "reason": request.POST.get("reason", "") if request.method == "POST" else "",
        "reason_max": arbiter.REASON_MAX}), status=409 if error else 200)


def _decide(room, user, how, reason, seen_seq, post, names) -> str:
    """The decision the form asked for, made; its words for the desk."""
    if how == "forfeit-both":
        arbiter.forfeit_absent(room.pk, user, None, reason)
        return f"forfeit, neither {names[0]} nor {names[1]} came: both lose, 0 VP each."
    if how.startswith("forfeit-"):
        seat = int(how[-1])
        arbiter.forfeit_absent(room.pk, user, seat, reason)
        return f"forfeit for {names[seat]}, who did not come: {names[1 - seat]} wins."
    if how.startswith("win-"):
        seat = int(how[-1])
        arbiter.decide(room.pk, user, reason, seen_seq=seen_seq, winner=seat)
        return f"ended by decision: a win for {names[seat]}."
    if how == "as-it-stands":
        state = arbiter.standing(room, services.now_ms())
        scores, flagged = state["scores"], state["flagged"]
    else:
        scores = [[_score(post, seat, i) for i in range(len(COLOURS))] for seat in (0, 1)]
        flagged = [post.get(f"f{seat}") == "on" for seat in (0, 1)]
    arbiter.decide(room.pk, user, reason, seen_seq=seen_seq, scores=scores, flagged=flagged)
    return "ended by decision, " + ("as it stood." if how == "as-it-stands" else "with the scores typed.")


def _score(post, seat: int, colour: int):
    """A typed score as a whole number; anything else is left for the result check to name."""
    text = (post.get(f"s{seat}{colour}") or "").strip()
    return int(text) if text.isdigit() else text


def services_no_store(response, status: int = 200):
    response.status_code = status
    response["Cache-Control"] = "no-store"
    return response
