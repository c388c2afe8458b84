"""An online Swiss that runs itself, end to end on SQLite (online-event.md, The timetable): six random players on a
20 s clock, 3 rounds, a 5 s break; Fay never comes to round 1, is withdrawn after it, and says "I'm back" during
round 2.  Nobody else touches it: the rooms are played through `rooms.services` by `rooms.robot`'s player, the
sweeps (flags, the timetable) run as each server process's would, and the outbox's sender delivers the mails to a
real SMTP server on loopback."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from games.engine.log import replay
from outbox import sender
from outbox.models import Mail
from rooms import services as rooms
from rooms.models import Room
from rooms.robot import choose_move
from tests.factories import make_event
from tests.outbox.conftest import smtp  # noqa: F401 - the fixture
from tournament import services
from tournament.domain.rounds import RoundKind, player_rounds
from tournament.models import Match, Player, Round
from tournament.records import record_of
from tournament.services import timetable

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale", "Eve East", "Fay Ford"]
BREAK_S = 5


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


def test_an_online_swiss_runs_from_round_one_to_final_standings_by_itself(smtp):  # noqa: F811
    event = make_event("Auto Swiss", NAMES, system="swiss", rounds_announced=3, play="online", clock_s=20,
                       auto=True, round_break_s=BREAK_S)
    for player in event.players.all():
        player.email = f"{player.name.split()[0].lower()}@example.org"
        player.save(update_fields=["email"])
    services.publish_round(services.generate_round(event))
    rng, at_ms = random.Random(7), rooms.now_ms()
    fay = Player.objects.get(name="Fay Ford")
    for _ in range(3000):
        latest = event.rounds.order_by("-number").first()
        if latest.status == Round.COMPLETE:
            break
        at_ms = max(at_ms + 500, rooms.now_ms())
        play_step(latest, at_ms, rng, absent={"Fay Ford"} if latest.number == 1 else set())
        rooms.sweep(at_ms=at_ms)
        timetable.sweep()
        fay.refresh_from_db()
        if latest.number == 2 and fay.withdrawn_after_round == 1:
            assert timetable.come_back(fay) == 3
        sender.deliver_due()
    rounds = list(event.rounds.order_by("number"))
    assert [r.status for r in rounds] == [Round.COMPLETE] * 3
    for before, after in zip(rounds, rounds[1:]):  # each round from the last game's end plus the break
        ended = max(m.entered_at for m in before.matches.exclude(entered_at=None))
        assert after.starts_at == ended + timedelta(seconds=BREAK_S)
    games = Match.objects.filter(round__tournament=event, status=Match.PLAYED)
    assert games.exists() and all(replay(game.log).valid for game in games)
    record = record_of(event)
    fay_rounds = {r.round_number: r for r in player_rounds(record, record.rounds)[fay.number]}
    assert (fay_rounds[1].kind, fay_rounds[2].kind) == (RoundKind.FORFEIT_LOSS, RoundKind.ABSENT)
    assert fay_rounds[2].half_points == 0 and fay_rounds[3].kind != RoundKind.ABSENT
    assert event.timetable_stopped == ""
    # Every game mail queued was delivered once: each player one per round they were paired in.
    games_mailed = Mail.objects.filter(kind=Mail.Kind.GAME)
    assert set(games_mailed.values_list("state", flat=True)) == {Mail.SENT}
    assert games_mailed.filter(to="fay@example.org").count() == 2  # rounds 1 and 3
    assert games_mailed.filter(to="ann@example.org").count() == 3
    assert sorted(to for to, _ in smtp.server.received) == sorted(games_mailed.values_list("to", flat=True))
