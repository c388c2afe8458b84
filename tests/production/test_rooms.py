"""Game rooms on the production set-up: two `make serve` instances (uvicorn workers) on PostgreSQL and Redis.

The two players of a game are connected to different instances; one instance
is stopped and started again mid-game: no move is lost, the clocks run on,
`play_random` joins again as a browser does, and the game finishes with its
result in the standings and its log valid.
"""

import json
import subprocess
import sys
import time

import pytest

from games.engine import replay
from rooms import services
from rooms.models import Room
from tests.factories import make_event, matches
from tournament.models import Match

from .servers import ROOT, start_serve, stop

pytestmark = [pytest.mark.two_instances, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def play_random(server, token, seed, pace=0.1):
    return subprocess.Popen([sys.executable, "manage.py", "play_random", f"http://127.0.0.1:{server.port}/p/{token}/",
                             "--pace", str(pace), "--seed", str(seed), "--timeout", "300"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_game_across_two_instances_survives_one_restarting_mid_game(serve, tmp_path):
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True)
    (match,) = matches(tournament)
    services.open_room(match)
    room = Room.objects.get(match=match)
    first, second = serve(2)
    players = [play_random(first, match.first.link_token, 1), play_random(second, match.second.link_token, 2)]
    # Let some moves happen, then restart the second instance (same port, same settings) mid-game.
    deadline = time.monotonic() + 60
    while Room.objects.get(pk=room.pk).seq < 12 and time.monotonic() < deadline:
        time.sleep(0.2)
    before = Room.objects.get(pk=room.pk).seq
    assert before >= 12, "the game did not get going"
    environment = _environment_of(second)
    stop(second)
    restarted = start_serve("instance-2-again", environment, tmp_path)
    try:
        outputs = [p.communicate(timeout=300) for p in players]
    finally:
        stop(restarted)
    assert all(p.returncode == 0 for p in players), [err[-2000:] for _, err in outputs]
    lines = [out.strip().splitlines()[-1] for out, _ in outputs]
    assert lines[0] == lines[1] and lines[0].startswith("finished"), lines
    room.refresh_from_db()
    match.refresh_from_db()
    # The sockets' addresses hold the players' tokens: no log line of any instance does.
    logged = "".join(path.read_text(errors="replace") for server in (first, second, restarted)
                     for path in (server.stdout, server.stderr))
    assert "/ws/p/[private]/room/" in logged or "WebSocket" not in logged
    assert match.first.link_token not in logged and match.second.link_token not in logged
    assert room.finished and room.seq > before
    seqs = list(room.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, room.seq + 1))  # every event kept, none twice
    report = replay(match.log)
    assert match.status == Match.PLAYED and report.valid, report.message
    assert match.scores == report.scores


def _environment_of(server):
    """The environment the server was started with (read back from its process), for a restart on the same port."""
    environ = open(f"/proc/{server.process.pid}/environ", "rb").read().split(b"\0")
    return dict(item.decode().split("=", 1) for item in environ if b"=" in item)
