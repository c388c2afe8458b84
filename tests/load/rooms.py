"""Load test of the game rooms under `make serve`: run by hand, never in CI.

    python tests/load/rooms.py --database-url postgres://... --redis-url redis://...
                               [--games 50] [--pace 1.0] [--instances 1|2] [--spectators 0]
                               [--clock 600] [--limit 900] [--workers N]

1. empties the PostgreSQL database of `--database-url`, migrates it and
   makes an online tournament of 2 x `--games` players, its round 1
   published (a room per game, starting a few seconds later);
2. starts `--instances` `make serve` servers (gunicorn with uvicorn workers,
   DEBUG off) on that database and the Redis of `--redis-url`;
3. plays every game from this process with the random player `play_random`
   uses (`rooms.robot.choose_move`), over the rooms' WebSockets as browsers
   do, a move about every `--pace` seconds; with two instances the two
   players of a game are on different instances; `--spectators` sockets
   watch the games, spread over them;
4. prints moves/s, messages/s, the time from a move sent to the opponent
   (and the spectators) receiving it (p50/p95/p99), the CPU and memory of
   each instance, and checks in the database that every game finished, once,
   with a valid log equal to its result.

Exit status 0 when every game finished with a valid log and the p95 from a
move sent to the opponent receiving it is under `--goal-p95-ms` (100).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SETUP = """
import json
from tournament import services as event
from tournament.models import Match
tournament = event.create_tournament("Online Load", None, system="swiss", rounds_announced=7, clock_s=%(clock)d,
                                     play="online")
for i in range(%(players)d):
    event.add_player(tournament, f"Player {i + 1:04d}", rating=2000 - i)
from datetime import timedelta
from django.utils import timezone
round_ = event.generate_round(tournament)
event.publish_round(round_, starts_at=timezone.now() + timedelta(seconds=%(delay)d))
games = [{"table": m.table, "room": m.room.pk, "first": m.first.link_token, "second": m.second.link_token}
         for m in Match.objects.filter(round=round_, second__isnull=False).select_related("first", "second", "room")
         .order_by("table")]
print(json.dumps({"slug": tournament.slug, "games": games}))
"""

CHECK = """
import json
from games.engine import replay
from rooms.models import Room
from tournament.models import Match
rows = []
for match in Match.objects.filter(round__tournament__slug=%(slug)r).select_related("room"):
    room = match.room
    seqs = list(room.events.order_by("seq").values_list("seq", flat=True))
    report = replay(match.log) if match.log else None
    rows.append({"table": match.table, "status": match.status, "finished": room.finished,
                 "events_in_order": seqs == list(range(1, room.seq + 1)),
                 "valid": None if report is None else report.valid,
                 "agrees": None if report is None else report.scores == match.scores,
                 "flagged": [match.first_flagged, match.second_flagged]})
print(json.dumps(rows))
"""


def percentile(values, share):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Game:
    """What one game's sockets saw: when each move was sent, and when each watcher first saw its event."""

    def __init__(self, spec):
        self.spec = spec
        self.sent = {}  # the room's seq after the move -> when the move was sent (monotonic)
        self.seen = {"first": [], "second": [], "spectator": []}  # (seq, when) per watcher kind
        self.finished = False


class Totals:
    def __init__(self):
        self.moves = 0
        self.messages = 0
        self.refused = 0
        self.reconnects = 0
        self.to_opponent = []
        self.to_spectator = []


async def player(game: Game, seat: int, url: str, pace: float, rng: random.Random, totals: Totals, deadline: float):
    import websockets
    from rooms.robot import choose_move

    me, other = ("first", "second") if seat == 0 else ("second", "first")
    pending_send = None  # when the last move was sent, until its answer names its seq
    state = None
    while time.monotonic() < deadline and not game.finished:
        try:
            async with websockets.connect(url, origin=url.replace("ws://", "http://").split("/ws/")[0],
                                          open_timeout=20, max_size=2**22) as socket:
                await socket.send(json.dumps({"type": "sync"}))
                due = None
                while time.monotonic() < deadline:
                    wait = 1.0 if due is None else max(0.0, due - time.monotonic())
                    try:
                        raw = await asyncio.wait_for(socket.recv(), timeout=wait)
                    except asyncio.TimeoutError:
                        raw = None
                    if raw is not None:
                        now = time.monotonic()
                        message = json.loads(raw)
                        totals.messages += 1
                        if message.get("type") == "ping":
                            await socket.send(json.dumps({"type": "pong", "t": message["t"]}))
                            continue
                        game.seen[me].append((message["seq"], now))
                        if pending_send is not None and message.get("type") == "room" and message.get("applied", True):
                            game.sent[message["seq"]] = pending_send
                            pending_send = None
                        if message.get("type") == "refused":
                            totals.refused += 1
                            pending_send = None
                        if state is None or message["seq"] >= state["seq"]:
                            state = message
                        if state["status"] == "finished":
                            game.finished = True
                            return
                        if state["flagged"][seat]:
                            return
                        mine = state["status"] == "playing" and state["turn"] == seat
                        if not mine:
                            due = None
                        elif due is None:
                            due = time.monotonic() + rng.uniform(0.5, 1.5) * pace
                        continue
                    if due is not None and time.monotonic() >= due:
                        move = choose_move(state, rng)
                        due = None
                        if move is not None:
                            pending_send = time.monotonic()
                            totals.moves += 1
                            await socket.send(json.dumps({"type": "move", **move}))
        except (OSError, asyncio.TimeoutError, Exception) as error:  # noqa: BLE001 - a dropped socket joins again
            if type(error).__name__ in ("CancelledError",):
                raise
            totals.reconnects += 1
            await asyncio.sleep(0.5)


async def spectator(game: Game, url: str, totals: Totals, deadline: float):
    import websockets

    while time.monotonic() < deadline and not game.finished:
        try:
            async with websockets.connect(url, origin=url.replace("ws://", "http://").split("/ws/")[0],
                                          open_timeout=20, max_size=2**22) as socket:
                while time.monotonic() < deadline and not game.finished:
                    try:
                        raw = await asyncio.wait_for(socket.recv(), timeout=1.0)
                    except asyncio.TimeoutError:
                        continue
                    message = json.loads(raw)
                    totals.messages += 1
                    if message.get("type") == "room":
                        game.seen["spectator"].append((message["seq"], time.monotonic()))
                        if message["status"] == "finished":
                            return
        except Exception:  # noqa: BLE001
            totals.reconnects += 1
            await asyncio.sleep(0.5)


def latencies(games, totals):
    """From each move sent to the first message at or past its seq, for the opponent and for spectators."""
    for game in games:
        for seq, sent in game.sent.items():
            mover = None
            for kind in ("first", "second"):
                if any(s == seq and t >= sent for s, t in game.seen[kind]) and mover is None:
                    mover = kind  # the mover's own answer carried this seq first
            for kind, into in (("first", totals.to_opponent), ("second", totals.to_opponent),
                               ("spectator", totals.to_spectator)):
                if kind == mover:
                    continue
                times = [t for s, t in game.seen[kind] if s >= seq and t >= sent]
                if times:
                    into.append((min(times) - sent) * 1000)


def group_usage(pid: int) -> tuple[float, float]:
    """CPU seconds and resident MB of a process group (make, gunicorn and its workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = rss = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) != pid:  # process group
                continue
            cpu += (int(fields[11]) + int(fields[12])) / ticks
            for line in Path(f"/proc/{entry}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1]) / 1024
        except (OSError, ValueError, IndexError):
            continue
    return cpu, rss


def manage(env, *args, timeout=600):
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)
    if done.returncode:
        raise SystemExit(f"manage.py {args[0]} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--instances", type=int, choices=(1, 2), default=1)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--clock", type=int, default=600)
    parser.add_argument("--limit", type=float, default=900, help="stop after this many seconds of play")
    parser.add_argument("--workers", type=int, default=None, help="WEB_CONCURRENCY of each instance")
    parser.add_argument("--goal-p95-ms", type=float, default=100)
    args = parser.parse_args()

    from tests.production.servers import free_port, start_serve, stop

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_"))}
    env.update(DATABASE_URL=args.database_url, REDIS_URL=args.redis_url, DJANGO_SETTINGS_MODULE="tournament.settings")
    manage(env, "flush", "--noinput")
    manage(env, "migrate", "--noinput", "-v0")
    event = json.loads(manage(env, "shell", "-c", SETUP % {"players": 2 * args.games, "clock": args.clock,
                                                            "delay": 5}).strip().splitlines()[-1])
    folder = Path(tempfile.mkdtemp(prefix="rooms-load-"))
    servers = []
    try:
        for n in range(args.instances):
            server_env = dict(env, DJANGO_DEBUG="0", DJANGO_SECRET_KEY="load-" + os.urandom(24).hex(),
                              PORT=str(free_port()), LISTEN_ADDRESS="127.0.0.1", DJANGO_DB_POOL="4",
                              DJANGO_STATIC_ROOT=str(folder / f"static-{n}"))
            if args.workers:
                server_env["WEB_CONCURRENCY"] = str(args.workers)
            servers.append(start_serve(f"instance-{n + 1}", server_env, folder))
        games = [Game(spec) for spec in event["games"]]
        totals = Totals()
        started_cpu = [group_usage(s.process.pid)[0] for s in servers]
        began = time.monotonic()
        deadline = began + args.limit

        async def run_all():
            tasks = []
            for index, game in enumerate(games):
                spec = game.spec
                a, b = servers[index % len(servers)], servers[(index + 1) % len(servers)]
                tasks.append(player(game, 0, f"ws://127.0.0.1:{a.port}/ws/p/{spec['first']}/room/", args.pace,
                                    random.Random(index * 2), totals, deadline))
                tasks.append(player(game, 1, f"ws://127.0.0.1:{b.port}/ws/p/{spec['second']}/room/", args.pace,
                                    random.Random(index * 2 + 1), totals, deadline))
            for k in range(args.spectators):
                game = games[k % len(games)]
                server = servers[k % len(servers)]
                url = f"ws://127.0.0.1:{server.port}/ws/t/{event['slug']}/round/1/table/{game.spec['table']}/room/"
                tasks.append(spectator(game, url, totals, deadline))
            await asyncio.gather(*tasks)

        asyncio.run(run_all())
        elapsed = time.monotonic() - began
        usage = [group_usage(s.process.pid) for s in servers]
        latencies(games, totals)
        rows = json.loads(manage(env, "shell", "-c", CHECK % {"slug": event["slug"]}).strip().splitlines()[-1])
    finally:
        for server in servers:
            stop(server)
    finished = sum(1 for r in rows if r["finished"])
    valid = sum(1 for r in rows if r["valid"] and r["agrees"] and r["events_in_order"])
    forfeits = sum(1 for r in rows if r["status"] == "forfeit")
    print(f"games: {len(rows)}, finished {finished}, played with a valid log equal to the result {valid}, "
          f"forfeits {forfeits}, events in order in all: {all(r['events_in_order'] for r in rows)}")
    print(f"{elapsed:.0f} s of play; moves sent {totals.moves} ({totals.moves / elapsed:.1f}/s), "
          f"messages received {totals.messages} ({totals.messages / elapsed:.0f}/s), refused {totals.refused}, "
          f"reconnections {totals.reconnects}")
    for label, values in (("move -> opponent", totals.to_opponent), ("move -> spectator", totals.to_spectator)):
        if values:
            print(f"{label}: n={len(values)} p50 {percentile(values, .5):.1f} ms, p95 {percentile(values, .95):.1f} ms, "
                  f"p99 {percentile(values, .99):.1f} ms, max {max(values):.1f} ms")
    for server, (cpu, rss), before in zip(servers, usage, started_cpu):
        print(f"{server.name}: CPU {cpu - before:.1f} s ({(cpu - before) / elapsed * 100:.0f}% of one core), "
              f"memory {rss:.0f} MB")
    if os.environ.get("ROOMS_LOAD_SAMPLES"):
        print("samples:", [round(v) for v in totals.to_opponent[:60]])
    p95 = percentile(totals.to_opponent, .95)
    ok = finished == len(rows) and valid + forfeits == len(rows) and p95 < args.goal_p95_ms
    print("goal met" if ok else "goal NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
