"""Load test of the public pages under gunicorn: run by hand, never in CI.

    python tests/load/run.py [--players 500] [--rounds 9] [--requests 6000]
                             [--concurrency 8] [--workers 2] [--threads 4]
                             [--player-pages N] [--warm-up-passes 6]
                             [--conn-max-age 0] [--db PATH | --keep-db
                              | --database-url postgres://...]
                             [--redis-url redis://...] [--instances 1|2]

The issue asks for at least 300 requests/s with a p95 latency under 100 ms
on a 2-core machine, for the demo event grown to 500 players and 9 rounds.
This script measures exactly that, in four steps:

1. build a fresh SQLite database in a temporary folder (`manage.py migrate`,
   then the event from the project's own generator, `tournament.tfile.simulate`),
   or the same in the PostgreSQL database of `--database-url`;
2. start the site under gunicorn with DEBUG off, as `make serve` runs it (its
   gunicorn settings, tournament/serving/gunicorn_conf.py); with `--instances 2`, two
   gunicorns on two ports sharing the PostgreSQL database and the Redis
   cache of `--redis-url`, as two machines behind a load balancer would;
3. from this process (a separate OS process from gunicorn) warm the page
   cache, then send a fixed number of requests over a mix of public pages
   with a few client threads, each keeping its connection open (with two
   instances, half the threads ask each one);
4. print throughput, latency percentiles and the page-cache hit ratio (from
   the `X-Page-Cache` header), then stop gunicorn and remove the folder,
   also after a failure or Ctrl-C.

The client shares the machine with the server, so it takes some of the same
two cores: the figures are a lower bound on what the server could do alone.
The defaults, 2 workers of 4 threads each, gave the best figures on the
2-core machine (the threaded worker keeps connections open; more workers
only add caches to warm).  See tests/load/README.md for figures measured.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
GOAL_RPS = 300
GOAL_P95_MS = 100
SEED = 2026

# How often each kind of page is asked for: pairings and player pages are what
# players look at between rounds, the standings after each round.
MIX = {"standings": 3, "pairings": 3, "player": 4, "crosstable": 1}


# --- inside Django: build and describe the event (run through `manage.py shell -c`) ------------


def build_event(players: int, rounds: int, seed: int = SEED) -> None:
    """Store the demo event grown to `players` players and `rounds` rounds.

    Same generator and chances as `manage.py demo` (about a third of the
    games with move logs, a few forfeits and withdrawals), and like the demo
    the last round is in progress with half its results in.
    """
    from tournament.management.commands.demo import DEMO_NAME
    from tournament.records import import_record
    from tournament.tfile.simulate import simulate
    from tournament.tfile import parse

    file = simulate(
        players, rounds, seed=seed, forfeit_chance=0.03, withdraw_chance=0.02, log_chance=0.35, pending_last=True
    )
    file["name"] = f"{DEMO_NAME} - {players} players"
    _enter_half_of_last_round(file, random.Random(seed))
    import_record(parse(file))


def _enter_half_of_last_round(file: dict, rng: random.Random) -> None:
    """Results for the first half of the last round's tables, as `demo_file()` does."""
    last = file["rounds"][-1]["matches"]
    for match in last[: len(last) // 2]:
        if match["status"] == "pending":
            rows = [[rng.randint(4, 18) for _ in range(6)] for _ in range(2)]
            match.update(status="played", scores=rows, flagged=[False, rng.random() < 0.2], log=None)


def describe_event() -> None:
    """Print (as one JSON line) the slug, player numbers and round count of the biggest event.

    The client needs these to make its addresses, whether the database was
    just built or is being reused.
    """
    from django.db.models import Count

    from tournament.models import Round, Tournament

    tournament = Tournament.objects.annotate(entries=Count("players")).order_by("-entries").first()
    if tournament is None:
        raise SystemExit("the database holds no tournament")
    numbers = list(tournament.players.order_by("number").values_list("number", flat=True))
    rounds = tournament.rounds.exclude(status=Round.DRAFT).count()
    print(json.dumps({"slug": tournament.slug, "players": numbers, "rounds": rounds}))


# --- the database ----------------------------------------------------------------------------------


def server_environment(database_url: str, conn_max_age: int, redis_url: str, static_root: Path,
                       db_pool: int = 0) -> dict:
    """Environment of every child process: the load database, the cache, DEBUG off.

    127.0.0.1 is always in ALLOWED_HOSTS, so DJANGO_ALLOWED_HOSTS is not
    needed; the secret key is a throwaway one for this run.  Without a Redis
    address each gunicorn worker caches pages in its own memory.
    """
    env = {name: value for name, value in os.environ.items() if name not in ("REDIS_URL", "DJANGO_HTTPS")}
    env.update(
        DATABASE_URL=database_url,
        DJANGO_CONN_MAX_AGE=str(conn_max_age),
        DJANGO_SETTINGS_MODULE="tournament.settings",
        DJANGO_DB_POOL=str(db_pool) if db_pool else "",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        # collectstatic fills it, as `make serve` does: the pages name their scripts by hashed names.
        DJANGO_STATIC_ROOT=str(static_root),
    )
    static_root.mkdir(exist_ok=True)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def manage(env: dict, *args: str) -> str:
    """Run a `manage.py` command in a child process; its standard output."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"manage.py {args[0]} failed")
    return done.stdout


def build_database(env: dict, players: int, rounds: int) -> None:
    print(f"Building the database: {players} players, {rounds} rounds ...", flush=True)
    started = time.perf_counter()
    manage(env, "migrate", "--noinput")
    migrated = time.perf_counter()
    manage(env, "shell", "-c", f"from tests.load.run import build_event; build_event({players}, {rounds})")
    built = time.perf_counter()
    print(
        f"Built in {built - started:.1f} s (migrate {migrated - started:.1f} s, event {built - migrated:.1f} s)",
        flush=True,
    )


def read_event(env: dict) -> dict:
    output = manage(env, "shell", "-c", "from tests.load.run import describe_event; describe_event()")
    return json.loads(output.strip().splitlines()[-1])


def holds_a_tournament(env: dict) -> bool:
    """Whether the database (after `migrate`) already holds an event to reuse."""
    manage(env, "migrate", "--noinput")
    code = "from tournament.models import Tournament; print(Tournament.objects.exists())"
    return manage(env, "shell", "-c", code).strip().splitlines()[-1] == "True"


def empty_the_cache(env: dict) -> None:
    """Start from a cold cache: `cache.clear()` through the site's own settings (on Redis: FLUSHDB)."""
    manage(env, "shell", "-c", "from django.core.cache import cache; cache.clear()")


# --- the server --------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(env: dict, port: int, workers: int, threads: int, log_path: Path) -> subprocess.Popen:
    """gunicorn in a child process, with `make serve`'s settings; its messages go to `log_path`.

    The access log, as `make serve` writes it, goes to a file beside it.
    With `--threads` above 1 gunicorn uses its threaded worker, which also
    keeps client connections open; with 1 it is the plain sync worker.
    """
    command = [
        # As `make serve` runs it: the ASGI application under uvicorn's workers (tournament/serving/gunicorn_conf.py);
        # --threads only matters to gunicorn's own threaded worker, which no longer serves the site.
        sys.executable, "-m", "gunicorn", "-c", "python:tournament.serving.gunicorn_conf", "tournament.asgi:application",
        "--bind", f"{HOST}:{port}",
        "--workers", str(workers),
        "--threads", str(threads),
        "--log-level", "warning",
        "--access-logfile", str(log_path.with_suffix(".access.log")),
    ]
    with open(log_path, "wb") as log:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_until_ready(server: subprocess.Popen, port: int, log_path: Path, timeout: float = 60) -> float:
    """Seconds until the front page answers 200; give up if gunicorn exits or time runs out."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}:\n{log_path.read_text()}")
        connection = http.client.HTTPConnection(HOST, port, timeout=5)
        try:
            connection.request("GET", "/")
            if connection.getresponse().status == 200:
                return time.perf_counter() - started
        except (OSError, http.client.HTTPException):
            pass  # not listening yet
        finally:
            connection.close()
        time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer within {timeout:.0f} s:\n{log_path.read_text()}")


def stop_server(server: subprocess.Popen) -> None:
    """SIGTERM lets gunicorn finish its requests and stop its workers; kill it if it hangs."""
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def server_cpu_seconds(server: subprocess.Popen) -> float | None:
    """CPU seconds used so far by gunicorn's master and workers (Linux /proc; None elsewhere).

    Read before and after the measurement, it shows how much of the two
    cores went to the site and how much was left to the client and others.
    """
    try:
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        total_ticks = 0
        for pid in [str(server.pid), *children]:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total_ticks += int(fields[11]) + int(fields[12])  # utime and stime
    except (OSError, ValueError, IndexError):
        return None
    return total_ticks / os.sysconf("SC_CLK_TCK")


SERVICES = ("postgres", "redis-server")


def services_cpu_seconds() -> float | None:
    """CPU seconds used so far by PostgreSQL and Redis on this machine (Linux /proc; None elsewhere).

    They serve the site, so they are not "other work".  A PostgreSQL backend
    that has ended is counted in its parent's (the postmaster's) children time.
    """
    total_ticks = 0
    try:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                text = stat.read_text()
            except OSError:
                continue  # ended meanwhile
            name = text[text.index("(") + 1 : text.rindex(")")]
            if name in SERVICES:
                fields = text.rsplit(")", 1)[1].split()
                total_ticks += sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    except (OSError, ValueError, IndexError):
        return None
    return total_ticks / os.sysconf("SC_CLK_TCK")


def machine_cpu_seconds() -> float | None:
    """CPU seconds the whole machine has been busy (Linux /proc/stat; None elsewhere).

    What is left after gunicorn and the client is other work competing for
    the cores, which makes the figures look worse than the site is.
    """
    try:
        ticks = [int(n) for n in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle, iowait = ticks[3], ticks[4]
    return (sum(ticks[:8]) - idle - iowait) / os.sysconf("SC_CLK_TCK")


# --- the client --------------------------------------------------------------------------------------


@dataclass
class Result:
    kind: str
    ms: float
    status: int  # 0: no answer (connection failed)
    cache: str  # the X-Page-Cache header: "hit", "miss" or "" when absent
    error: str = ""


def make_plan(event: dict, requests: int, player_pages: int, rng: random.Random) -> list[tuple[str, str]]:
    """The (kind, address) of every request, drawn up front so every run asks for the same pages.

    Player pages are drawn from all players, or from `player_pages` of them
    when that is not 0 (fewer pages to warm: shows what the cache alone can do).
    """
    slug = event["slug"]
    players = event["players"]
    if player_pages:
        players = sorted(rng.sample(players, min(player_pages, len(players))))
    pairings = [f"/t/{slug}/"] + [f"/t/{slug}/round/{n}/" for n in range(1, event["rounds"] + 1)]
    kinds = rng.choices(list(MIX), weights=list(MIX.values()), k=requests)
    plan = []
    for kind in kinds:
        if kind == "standings":
            path = f"/t/{slug}/standings/"
        elif kind == "crosstable":
            path = f"/t/{slug}/crosstable/"
        elif kind == "pairings":
            path = rng.choice(pairings)
        else:
            path = f"/t/{slug}/players/{rng.choice(players)}/"
        plan.append((kind, path))
    return plan


def fetch(connection: http.client.HTTPConnection, kind: str, path: str) -> Result:
    """One GET, timed until the whole body is read.

    http.client opens the connection again by itself when the server closed
    it (gunicorn's sync worker closes after every response).
    """
    started = time.perf_counter()
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
    except (OSError, http.client.HTTPException) as exc:
        connection.close()
        return Result(kind, (time.perf_counter() - started) * 1000, 0, "", f"{path}: {exc!r}")
    ms = (time.perf_counter() - started) * 1000
    error = "" if response.status == 200 else f"{path}: HTTP {response.status}"
    return Result(kind, ms, response.status, response.getheader("X-Page-Cache", ""), error)


def drive(ports: list[int], plan: list[tuple[str, str]], concurrency: int) -> tuple[list[Result], float]:
    """Send the plan from `concurrency` threads, each with its own kept-open connection.

    Each thread takes every `concurrency`-th request of the plan, so the
    threads share no queue; thread i asks the instance on ports[i % n], so
    several instances share the load evenly, as behind a load balancer.
    Returns the results and the seconds taken.
    """
    shares = [plan[i::concurrency] for i in range(concurrency)]
    results: list[list[Result]] = [[] for _ in shares]
    stop = threading.Event()

    def client(share, out, port):
        connection = http.client.HTTPConnection(HOST, port, timeout=60)
        try:
            for kind, path in share:
                if stop.is_set():
                    return
                out.append(fetch(connection, kind, path))
        finally:
            connection.close()

    threads = [
        threading.Thread(target=client, args=(share, out, ports[i % len(ports)]), daemon=True)
        for i, (share, out) in enumerate(zip(shares, results))
    ]
    started = time.perf_counter()
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        stop.set()  # on Ctrl-C: let the threads end after their current request
    elapsed = time.perf_counter() - started
    return [result for out in results for result in out], elapsed


def warm_up(ports: list[int], plan: list[tuple[str, str]], concurrency: int, max_passes: int) -> None:
    """Ask for every page of the plan until two passes in a row find them all cached.

    Without Redis each gunicorn worker has its own in-memory cache and the
    kernel decides which worker takes a connection, so one pass does not warm
    them all, and one clean pass may be luck: stop after two (or after
    `max_passes`).  With Redis one pass renders each page once for all.  The
    pages are shuffled afresh for each pass so that a page does not always
    travel on the same kept-open connection, hence to the same worker.
    """
    pages = sorted(set(plan))
    rng = random.Random(SEED)
    clean_passes = 0
    for number in range(1, max_passes + 1):
        rng.shuffle(pages)
        results, elapsed = drive(ports, pages, concurrency)
        misses = sum(1 for r in results if r.cache != "hit")
        errors = sum(1 for r in results if r.error)
        print(
            f"Warm-up pass {number}: {len(pages)} pages in {elapsed:.1f} s, {misses} not from the cache, {errors} errors",
            flush=True,
        )
        clean_passes = clean_passes + 1 if misses == 0 else 0
        if clean_passes == 2:
            return
    if max_passes:
        print("  The cache is still not warm: the measurement includes pages rendered afresh.")


@dataclass
class Measurement:
    results: list[Result]
    elapsed: float  # wall-clock seconds
    server_cpu: float | None  # CPU seconds of gunicorn's processes meanwhile
    services_cpu: float | None  # CPU seconds of PostgreSQL and Redis meanwhile
    client_cpu: float  # CPU seconds of this process meanwhile
    machine_cpu: float | None  # CPU seconds used by everything on the machine meanwhile


def measure(servers: list[subprocess.Popen], ports: list[int], plan: list[tuple[str, str]],
            concurrency: int) -> Measurement:
    """Drive the plan, noting the CPU time each side used: on two cores they compete."""
    machine_before = machine_cpu_seconds()
    services_before = services_cpu_seconds()
    server_before = _total(server_cpu_seconds(server) for server in servers)
    client_before = time.process_time()
    results, elapsed = drive(ports, plan, concurrency)
    client_cpu = time.process_time() - client_before
    server_cpu = _difference(server_before, _total(server_cpu_seconds(server) for server in servers))
    services_cpu = _difference(services_before, services_cpu_seconds())
    machine_cpu = _difference(machine_before, machine_cpu_seconds())
    return Measurement(results, elapsed, server_cpu, services_cpu, client_cpu, machine_cpu)


def _total(seconds) -> float | None:
    seconds = list(seconds)
    return None if None in seconds else sum(seconds)


def _difference(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else after - before


# --- the report ------------------------------------------------------------------------------------


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile: the smallest value with at least p% of the values at or below it."""
    if not sorted_values:
        return float("nan")
    rank = max(1, math.ceil(len(sorted_values) * p / 100))
    return sorted_values[rank - 1]


def summary_row(name: str, results: list[Result]) -> str:
    times = sorted(r.ms for r in results)
    errors = sum(1 for r in results if r.error)
    hits = sum(1 for r in results if r.cache == "hit")
    hit_ratio = 100 * hits / len(results) if results else float("nan")
    return (
        f"{name:<11} {len(results):>8} {errors:>6} {percentile(times, 50):>8.1f} {percentile(times, 95):>8.1f}"
        f" {percentile(times, 99):>8.1f} {times[-1] if times else float('nan'):>8.1f} {hit_ratio:>6.1f}%"
    )


def print_cpu(measured: Measurement) -> None:
    """Where the machine's CPU went during the measurement, in % of one core."""

    def share(seconds):
        return "?" if seconds is None else f"{100 * seconds / measured.elapsed:.0f}%"

    others = None
    if None not in (measured.server_cpu, measured.services_cpu, measured.machine_cpu):
        others = max(0.0, measured.machine_cpu - measured.server_cpu - measured.services_cpu - measured.client_cpu)
    print(
        f"CPU in % of one core (of {os.cpu_count()}): gunicorn {share(measured.server_cpu)},"
        f" PostgreSQL and Redis {share(measured.services_cpu)},"
        f" this client {share(measured.client_cpu)}, other processes {share(others)}"
    )
    if others is not None and others > 0.2 * measured.elapsed:
        print("  Other processes took CPU meanwhile: the figures are lower than on a quiet machine.")


def report(measured: Measurement) -> bool:
    """Print the figures; whether the goal (tests/load/README.md) is met."""
    results, elapsed = measured.results, measured.elapsed
    rate = len(results) / elapsed
    errors = [r for r in results if r.error]
    print()
    print(f"Requests: {len(results)} in {elapsed:.2f} s = {rate:.0f} requests/s, errors: {len(errors)}")
    print(f"{'page':<11} {'requests':>8} {'errors':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'hits':>7}")
    print(summary_row("all", results))
    for kind in MIX:
        print(summary_row(kind, [r for r in results if r.kind == kind]))
    for result in errors[:5]:
        print(f"  error: {result.error}")
    print_cpu(measured)
    p95 = percentile(sorted(r.ms for r in results), 95)
    met = rate >= GOAL_RPS and p95 < GOAL_P95_MS and not errors
    verdict = "met" if met else "MISSED"
    print(f"\nGoal (>= {GOAL_RPS} requests/s, p95 < {GOAL_P95_MS} ms, no errors): {verdict}")
    return met


# --- the run -------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=6000, help="measured requests, after the warm-up")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument(
        "--threads", type=int, default=4,
        help="threads per gunicorn worker (1: the sync worker, more: the threaded one, which keeps connections open)",
    )
    parser.add_argument("--player-pages", type=int, default=0, help="visit only this many players' pages (0: all)")
    parser.add_argument("--warm-up-passes", type=int, default=6, help="at most this many warm-up passes (0: none)")
    parser.add_argument(
        "--conn-max-age", type=int, default=0,
        help="DJANGO_CONN_MAX_AGE for gunicorn: seconds a worker keeps its database connection (0, the default: none)",
    )
    parser.add_argument(
        "--db-pool", type=int, default=0,
        help="DJANGO_DB_POOL: PostgreSQL connections each worker keeps in its pool (as the README runs make serve: 8;"
             " not with --conn-max-age)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", type=Path, help="SQLite file to use; built there (and kept) if it does not exist")
    where.add_argument(
        "--keep-db", action="store_true", help="keep the temporary folder with the built database, for --db next time"
    )
    where.add_argument(
        "--database-url",
        help="a PostgreSQL database of its own for the load test (postgres://user:pass@127.0.0.1:5432/name):"
             " the event is built there if it holds none, and kept",
    )
    parser.add_argument(
        "--redis-url",
        help="the Redis database (redis://127.0.0.1:6379/0) the instances cache pages in; emptied at the start",
    )
    parser.add_argument(
        "--instances", type=int, default=1, choices=(1, 2),
        help="gunicorn instances on two ports, each of --workers x --threads (2 needs --database-url and --redis-url)",
    )
    parser.add_argument(
        "--phases",
        help="measure in phases of --phase-seconds, side by side: 'none' (no saves) or N (an organiser saves a result"
             " every N s through the result page), e.g. none,2,none,2,10 (tests/load/phases.py)",
    )
    parser.add_argument("--phase-seconds", type=float, default=30, help="how long the readers run in each phase")
    parser.add_argument(
        "--outage", action="store_true",
        help="with --phases and --own-redis: a last phase saving every 2 s while Redis is stopped 10 s, then hung 10 s",
    )
    parser.add_argument(
        "--own-redis", type=int, metavar="PORT",
        help="start a redis-server of this script's own on PORT (nothing saved to disk) in place of --redis-url",
    )
    args = parser.parse_args(argv)
    if args.own_redis:
        args.redis_url = f"redis://{HOST}:{args.own_redis}/0"
    if args.outage and not (args.own_redis and args.phases):
        parser.error("--outage stops and freezes the Redis this script starts: give --own-redis PORT and --phases")
    if args.instances > 1 and not (args.database_url and args.redis_url):
        parser.error("--instances 2 shares one PostgreSQL database and one Redis, as two machines would:"
                     " give --database-url and --redis-url")
    return args


def run(args: argparse.Namespace, folder: Path) -> bool:
    if args.database_url:
        env = server_environment(args.database_url, args.conn_max_age, args.redis_url or "", folder / "static",
                                 args.db_pool)
        reuse = holds_a_tournament(env)
        where = "the database of --database-url"
    else:
        db_path = args.db.resolve() if args.db else folder / "load.sqlite3"
        env = server_environment(f"sqlite:///{db_path}", args.conn_max_age, args.redis_url or "", folder / "static")
        reuse = db_path.exists()
        where = str(db_path)
    if reuse:
        print(f"Reusing {where}")
    else:
        build_database(env, args.players, args.rounds)
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    event = read_event(env)
    print(f"Event /t/{event['slug']}/: {len(event['players'])} players, {event['rounds']} rounds")
    redis = None
    if args.own_redis:
        from tests.load.phases import OwnRedis

        redis = OwnRedis(args.own_redis)
        redis.start()
    writes = None
    if args.phases:
        password = secrets.token_urlsafe(16)
        output = manage(env, "shell", "-c", f"from tests.load.phases import prepare_writes; prepare_writes({password!r})")
        writes = {"slug": event["slug"], "password": password, **json.loads(output.strip().splitlines()[-1])}
        print(f"Writes: {len(writes['pending'])} games of the last round with no result to save")
    empty_the_cache(env)
    cache = "Redis, shared" if args.redis_url else "each worker's memory"

    ports, servers, logs = [], [], []
    try:
        for number in range(1, args.instances + 1):
            ports.append(free_port())
            logs.append(folder / f"gunicorn-{number}.log")
            servers.append(start_server(env, ports[-1], args.workers, args.threads, logs[-1]))
        for server, port, log_path in zip(servers, ports, logs):
            ready = wait_until_ready(server, port, log_path)
            print(
                f"gunicorn on {HOST}:{port}: {args.workers} workers x {args.threads} threads,"
                f" DJANGO_CONN_MAX_AGE={args.conn_max_age}, cache in {cache}, ready in {ready:.1f} s"
            )
        plan = make_plan(event, args.requests, args.player_pages, random.Random(SEED))
        warm_up(ports, plan, args.concurrency, args.warm_up_passes)
        if args.phases:
            return run_phases(args, servers, ports, plan, writes, redis)
        print(f"Measuring: {len(plan)} requests from {args.concurrency} client threads ...", flush=True)
        measured = measure(servers, ports, plan, args.concurrency)
    finally:
        for server in servers:
            stop_server(server)
        for log_path in logs:
            print_server_log(log_path)
        if redis is not None:
            redis.stop()
    return report(measured)


def run_phases(args, servers, ports, plan, writes, redis) -> bool:
    """The phases of --phases (and the outage), one after the other on the same servers: tests/load/phases.py."""
    from tests.load import phases

    names = args.phases.split(",") + ([phases.OUTAGE_PHASE] if args.outage else [])
    writes["organisers"] = phases.organisers(ports, writes["password"])
    done = [phases.run_phase(name, servers, ports, plan, args.concurrency, args.phase_seconds, writes, redis)
            for name in names]
    time.sleep(2)  # the last save's pages: rendered on the next look
    missing = phases.results_on_pages(ports, writes["slug"], [s for phase in done for s in phase.saves])
    phases.print_phases(done, os.cpu_count())
    return phases.verdict(done, missing)


def print_server_log(log_path: Path, lines: int = 20) -> None:
    """gunicorn's warnings and errors (a worker timed out and restarted, say), if it wrote any."""
    text = log_path.read_text(errors="replace").strip() if log_path.exists() else ""
    if text:
        print(f"gunicorn's log ({log_path.name}, last {lines} lines):")
        for line in text.splitlines()[-lines:]:
            print(f"  {line}")


def main(argv: list[str] | None = None) -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script: `tests.load.phases` and `tests.production.servers`
    args = parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="ingenious-load-"))
    keep = args.keep_db
    try:
        met = run(args, folder)
    except KeyboardInterrupt:
        print("\nInterrupted.")
        return 130
    finally:
        if keep:
            print(f"Kept {folder} (reuse with --db {folder / 'load.sqlite3'})")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
