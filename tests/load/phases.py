"""The load test with writes: readers for a fixed time while an organiser saves results, in phases side by side.

    python tests/load/run.py --database-url postgres://... --own-redis 63810 --instances 2 \
        --conn-max-age 60 --phases none,2,none,2,10 --outage

Each phase runs the readers of `run.py` (the same page mix, the same client
threads) for `--phase-seconds`, while a writer logs in as the event's
organiser and saves one real result every N seconds through the organiser's
result page (`/manage/<slug>/match/<pk>/`: the form read, filled in and
posted, as a browser would), on each instance in turn.  `none` is a phase
with no saves.  With `--outage`, a last phase saves every 2 s while the
Redis this script started (`--own-redis PORT`) is stopped for 10 s, started
again, then frozen with SIGSTOP for 10 s; afterwards every result saved in
the run must be on its player's public page, from every instance.

For each phase it prints requests/s, p50/p95/p99/max, the answers that were
not 200, and how each page was served (`X-Page-Cache`: hit, miss = rendered,
stale = the previous version while another renders, waited = another's
render).  The goal: saving every 2 s keeps at least half the
requests/s of the same run with no saves, p95 under 150 ms, no 500; and no
500 during the outage.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from dataclasses import dataclass, field

from tests.load.run import HOST, _difference, _total, fetch, machine_cpu_seconds, percentile, \
    server_cpu_seconds, services_cpu_seconds
from tests.production.servers import RedisServer as OwnRedis, Visitor

GOAL_SHARE = 0.5  # of the requests/s with no saves
GOAL_P95_MS = 150
ORGANISER = "load-organiser"
OUTAGE_PHASE = "2+outage"


# --- inside Django (through `manage.py shell -c`) -------------------------------------------------


def prepare_writes(password: str) -> None:
    """The organiser account the writer logs in with, and the last round's games with no result, as JSON.

    Results the load test saved in an earlier run go back to "no result", so
    each run has the same games to save.
    """
    from django.contrib.auth import get_user_model
    from django.db.models import Count, F

    from tournament.models import Match, Round, Tournament
    from tournament.serving.versions import bump

    tournament = Tournament.objects.annotate(entries=Count("players")).order_by("-entries").first()
    user, _ = get_user_model().objects.get_or_create(username=ORGANISER)
    user.set_password(password)
    user.save()
    tournament.organisers.add(user)
    last = tournament.rounds.exclude(status=Round.DRAFT).order_by("-number").first()
    Match.objects.filter(round=last, entered_by=user).update(
        status=Match.PENDING, scores=None, first_flagged=False, second_flagged=False, log=None, entered_by=None,
        entered_at=None, version=F("version") + 1)
    bump(tournament.pk)  # update() sends no signals
    pending = Match.objects.filter(round=last, status=Match.PENDING, second__isnull=False).order_by("table")
    print(json.dumps({"pending": list(pending.values_list("pk", "first__number"))}))


# --- Redis of our own, to stop and freeze ------------------------------------------------------------


class Outage(threading.Thread):
    """Redis stopped for 10 s and started again, then, 5 s later, frozen for 10 s: the windows noted."""

    def __init__(self, redis: OwnRedis, lead: float = 5, length: float = 10, gap: float = 5):
        super().__init__(daemon=True)
        self.redis, self.lead, self.length, self.gap = redis, lead, length, gap
        self.windows: list[tuple[str, float, float]] = []
        self.cancel = threading.Event()

    def run(self) -> None:
        for kind, down, up in (("stopped", self.redis.stop, self.redis.start),
                               ("SIGSTOP", self.redis.freeze, self.redis.thaw)):
            if self.cancel.wait(self.lead if not self.windows else self.gap):
                return
            started = time.monotonic()
            down()
            self.cancel.wait(self.length)
            up()
            self.windows.append((kind, started, time.monotonic()))

    def during(self, moment: float) -> str:
        return next((kind for kind, start, end in self.windows if start <= moment <= end), "")


# --- the writer ------------------------------------------------------------------------------------


@dataclass
class Save:
    pk: int
    first: int  # the first player's number: their public page shows their scores
    scores: list[int]
    at: float
    ms: float
    status: int
    error: str = ""
    outage: str = ""


class Writer(threading.Thread):
    """Saves one result every `interval` seconds through the organiser's result page, each instance in turn."""

    def __init__(self, visitors: list[Visitor], slug: str, pending: list, interval: float):
        super().__init__(daemon=True)
        self.visitors, self.slug, self.interval = visitors, slug, interval
        self.pending = pending  # [match pk, first player's number], consumed
        self.saves: list[Save] = []
        self.halt = threading.Event()
        self.rng = random.Random(len(pending))

    def run(self) -> None:
        visitors = self.visitors
        next_at = time.monotonic()
        number = 0
        while self.pending and not self.halt.wait(max(0.0, next_at - time.monotonic())):
            pk, first = self.pending.pop(0)
            rows = [[self.rng.randint(4, 18) for _ in range(6)] for _ in range(2)]
            fields = {f"{side}_{c}": v for side, row in zip(("first", "second"), rows) for c, v in zip("ROYGBP", row)}
            started, at = time.perf_counter(), time.monotonic()
            try:
                page = visitors[number % len(visitors)].fill_in(f"/manage/{self.slug}/match/{pk}/", status="played",
                                                                 **fields)
                status, error = page.status, "" if page.status == 302 else f"HTTP {page.status}"
            except (OSError, AssertionError, http.client.HTTPException) as exc:
                status, error = 0, repr(exc)
            self.saves.append(Save(pk, first, rows[0], at, (time.perf_counter() - started) * 1000, status, error))
            number += 1
            next_at += self.interval


# --- the readers, for a time ----------------------------------------------------------------------------


def drive_for(ports: list[int], plan: list[tuple[str, str]], concurrency: int, seconds: float):
    """The plan's requests from `concurrency` threads, over and over, for `seconds`: [(moment, Result)], elapsed."""
    shares = [plan[i::concurrency] for i in range(concurrency)]
    results: list[list] = [[] for _ in shares]
    deadline = time.monotonic() + seconds

    def client(share, out, port):
        connection = http.client.HTTPConnection(HOST, port, timeout=60)
        try:
            while time.monotonic() < deadline:
                for kind, path in share:
                    if time.monotonic() >= deadline:
                        return
                    out.append((time.monotonic(), fetch(connection, kind, path)))
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(share, out, ports[i % len(ports)]), daemon=True)
               for i, (share, out) in enumerate(zip(shares, results))]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [item for out in results for item in out], time.perf_counter() - started


@dataclass
class Phase:
    name: str
    results: list  # [(moment, Result)]
    elapsed: float
    saves: list[Save]
    server_cpu: float | None
    other_cpu: float | None
    windows: list = field(default_factory=list)

    @property
    def rate(self) -> float:
        return len(self.results) / self.elapsed

    def p(self, percent: float) -> float:
        return percentile(sorted(r.ms for _, r in self.results), percent)

    def count(self, cache: str) -> int:
        return sum(1 for _, r in self.results if r.cache == cache)

    @property
    def server_errors(self) -> int:
        return sum(1 for _, r in self.results if r.status >= 500 or r.status == 0)

    @property
    def not_ok(self) -> int:
        return sum(1 for _, r in self.results if r.status != 200)


def organisers(ports: list[int], password: str) -> list[Visitor]:
    """The organiser logged in on each instance (once: logging in costs a password hash), for the writer."""
    visitors = [Visitor(port) for port in ports]
    for visitor in visitors:
        visitor.log_in(ORGANISER, password)
    return visitors


def run_phase(name: str, servers, ports, plan, concurrency, seconds, writes: dict, redis: OwnRedis | None) -> Phase:
    interval = None if name == "none" else 2.0 if name == OUTAGE_PHASE else float(name)
    writer = outage = None
    if interval:
        writer = Writer(writes["organisers"], writes["slug"], writes["pending"], interval)
        writer.start()
    if name == OUTAGE_PHASE:
        outage = Outage(redis)
        outage.start()
        seconds = max(seconds, 45)
    machine_before, services_before = machine_cpu_seconds(), services_cpu_seconds()
    server_before = _total(server_cpu_seconds(server) for server in servers)
    client_before = time.process_time()
    print(f"Phase {name}: readers for {seconds:.0f} s ...", flush=True)
    results, elapsed = drive_for(ports, plan, concurrency, seconds)
    client_cpu = time.process_time() - client_before
    server_cpu = _difference(server_before, _total(server_cpu_seconds(server) for server in servers))
    services_cpu = _difference(services_before, services_cpu_seconds())
    machine_cpu = _difference(machine_before, machine_cpu_seconds())
    other = None
    if None not in (server_cpu, services_cpu, machine_cpu):
        other = max(0.0, machine_cpu - server_cpu - services_cpu - client_cpu)
    saves = []
    if writer:
        writer.halt.set()
        writer.join(timeout=30)
        saves = writer.saves
    if outage:
        outage.cancel.set()
        outage.join(timeout=30)
        if redis.process is None:
            redis.start()
        for save in saves:
            save.outage = outage.during(save.at)
    phase = Phase(name, results, elapsed, saves, server_cpu, other, outage.windows if outage else [])
    if outage:
        for moment, result in results:
            if outage.during(moment):
                result.kind = f"{result.kind}@{outage.during(moment)}"
    return phase


def results_on_pages(ports: list[int], slug: str, saves: list[Save]) -> list[str]:
    """Each saved result's scores on its first player's public page, from every instance: what is missing."""
    missing = []
    for save in saves:
        if save.status != 302:
            continue
        want = " ".join(str(n) for n in save.scores)
        for port in ports:
            page = Visitor(port).get(f"/t/{slug}/players/{save.first}/")
            if page.status != 200 or want not in page.text:
                missing.append(f"match {save.pk} ({want}) on port {port}: HTTP {page.status}")
    return missing


def print_phases(phases: list[Phase], cores: int) -> None:
    print()
    print(f"{'phase':<10} {'req/s':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} {'not 200':>7}"
          f" {'5xx':>4} {'hit':>6} {'render':>6} {'stale':>6} {'waited':>6} {'saves':>5} {'save p50':>8}"
          f" {'gunicorn':>8} {'others':>6}")
    for phase in phases:
        n = len(phase.results) or 1
        saved = sorted(s.ms for s in phase.saves if s.status == 302)

        def share(cache):
            return f"{100 * phase.count(cache) / n:.1f}%"

        def cpu(seconds):
            return "?" if seconds is None else f"{100 * seconds / phase.elapsed:.0f}%"

        print(f"{phase.name:<10} {phase.rate:>6.0f} {phase.p(50):>7.1f} {phase.p(95):>7.1f} {phase.p(99):>7.1f}"
              f" {phase.p(100):>7.0f} {phase.not_ok:>7} {phase.server_errors:>4} {share('hit'):>6} {share('miss'):>6}"
              f" {share('stale'):>6} {share('waited'):>6} {len(saved):>3}/{len(phase.saves):<1}"
              f" {percentile(saved, 50):>8.0f} {cpu(phase.server_cpu):>8} {cpu(phase.other_cpu):>6}")
    for phase in phases:
        for kind, start, end in phase.windows:
            during = [r for moment, r in phase.results if start <= moment <= end]
            slow = percentile(sorted(r.ms for r in during), 95)
            print(f"  {phase.name}: Redis {kind} for {end - start:.1f} s: {len(during)} requests,"
                  f" {sum(1 for r in during if r.status != 200)} not 200, p95 {slow:.0f} ms")
        for save in phase.saves:
            if save.error:
                print(f"  {phase.name}: save of match {save.pk} failed: {save.error}")
        for _, result in phase.results:
            if result.error:
                print(f"  {phase.name}: first error: {result.error}")
                break
    print(f"CPU in % of one core (of {cores}); 'others' is work outside gunicorn, PostgreSQL, Redis and this client.")


def verdict(phases: list[Phase], missing: list[str]) -> bool:
    still = [p for p in phases if p.name == "none"]
    busy = [p for p in phases if p.name == "2"]
    met = True
    if still and busy:
        still_rate = sum(p.rate for p in still) / len(still)
        busy_rate = sum(p.rate for p in busy) / len(busy)
        worst_p95 = max(p.p(95) for p in busy)
        ok = busy_rate >= GOAL_SHARE * still_rate and worst_p95 < GOAL_P95_MS
        met &= ok
        print(f"Saving every 2 s: {busy_rate:.0f} requests/s = {100 * busy_rate / still_rate:.0f}% of {still_rate:.0f}"
              f" with no saves (goal >= {100 * GOAL_SHARE:.0f}%), p95 at most {worst_p95:.0f} ms"
              f" (goal < {GOAL_P95_MS}): {'met' if ok else 'MISSED'}")
    errors = sum(p.server_errors for p in phases)
    met &= errors == 0
    print(f"Answers 500 (or none) on public pages, all phases: {errors} (goal 0)")
    if any(p.name == OUTAGE_PHASE for p in phases) or missing:
        print(f"Results saved missing from the public pages afterwards: {len(missing)} (goal 0)")
        for line in missing[:5]:
            print(f"  {line}")
        met &= not missing
    print(f"\nGoal: {'met' if met else 'MISSED'}")
    return met
