"""The timetable on two `make serve` instances sharing PostgreSQL and Redis, one killed mid-event (the
CI-sized run): 8 `play_random` players, 3 rounds on a 20 s clock, a 2 s break.  Each round is closed,
paired and published once by whichever instance's sweep gets there, the event finishes with every round complete,
and every mail reaches the SMTP server on loopback once."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine.log import replay
from outbox.models import Mail
from tests.factories import make_event
from tests.outbox.conftest import Running, free_port as free_smtp_port
from tournament import services
from tournament.models import AuditEntry, Match, Round

from .conftest import server_environment
from .servers import free_port, kill, play_random, start_serve, stop

pytestmark = [pytest.mark.two_instances, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale", "Eve East", "Fay Ford", "Gus Gray", "Hal Hunt"]


def test_an_auto_event_runs_on_two_instances_with_one_killed(postgresql, redis_server, tmp_path):
    smtp = Running(free_smtp_port())
    smtp.start()
    servers, robots = [], []
    try:
        for name in ("instance-1", "instance-2"):
            env = server_environment(free_port(), tmp_path / f"static-{name}")
            env.update(EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(smtp.port), DEFAULT_FROM_EMAIL="tm@example.org")
            servers.append(start_serve(name, env, tmp_path))
        event = make_event("Two Instances Swiss", NAMES, system="swiss", rounds_announced=3, play="online",
                           clock_s=20, auto=True, round_break_s=2)
        for player in event.players.all():
            player.email = f"{player.name.split()[0].lower()}@example.org"
            player.save(update_fields=["email"])
        services.publish_round(services.generate_round(event), starts_at=timezone.now() + timedelta(seconds=5))
        # One robot per player for the whole event (`--every-game`), on the instance that survives: each plays its
        # game of each round as the timetable publishes it.
        for seed, player in enumerate(event.players.order_by("pk")):
            robots.append(play_random(servers[-1], player.link_token, seed=seed, pace=0.3, timeout=600,
                                      every_game=True))
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            latest = event.rounds.order_by("-number").first()
            if latest.status == Round.COMPLETE:
                break
            if latest.number == 2 and len(servers) == 2:
                kill(servers.pop(0))  # instance 1 dies mid-event, with nothing shut down cleanly
            time.sleep(1)
        rounds = list(event.rounds.order_by("number").values_list("number", "status"))
        assert rounds == [(1, "complete"), (2, "complete"), (3, "complete")], servers[-1].output()
        played = Match.objects.filter(round__tournament=event, status=Match.PLAYED)
        assert played.exists() and all(replay(game.log).valid for game in played)
        published = AuditEntry.objects.filter(tournament=event, action="round published")
        assert sorted(published.values_list("subject", flat=True)) == ["Round 1", "Round 2", "Round 3"]
        for robot in robots:  # each robot played its three games: a result line each
            robot.kill()
            lines = robot.communicate(timeout=10)[0].splitlines()
            assert len(lines) == 3 and all(line.startswith(("finished", "forfeit", "out of time")) for line in lines)
        deadline = time.monotonic() + 60
        while Mail.objects.exclude(state=Mail.SENT).exists() and time.monotonic() < deadline:
            time.sleep(1)  # no request needed: each worker's sweep and sender started with the worker
        assert set(Mail.objects.values_list("state", flat=True)) == {Mail.SENT}
        assert sorted(to for to, _ in smtp.server.received) == sorted(Mail.objects.values_list("to", flat=True))
    finally:
        for robot in robots:
            robot.kill()
        for server in servers:
            stop(server)
        smtp.stop()
