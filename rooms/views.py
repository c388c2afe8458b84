"""The game room over plain HTTP: for tests, for `play_random`, and as the browser's fallback.

`GET  /p/<token>/room/`         the player's game as that player sees it (own rack included; `?round=N`: the game
                                of round N, the one the page shows; once it is over, with the player's `next` game);
`POST /p/<token>/room/move/`    a move: JSON {"action": "place"|"swap"|"end_turn", "seq": N,
                                "client_id": "...", "tile": "RO", "cells": [[q, r], [q, r]]};
`GET  /t/<slug>/round/<n>/table/<t>/room/`   the game as a spectator sees it (no rack tile).

Each calls the same service the WebSocket consumer calls.  The move needs no
CSRF token: its address holds the player's secret, which a forging page cannot
know, and `play_random` posts it as a program.
"""

from __future__ import annotations

import functools
import json

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from games.board_svg import room_board_svg
from games.colours import COLOURS
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from tournament.domain.values import whole_number
from tournament.models import Match, Tournament
from tournament.pages.player_link import private_page
from tournament.services.links import Replaced, player_of_link
from tournament.zones import zone_of

from . import services
from .desk import presence
from .game.referee import Refused
from .models import Room
from .next_game import next_game

MAX_MOVE_BYTES = 2_000


def _no_store(response):
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "same-origin"
    return response


def room_for_link(token: str, round_number=None) -> tuple[Room, int]:
    """The link's player's room of round `round_number` if there is one (the page showing a finished game stays on
    it when the next round's room opens), else the room still being played (else the latest), and their seat in
    it (0 plays first)."""
    player = player_of_link(token)
    rooms = Room.objects.filter(match__round__tournament=player.tournament).select_related("match")
    rooms = (rooms.filter(match__first=player) | rooms.filter(match__second=player)).select_related(
        "match__round__tournament").order_by("finished", "-match__round__number")
    number = whole_number(str(round_number), largest=32767) if round_number is not None else None
    room = (rooms.filter(match__round__number=number).first() if number is not None else None) or rooms.first()
    if room is None:
        raise Http404("You have no game room: your game is not played online.")
    return room, 0 if room.match.first_id == player.pk else 1


def _page(request, room: Room, seat: int | None, *, socket_path: str, state_url: str, move_url: str = ""):
    match = room.match
    tournament = match.round.tournament
    title = f"{room.names[0]} v {room.names[1]}"
    replay_url = reverse("tournament:game", args=[tournament.slug, match.round.number, match.table])
    return _no_store(render(request, "rooms/room.html", {
        "title": title, "names": room.names, "seat": seat, "colours": COLOURS, "board": room_board_svg(2),
        "socket_path": socket_path, "state_url": state_url, "move_url": move_url, "replay_url": replay_url,
        "round_url": reverse("tournament:round", args=[tournament.slug, match.round.number]),
        "round_number": match.round.number, "tournament": tournament,
        # the zone the page writes times of day in (docs/online-event.md, "Times"): the tournament's
        "zone": zone_of(tournament).key}))


def _link_replaced_json(view):
    """A JSON endpoint of a private link: a replaced link answers 410 with the room's words, not a 500 (a page
    left open polls every 2 s)."""
    @functools.wraps(view)
    def wrapper(request, token, *args, **kwargs):
        try:
            return view(request, token, *args, **kwargs)
        except Replaced:
            return _no_store(JsonResponse({"error": {"code": "link-replaced", "message": services.LINK_REPLACED}},
                                          status=410))
    return wrapper


@private_page
@require_GET
def play(request, token):
    """The player's game: the board, their rack, both clocks (through their private link)."""
    room, seat = room_for_link(token)
    pinned = f"?round={room.match.round.number}"  # the page's socket and polls stay on this game once it is over
    return _page(request, room, seat, socket_path=f"/ws/p/{token}/room/{pinned}",
                 state_url=reverse("room_state", args=[token]) + pinned, move_url=reverse("room_move", args=[token]))


@require_GET
def spectate(request, slug, number, table):
    """Anyone may watch a room: the board, scores, clocks and rack sizes, never a tile of a rack."""
    room = room_for_table(slug, number, table)
    return _page(request, room, None, socket_path=f"/ws/t/{slug}/round/{number}/table/{table}/room/",
                 state_url=reverse("tournament:room_watch", args=[slug, number, table]))


@_link_replaced_json
@require_GET
def state(request, token):
    """The player's game; a player reading it here (the page's fallback while its WebSocket is down, polling
    every 2 s) is connected (`rooms.desk.presence`).  A finished game's answer carries the player's `next` game, as the
    socket sends it (`next_game`)."""
    room, seat = room_for_link(token, request.GET.get("round"))
    presence.still_here(room.pk, seat, services.now_ms())
    message = services.look(room.pk, seat).message
    if message["status"] == "finished":
        message["next"] = next_game(room.pk, seat, message["now_ms"])
    return _no_store(JsonResponse(message))


@csrf_exempt
@_link_replaced_json
@require_POST
def move(request, token):
    room, seat = room_for_link(token)
    if len(request.body) > MAX_MOVE_BYTES:
        return _refused(room, seat, Refused("bad-event", f"a move is at most {MAX_MOVE_BYTES} bytes"), status=413)
    try:
        body = json.loads(request.body.decode("utf-8"))
        if not isinstance(body, dict):
            raise ValueError
    except (ValueError, UnicodeDecodeError):
        return _refused(room, seat, Refused("bad-event", "a move is a JSON object"), status=400)
    seq = body.get("seq")
    if type(seq) is not int:
        return _refused(room, seat, Refused("bad-event", "seq: the number of the last event you saw"), status=400)
    client_id = body.get("client_id", "")
    if not isinstance(client_id, str) or len(client_id) > 64:
        return _refused(room, seat, Refused("bad-event", "client_id: text of at most 64 characters"), status=400)
    try:
        answer = services.move(room.pk, seat, body.get("action"), seq=seq, client_id=client_id,
                               tile=body.get("tile"), cells=body.get("cells"), link=token)
    except Refused as refused:
        return _refused(room, seat, refused, status=409)
    return _no_store(JsonResponse({**answer.message, "applied": answer.applied}))


def _refused(room, seat, refused: Refused, status: int):
    """The refusal in the checker's code and words, with the room as it stands (so the browser catches up)."""
    message = services.look(room.pk, seat).message
    return _no_store(JsonResponse({**message, "error": {"code": refused.code, "message": refused.message}},
                                  status=status))


def room_for_table(slug: str, number: int, table: int) -> Room:
    tournament = get_object_or_404(Tournament, slug=slug)
    match = get_object_or_404(Match, round__tournament=tournament, round__number=number, table=table)
    return get_object_or_404(Room.objects.select_related("match__round__tournament"), match=match)


@require_GET
def watch(request, slug, number, table):
    room = room_for_table(slug, number, table)
    return _no_store(JsonResponse(services.look(room.pk, None).message))
