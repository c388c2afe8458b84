"""Game rooms on the production set-up: two `make serve` instances (uvicorn workers) on PostgreSQL and Redis.

The two players of a game are connected to different instances; one instance
is stopped and started again mid-game: no move is lost, the clocks run on,
`play_random` joins again as a browser does, and the game finishes with its
result in the standings and its log valid.  Then a whole online round of
eight: four games, one instance killed outright mid-round.  Then a
game whose Redis is stopped mid-game: the moves go on without the bell, and
the bell rings again once Redis is back.
"""

import io
import json
import shutil
import subprocess
import sys
import time

import pytest
import redis as redis_py
from django.core.management import call_command

from games.engine import replay
from rooms import services
from rooms.models import Room
from tests.factories import make_event, matches
from tournament import services as tournament_services
from tournament.models import Match

from .conftest import server_environment
from .servers import ROOT, RedisServer, environment_of, free_port, kill, play_random, start_serve, stop

pytestmark = [pytest.mark.two_instances, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


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
    environment = environment_of(second)
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


def test_an_online_round_of_eight_across_two_instances_survives_one_killed_and_restarted(serve, tmp_path):
    """Online play in production: four games, each game's players on different instances; one instance is killed
    (SIGKILL, mid-round) and started again.  Every game finishes, every result is in the standings, every stored log
    passes `checklog` and is its match's (players, scores, flags)."""
    names = ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane", "Eve Etty", "Finn Ford", "Gus Gray", "Hal Hunt"]
    tournament = make_event("Online Eight", names, play="online", clock_s=120)
    first, second = serve(2)
    # Published (starting now) once both instances serve: no clock runs while they start.
    tournament_services.publish_round(tournament_services.generate_round(tournament))
    games = matches(tournament)
    rooms = {room.match_id: room for room in Room.objects.filter(match__in=games)}
    assert len(games) == 4 and len(rooms) == 4  # the rooms opened as the round was published
    servers = [first, second]
    # Game i: its first player on instance i % 2, its second on the other one.
    players = [play_random(servers[(i + side) % 2], getattr(game, seat).link_token, seed=10 * i + side, pace=0.1)
               for i, game in enumerate(games) for side, seat in enumerate(("first", "second"))]
    try:
        # Mid-round (every game under way), the second instance dies at once and is started again on its port.
        deadline = time.monotonic() + 120
        while min(_seqs(rooms)) < 10 and time.monotonic() < deadline:
            time.sleep(0.2)
        before = _seqs(rooms)
        assert min(before) >= 10, f"the games did not get going: {before}"
        environment = environment_of(second)
        kill(second)
        restarted = start_serve("instance-2-again", environment, tmp_path)
        try:
            outputs = [p.communicate(timeout=300) for p in players]
            # A player out of time stops playing while the opponent plays on: the room finishes the game.
            deadline = time.monotonic() + 60
            while not all(Room.objects.filter(pk__in=[r.pk for r in rooms.values()]).values_list("finished", flat=True)):
                assert time.monotonic() < deadline, "a game never finished"
                time.sleep(0.5)
        finally:
            stop(restarted)
    finally:
        for p in players:
            if p.poll() is None:
                p.kill()
    assert all(p.returncode == 0 for p in players), [err[-2000:] for _, err in outputs]
    assert all(_seqs(rooms)[k] > before[k] for k in range(4)), "a game made no move after the restart"
    for room in Room.objects.filter(pk__in=[r.pk for r in rooms.values()]):
        seqs = list(room.events.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, room.seq + 1))  # every event kept, none twice

    # Every result is in the standings: each of the eight has one game; the games' VP add up.
    standings = _manage_output("standings", tournament.slug, "--json")
    rows = json.loads(standings)
    assert sorted(row["name"] for row in rows) == sorted(names)
    finished = Match.objects.filter(pk__in=[g.pk for g in games]).select_related("first", "second").order_by("table")
    assert all(m.status in (Match.PLAYED, Match.FORFEIT) for m in finished), [m.status for m in finished]
    assert sum(row["vp"] for row in rows) == sum(_vp_given(m) for m in finished)
    # Every stored log passes `checklog`, and is its match's: the players, the scores, the flags.
    files = []
    for match in finished:
        if match.status == Match.FORFEIT:
            continue  # an absent player's game: no placement of theirs, no log to keep (docs/online-play.md)
        path = tmp_path / f"table-{match.table}.json"
        path.write_text(json.dumps(match.log))
        files.append(str(path))
        report = replay(match.log)
        assert report.valid and report.scores == match.scores, (match.table, report.message)
        assert report.flagged == [match.first_flagged, match.second_flagged]
        assert match.log["players"] == [match.first.name, match.second.name]
    assert files, "no game was played to a log"
    checked = subprocess.run([sys.executable, "manage.py", "checklog", "--json", *files], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert [json.loads(line)["valid"] for line in checked.stdout.splitlines()] == [True] * len(files)


def test_a_game_across_two_instances_plays_on_while_their_redis_is_stopped_and_started(postgresql, transactional_db,
                                                                                      tmp_path):
    """Redis restarted mid-round.  The two players are on different instances, which share a Redis of this
    test's own.  With Redis stopped for 10 s the bell is silent, and the moves still reach the other instance's
    player (each process checks the numbers of the rooms its sockets watch); once Redis is back, both instances
    listen to the room's bell again; the game finishes, every event kept once, its result the log's."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    redis = RedisServer(free_port())
    redis.start()
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True)
    (match,) = matches(tournament)
    room = services.open_room(match)
    servers, players = [], []
    try:
        for name in ("instance-1", "instance-2"):
            environment = dict(server_environment(free_port(), tmp_path / f"static-{name}"), REDIS_URL=redis.url)
            servers.append(start_serve(name, environment, tmp_path))
        players = [play_random(servers[0], match.first.link_token, 1, pace=0.2),
                   play_random(servers[1], match.second.link_token, 2, pace=0.2)]
        _wait_for(lambda: Room.objects.get(pk=room.pk).seq >= 12, 60, "the game did not get going")
        redis.stop()
        stopped_at = Room.objects.get(pk=room.pk).seq
        time.sleep(10)
        during = Room.objects.get(pk=room.pk).seq
        redis.start()
        # Both instances subscribe to the room's bell again (redis-py's publish-subscribe connection rejoins).
        listening = lambda: _bell_listeners(redis, room.pk) == 2  # noqa: E731
        _wait_for(lambda: listening() or Room.objects.get(pk=room.pk).finished, 30, "the bell was not rung again")
        outputs = [p.communicate(timeout=300) for p in players]
    finally:
        for p in players:
            if p.poll() is None:
                p.kill()
        for server in servers:
            stop(server)
        redis.stop()
    assert all(p.returncode == 0 for p in players), [err[-2000:] for _, err in outputs]
    # Three turns or more (3 events or more each) in the outage: a move reached the other player's instance without
    # the bell, through its check of the database.
    assert during >= stopped_at + 7, (stopped_at, during)
    lines = [out.strip().splitlines()[-1] for out, _ in outputs]
    assert lines[0] == lines[1] and lines[0].startswith("finished"), lines
    room.refresh_from_db()
    match.refresh_from_db()
    assert room.finished
    assert list(room.events.order_by("seq").values_list("seq", flat=True)) == list(range(1, room.seq + 1))
    report = replay(match.log)
    assert match.status == Match.PLAYED and report.valid and match.scores == report.scores, report.message
    logged = "".join(path.read_text(errors="replace") for server in servers for path in (server.stdout, server.stderr))
    assert '" 500' not in logged and "Internal Server Error" not in logged


def _bell_listeners(redis: RedisServer, room_id: int) -> int:
    """How many processes listen to the room's bell on that Redis (its publish-subscribe channel's subscribers)."""
    client = redis_py.Redis.from_url(redis.url, socket_timeout=2)
    try:
        return sum(count for _, count in client.pubsub_numsub(f"ingenious-rooms__group__room-{room_id}"))
    except redis_py.RedisError:
        return 0
    finally:
        client.close()


def _wait_for(condition, seconds: float, failure: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.2)


def _seqs(rooms: dict) -> list[int]:
    seq = dict(Room.objects.filter(pk__in=[r.pk for r in rooms.values()]).values_list("pk", "seq"))
    return [seq[room.pk] for room in rooms.values()]


def _vp_given(match: Match) -> int:
    """The VP a finished game gives its two players together: 1 (a win or two halves), 0 when both were absent."""
    return 0 if match.status == Match.FORFEIT and match.forfeit_winner_id is None else 1


def _manage_output(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()
