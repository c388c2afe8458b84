"""A 64-player online Swiss of 5 rounds on a 60 s clock, the timetable on with a 10 s break, every player a random
robot, 3 absent in round 1 and one of them back for round 3 (the README's benchmarks), played in this process through
`rooms.services` (tests/tournament/auto_event.py), not by 64 `play_random` processes: from round 1's publication to
final standings with nobody touching it; each round published within `AUTO_ROUND_LAG_S` of its last game's end
(the start itself is that end plus the break); every log valid; every player's mails delivered exactly once."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from games.bench_targets import AUTO_ROUND_LAG_S
from games.engine.log import replay
from outbox.models import Mail
from tests.outbox.conftest import smtp  # noqa: F401 - the fixture: aiosmtpd on loopback
from tests.tournament.auto_event import run_auto_event
from tournament.models import AuditEntry, Match, Player, Round

pytestmark = pytest.mark.django_db

NAMES = [f"Robot {n:02}" for n in range(1, 65)]
ABSENT = {"Robot 07", "Robot 21", "Robot 42"}


def test_a_64_player_swiss_runs_itself_to_final_standings(smtp):  # noqa: F811
    start = time.perf_counter()
    event = run_auto_event(NAMES, rounds=5, clock_s=60, break_s=10, absent=ABSENT, back={"Robot 21": 2},
                           step_ms=1000)
    print(f"\n64 players, 5 rounds: {time.perf_counter() - start:.0f} s in this process")
    rounds = list(event.rounds.order_by("number"))
    assert [r.status for r in rounds] == [Round.COMPLETE] * 5 and event.timetable_stopped == ""
    published = {entry.subject: entry.at for entry in AuditEntry.objects.filter(tournament=event,
                                                                                action="round published")}
    lags = []
    for before, after in zip(rounds, rounds[1:]):
        ended = max(m.entered_at for m in before.matches.exclude(entered_at=None))
        assert after.starts_at == ended + timedelta(seconds=10)
        lags.append((published[f"Round {after.number}"] - ended).total_seconds())
    print("each round published after its last game ended: " + ", ".join(f"{lag:.2f} s" for lag in lags))
    assert max(lags) < AUTO_ROUND_LAG_S
    assert all(replay(game.log).valid for game in Match.objects.filter(round__tournament=event, status=Match.PLAYED))
    back = Player.objects.get(tournament=event, name="Robot 21")
    assert back.withdrawn_after_round is None
    assert set(Player.objects.filter(name__in=ABSENT - {"Robot 21"}).values_list("withdrawn_after_round",
                                                                                 flat=True)) == {1}
    mails = Mail.objects.filter(tournament=event)
    assert set(mails.values_list("state", flat=True)) == {Mail.SENT}
    assert sorted(to for to, _ in smtp.server.received) == sorted(mails.values_list("to", flat=True))
