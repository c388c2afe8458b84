"""The live boards of an online round, for everyone (docs/online-play.md: anyone may watch, "Spectators").

`GET /t/<slug>/round/<n>/live.json`  each room of the round: table, players, status, both clocks, each player's
                                     lowest score, placements, whose clock runs, flags, the result and the replay's
                                     address once the game is over.  Polled by the public round page and the venue
                                     screen (static tournament/boards.js).

The rows are the arbiter's desk's (`desk.desk_rows`, one data function) cut down to the fields named in `PUBLIC`:
nothing private (no rack, no draw, no arbiter's address) can reach a spectator, whatever the desk adds later.
Anyone may ask, so the read locks nothing and writes nothing: a start or flag due is shown as due, computed in
memory from the stored events, and stored by the sweep, a move, a seat's read or the arbiter's desk.
A round's rows are made at most about once a second, however many spectators poll it (kept in the site's cache:
each process's memory, or Redis for every instance; a cache that fails only means more reads).
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournament.models import Round, Tournament

from .views import desk_rows

PUBLIC = ("table", "players", "status", "status_text", "clocks", "clocks_ms", "lowest", "placements", "turn",
          "on_turn", "flagged", "result", "score", "watch_url", "replay_url")
FRESH_S = 1  # how long the rows made are served (whole seconds: the cache's)
POLL_MS = 2500  # how often the pages ask again


def public_rows(round_: Round, *, at_ms: int | None = None) -> list[dict]:
    """The round's rooms as a spectator may see them at `at_ms` (`PUBLIC` fields of the desk's rows)."""
    return [{field: row[field] for field in PUBLIC} for row in desk_rows(round_, at_ms=at_ms, store_due=False)]


@require_GET
def live(request, slug, number):
    """The round's live boards as JSON (an empty list for a round played at the tables)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round.objects.exclude(status=Round.DRAFT), tournament=tournament, number=number)
    if round_.play == "online":
        data = cache.get_or_set(f"live-boards:{round_.pk}", lambda: {"round": round_.number, "poll_ms": POLL_MS,
                                                                      "rows": public_rows(round_)}, FRESH_S)
    else:
        data = {"round": number, "poll_ms": POLL_MS, "rows": []}
    response = JsonResponse(data)
    response["Cache-Control"] = "no-store"
    return response
