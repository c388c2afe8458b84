"""The live boards of an online round, for everyone (online-play.md: anyone may watch; issue 27, "Spectators").

`GET /t/<slug>/round/<n>/live.json`  each room of the round: table, players, status, both clocks, each player's
                                     lowest score, placements, whose clock runs, flags, the result and the replay's
                                     address once the game is over.  Polled by the public round page and the venue
                                     screen (static tournament/boards.js).

The rows are the arbiter's desk's (`desk.desk_rows`, one data function) cut down to the fields named in `PUBLIC`:
nothing private (no rack, no draw, no arbiter's address) can reach a spectator, whatever the desk adds later.
Each process makes a round's rows at most once a second, however many spectators poll it.
"""

from __future__ import annotations

import threading
import time

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournament.models import Round, Tournament

from .desk import desk_rows

PUBLIC = ("table", "players", "status", "status_text", "clocks", "clocks_ms", "lowest", "placements", "turn",
          "on_turn", "flagged", "result", "score", "watch_url", "replay_url")
FRESH_S = 1.0  # how long a process serves the rows it made
POLL_MS = 2500  # how often the pages ask again


def public_rows(round_: Round, *, at_ms: int | None = None) -> list[dict]:
    """The round's rooms as a spectator may see them at `at_ms` (`PUBLIC` fields of the desk's rows)."""
    return [{field: row[field] for field in PUBLIC} for row in desk_rows(round_, at_ms=at_ms)]


class _Recent:
    """Each round's rows for `FRESH_S` seconds in this process, with the time they were made."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rows: dict[int, tuple[float, dict]] = {}

    def get(self, round_: Round) -> dict:
        now = time.monotonic()
        with self.lock:
            made = self.rows.get(round_.pk)
        if made is not None and now - made[0] < FRESH_S:
            return made[1]
        data = {"round": round_.number, "poll_ms": POLL_MS, "rows": public_rows(round_)}
        with self.lock:
            self.rows = {pk: kept for pk, kept in self.rows.items() if now - kept[0] < FRESH_S}
            self.rows[round_.pk] = (now, data)
        return data

    def clear(self):
        with self.lock:
            self.rows.clear()


recent = _Recent()


@require_GET
def live(request, slug, number):
    """The round's live boards as JSON (an empty list for a round played at the tables)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round.objects.exclude(status=Round.DRAFT), tournament=tournament, number=number)
    data = recent.get(round_) if round_.play == "online" else {"round": number, "poll_ms": POLL_MS, "rows": []}
    response = JsonResponse(data)
    response["Cache-Control"] = "no-store"
    return response
