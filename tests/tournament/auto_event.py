"""An online Swiss that runs itself, played by `rooms.game.robot`'s random players through `rooms.services` on a clock
that only moves forward, with the sweeps (flags, the timetable) and the outbox's sender run as each server process
runs them: for the end-to-end test and the 64-player benchmark."""

from __future__ import annotations

import random

from outbox import sender
from rooms import services as rooms
from rooms.game.robot import choose_move
from rooms.models import Room
from tests.factories import make_event
from tournament import services
from tournament.models import Player, Round, Tournament
from tournament.services import timetable


def play_step(round_, at_ms: int, rng: random.Random, absent: set[str]) -> None:
    """Each seat to move in the round's open rooms makes one random legal move at `at_ms`; absent players none."""
    for room in Room.objects.filter(match__round=round_, finished=False).select_related("match__first",
                                                                                       "match__second"):
        for seat, player in enumerate((room.match.first, room.match.second)):
            if player.name in absent:
                continue
            move = choose_move(rooms.look(room.pk, seat, at_ms=at_ms).message, rng)
            if move is not None:
                rooms.move(room.pk, seat, move["action"], seq=move["seq"], client_id=move["client_id"],
                           tile=move.get("tile"), cells=move.get("cells"), at_ms=at_ms)


def run_auto_event(names: list[str], *, rounds: int, clock_s: int, break_s: int, absent: set[str],
                   back: dict[str, int], step_ms: int = 500, seed: int = 7) -> Tournament:
    """The event from round 1's publication to its end: `absent` never come to round 1 (withdrawn after it);
    `back` names who says "I'm back" during which round.  Nobody else touches it."""
    event = make_event("Auto Swiss", names, system="swiss", rounds_announced=rounds, play="online",
                       clock_s=clock_s, auto=True, round_break_s=break_s)
    for player in event.players.all():
        player.email = f"{player.name.split()[0].lower()}.{player.number}@example.org"
        player.save(update_fields=["email"])
    services.publish_round(services.generate_round(event))
    rng, at_ms, clock_round = random.Random(seed), 0, None
    for _ in range(100_000):
        latest = event.rounds.order_by("-number").first()
        if latest.status == Round.COMPLETE:
            break
        if latest.number != clock_round:
            # Each round's games on a clock of their own, from the rooms' start (set by the server's clock when the
            # round was published): a clock run ahead of it would flag players who never had a turn.
            clock_round = latest.number
            opened = Room.objects.filter(match__round=latest).values_list("starts_at_ms", "opened_at_ms")
            at_ms = max((max(row) for row in opened), default=rooms.now_ms())
        at_ms += step_ms
        play_step(latest, at_ms, rng, absent=absent if latest.number == 1 else set())
        rooms.sweep(at_ms=at_ms, limit=1000)
        timetable.sweep()
        for name, during in back.items():
            player = Player.objects.get(tournament=event, name=name)
            if latest.number == during and player.withdrawn_after_round is not None:
                services.come_back(player)
        while sender.deliver_due(batch=100):
            pass
    event.refresh_from_db()
    return event
