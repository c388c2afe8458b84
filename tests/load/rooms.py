"""Load test of the game rooms under `make serve`: run by hand, never in CI.

    python tests/load/rooms.py --database-url postgres://... --redis-url redis://...
                               [--games 50] [--pace 1.0] [--instances 1|2] [--spectators 0]
                               [--clock 600] [--limit 900] [--workers N] [--clients N]
                               [--abandoned 3] [--abandoned-clock 20]

    e.g. the production target's: --instances 2 --games 250 --spectators 1000 --pace 5

1. empties the PostgreSQL database of `--database-url`, migrates it and
   makes an online tournament of 2 x `--games` players, its round 1
   published (a room per game, starting a few seconds later), and one of
   2 x `--abandoned` players on a `--abandoned-clock` clock, whose players
   look once and leave for good: the sweep alone starts their clocks and
   lets their flags fall;
2. starts `--instances` `make serve` servers (gunicorn with uvicorn workers,
   DEBUG off) on that database and the Redis of `--redis-url`;
3. plays every game with the random player `play_random` uses
   (`rooms.game.robot.choose_move`), over the rooms' WebSockets as browsers do, a
   move about every `--pace` seconds, from `--clients` processes (by default
   one per 400 sockets, so that the client does not run out of CPU before the
   servers), each with its share of the games and their spectators; with two
   instances the two players of a game are on different instances;
   `--spectators` sockets watch the games, spread over them;
4. prints moves/s, messages/s, the time from a move sent to the opponent
   and to the spectators receiving it (p50/p95/p99), the CPU and memory of
   each instance and of the clients, and checks in the database that every
   game finished with a valid log equal to its result and its events numbered
   without a gap, that no move answered as applied is missing and none is
   stored twice (by its client id), and how late after its moment the last
   flag of each abandoned game was stored (by the sweep: the result's audit
   entry is written in the same transaction).

Exit status 0 when all of that holds, every abandoned game's flag was stored
within 2 s, and the p95 from a move sent to the opponent receiving it is under
`--goal-p95-ms` (100 on one instance, 150 on two: issues 26 and 27).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
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
starts_at = timezone.now() + timedelta(seconds=%(delay)d)
round_ = event.generate_round(tournament)
event.publish_round(round_, starts_at=starts_at)
abandoned = None
if %(abandoned)d:
    abandoned = event.create_tournament("Online Load Abandoned", None, system="swiss", rounds_announced=7,
                                        clock_s=%(abandoned_clock)d, play="online")
    for i in range(2 * %(abandoned)d):
        event.add_player(abandoned, f"Absent {i + 1:04d}", rating=2000 - i)
    event.publish_round(event.generate_round(abandoned), starts_at=starts_at)
games = [{"table": m.table, "room": m.room.pk, "first": m.first.link_token, "second": m.second.link_token,
          "slug": m.round.tournament.slug, "abandoned": m.round.tournament != tournament}
         for m in Match.objects.filter(round__tournament__in=[t for t in (tournament, abandoned) if t],
                                       second__isnull=False).select_related("first", "second", "room", "round__tournament")
         .order_by("round__tournament", "table")]
print(json.dumps({"slug": tournament.slug, "games": games, "starts_at_ms": int(starts_at.timestamp() * 1000)}))
"""

CHECK = """
import json
from games.engine import replay
from tournament import audit
from tournament.models import AuditEntry, Match
rows = []
for match in (Match.objects.filter(room__isnull=False, round__tournament__name__startswith="Online Load")
              .select_related("room", "round__tournament")):
    room = match.room
    events = list(room.events.order_by("seq").values_list("seq", "kind", "at_ms", "data", "client_id"))
    report = replay(match.log) if match.log else None
    flags = [at for _, kind, at, data, _ in events if kind == "log" and data.get("type") == "flag"]
    written = (AuditEntry.objects.filter(tournament_slug=match.round.tournament.slug, who="game room",
                                         subject=audit.match_subject(match)).order_by("at").first())
    rows.append({"room": room.pk, "table": match.table, "status": match.status, "finished": room.finished,
                 "events_in_order": [e[0] for e in events] == list(range(1, room.seq + 1)),
                 "valid": None if report is None else report.valid,
                 "agrees": None if report is None else report.scores == match.scores,
                 "flagged": [match.first_flagged, match.second_flagged],
                 "client_ids": [e[4] for e in events if e[4]],
                 "last_flag_late_ms": (int(written.at.timestamp() * 1000) - flags[-1]
                                       if flags and written and room.finished else None)})
print(json.dumps(rows))
"""


from tests.load.rooms_client import Game, Totals, latencies, play_share  # noqa: E402


def percentile(values, share):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


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
    parser.add_argument("--clients", type=int, default=None, help="client processes (default: one per 400 sockets)")
    parser.add_argument("--abandoned", type=int, default=3, help="games whose players look once and leave")
    parser.add_argument("--abandoned-clock", type=int, default=20, help="their clock, seconds")
    parser.add_argument("--goal-p95-ms", type=float, default=None, help="100 on one instance, 150 on two")
    args = parser.parse_args()
    goal_p95 = args.goal_p95_ms or (100 if args.instances == 1 else 150)
    clients = args.clients or max(1, -(-(2 * args.games + args.spectators) // 400))

    from tests.production.servers import free_port, start_serve, stop

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_"))}
    env.update(DATABASE_URL=args.database_url, REDIS_URL=args.redis_url, DJANGO_SETTINGS_MODULE="tournament.settings")
    manage(env, "flush", "--noinput")
    manage(env, "migrate", "--noinput", "-v0")
    event = json.loads(manage(env, "shell", "-c", SETUP % {
        "players": 2 * args.games, "clock": args.clock, "delay": 5, "abandoned": args.abandoned,
        "abandoned_clock": args.abandoned_clock}).strip().splitlines()[-1])
    folder = Path(tempfile.mkdtemp(prefix="rooms-load-"))
    servers = []
    try:
        # One site: every instance has the same secret key (a mail one instance seals, another may send).
        secret_key = "load-" + os.urandom(24).hex()
        for n in range(args.instances):
            server_env = dict(env, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secret_key,
                              PORT=str(free_port()), LISTEN_ADDRESS="127.0.0.1", DJANGO_DB_POOL="8",
                              DJANGO_STATIC_ROOT=str(folder / f"static-{n}"))
            if args.workers:
                server_env["WEB_CONCURRENCY"] = str(args.workers)
            servers.append(start_serve(f"instance-{n + 1}", server_env, folder))
        games = [Game(spec) for spec in event["games"]]
        played = [(i, g) for i, g in enumerate(games) if not g.spec["abandoned"]]
        # Spectator k watches a played game, from the client process that plays it.
        watched = [(k, played[k % len(played)]) for k in range(args.spectators)] if played else []
        ports = [s.port for s in servers]
        started_cpu = [group_usage(s.process.pid)[0] for s in servers]
        began = time.monotonic()
        deadline = began + args.limit
        shares = [([(j, g) for j, g in enumerate(games) if j % clients == c],
                   [(k, g) for k, (j, g) in watched if j % clients == c], ports, args.pace, deadline)
                  for c in range(clients)]
        totals = Totals()
        if clients == 1:
            results = [play_share(shares[0])]
        else:
            with multiprocessing.get_context("fork").Pool(clients) as pool:
                results = pool.map(play_share, shares)
        games = [g for share_games, _ in results for g in share_games]
        for _, share_totals in results:
            totals.add(share_totals)
        elapsed = time.monotonic() - began
        usage = [group_usage(s.process.pid) for s in servers]
        # The abandoned games end by their flags: the second player's falls at the start plus two clocks.
        over_at = event["starts_at_ms"] / 1000 + 2 * args.abandoned_clock + 3 if args.abandoned else 0
        time.sleep(max(0.0, over_at - time.time()))
        latencies(games, totals)
        rows = json.loads(manage(env, "shell", "-c", CHECK).strip().splitlines()[-1])
    finally:
        for server in servers:
            stop(server)
    return report(args, games, rows, totals, elapsed, servers, usage, started_cpu, goal_p95, clients)


def report(args, games, rows, totals, elapsed, servers, usage, started_cpu, goal_p95, clients):
    by_room = {g.spec["room"]: g for g in games}
    played = [r for r in rows if not by_room[r["room"]].spec["abandoned"]]
    abandoned = [r for r in rows if by_room[r["room"]].spec["abandoned"]]
    finished = sum(1 for r in played if r["finished"])
    valid = sum(1 for r in played if r["valid"] and r["agrees"] and r["events_in_order"])
    forfeits = sum(1 for r in played if r["status"] == "forfeit")
    lost = sum(len(set(by_room[r["room"]].applied) - set(r["client_ids"])) for r in rows)
    doubled = sum(len(r["client_ids"]) - len(set(r["client_ids"])) for r in rows)
    print(f"games: {len(played)}, finished {finished}, played with a valid log equal to the result {valid}, "
          f"forfeits {forfeits}, events in order in all: {all(r['events_in_order'] for r in rows)}")
    print(f"moves answered as applied {sum(len(g.applied) for g in games)}: lost {lost}, stored twice {doubled}")
    print(f"{elapsed:.0f} s of play; moves sent {totals.moves} ({totals.moves / elapsed:.1f}/s), "
          f"messages received {totals.messages} ({totals.messages / elapsed:.0f}/s), refused {totals.refused} {sorted(set(totals.refusals))}, "
          f"reconnections {totals.reconnects}")
    if totals.dropped:
        from collections import Counter

        print("sockets joined again, why:", Counter(totals.dropped).most_common(8))
    for r in rows:
        for client_id in set(by_room[r["room"]].applied) - set(r["client_ids"]):
            print(f"lost: room {r['room']} table {r['table']} client id {client_id}, stored events {len(r['client_ids'])}")
    for label, values in (("move -> opponent", totals.to_opponent), ("move -> spectator", totals.to_spectator)):
        if values:
            print(f"{label}: n={len(values)} p50 {percentile(values, .5):.1f} ms, p95 {percentile(values, .95):.1f} ms, "
                  f"p99 {percentile(values, .99):.1f} ms, max {max(values):.1f} ms")
    for server, (cpu, rss), before in zip(servers, usage, started_cpu):
        print(f"{server.name}: CPU {cpu - before:.1f} s ({(cpu - before) / elapsed * 100:.0f}% of one core), "
              f"memory {rss:.0f} MB")
    print(f"clients: {clients} process(es), CPU {totals.cpu_s:.1f} s ({totals.cpu_s / elapsed * 100:.0f}% of one core)")
    late = [r["last_flag_late_ms"] for r in abandoned]
    flags_ok = all(r["finished"] and r["status"] == "forfeit" and v is not None and v <= 2000
                   for r, v in zip(abandoned, late))
    if abandoned:
        print(f"abandoned games: {len(abandoned)}, over by the sweep {sum(r['finished'] for r in abandoned)}; "
              f"last flag stored after its moment: {late} ms (goal: within 2,000)")
    if os.environ.get("ROOMS_LOAD_SAMPLES"):
        print("samples:", [round(v) for v in totals.to_opponent[:60]])
    p95 = percentile(totals.to_opponent, .95)
    ok = (finished == len(played) and valid + forfeits == len(played) and not lost and not doubled and flags_ok
          and all(r["events_in_order"] for r in rows) and p95 < goal_p95)
    print(f"goal met (p95 under {goal_p95:g} ms)" if ok else f"goal NOT met (p95 under {goal_p95:g} ms, and the checks)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
