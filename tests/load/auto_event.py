"""An online event that runs itself, on `make serve` with real robots: run by hand, never in CI (the
64-player benchmark; the README's "An online event that runs itself" has the figures).

    python tests/load/auto_event.py --database-url postgres://... --redis-url redis://...
                                    [--players 64] [--rounds 5] [--clock 60] [--break 10] [--instances 2]
                                    [--absent 3] [--pace 0.3] [--workers N] [--limit 1800]

1. empties the PostgreSQL database of `--database-url`, migrates it and makes an online Swiss of `--players`
   players (each with a mail address), `--rounds` rounds on a `--clock` clock, the timetable on with a
   `--break` break; starts an SMTP server on loopback (aiosmtpd) and `--instances` `make serve` servers sending
   their mail to it;
2. sets the event's start 45 s ahead with a 20 s lead (`--lead`), so the timetable closes the entries and
   publishes round 1 itself 25 s later, and starts at once one `manage.py play_random --every-game` process per
   player (each waits for its first game), each on its private link at one of the instances in turn (so the two
   players of a game are often on different instances); `--absent` players get no robot: their round-1 games
   are lost by their clocks and the timetable withdraws them after the round; the first of them says "I'm
   back" on their private page during round 2 (a POST, as their browser would) and gets a robot then;
3. touches nothing else: the servers' sweeps publish round 1, close each round when its last game ends, pair the next and publish
   it `--break` seconds after that game's end, and mail the players, until the tournament is finished;
4. prints the time from the robots' start to the final standings, round 1's publication after its time (the
   start less the lead), each round's publication lag after its last game's end, the robots' result lines, the CPU and memory of the servers and the robots, and checks:
   every round complete and the timetable never stopped; each round published at most `AUTO_ROUND_LAG_S`
   after its last game ended, to start exactly the break after it; every stored log valid and equal to its
   result; the absent players withdrawn after round 1, the returning one paired again; every mail of the
   outbox sent and received by the SMTP server exactly once (no two deliveries of one Message-ID).

Exit status 0 when all of that holds.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.load.rooms import group_usage, manage  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clock", type=int, default=60)
    parser.add_argument("--break", dest="break_s", type=int, default=10)
    parser.add_argument("--instances", type=int, choices=(1, 2), default=2)
    parser.add_argument("--absent", type=int, default=3)
    parser.add_argument("--pace", type=float, default=0.3)
    parser.add_argument("--lead", type=int, default=20, help="round_lead_s: round 1 is published this long before")
    parser.add_argument("--workers", type=int, default=2, help="WEB_CONCURRENCY of each instance")
    parser.add_argument("--limit", type=float, default=1800, help="give up after this many seconds")
    args = parser.parse_args()

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_", "EMAIL_"))}
    env.update(DATABASE_URL=args.database_url, REDIS_URL=args.redis_url, DJANGO_SETTINGS_MODULE="tournament.settings")
    manage(env, "flush", "--noinput")
    manage(env, "migrate", "--noinput", "-v0")
    os.environ.update(env)
    import django

    django.setup()
    from tests.outbox.conftest import Running, free_port as free_smtp_port
    from tests.production.servers import free_port, start_serve, stop

    smtp = Running(free_smtp_port())
    smtp.start()
    folder = Path(tempfile.mkdtemp(prefix="auto-event-"))
    servers, robots = [], {}
    try:
        # One site: every instance has the same secret key (a mail one instance seals, another may send).
        secret_key = "load-" + os.urandom(24).hex()
        for n in range(args.instances):
            server_env = dict(env, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secret_key,
                              PORT=str(free_port()), LISTEN_ADDRESS="127.0.0.1", DJANGO_DB_POOL="8",
                              DJANGO_STATIC_ROOT=str(folder / f"static-{n}"), WEB_CONCURRENCY=str(args.workers),
                              EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(smtp.port),
                              DEFAULT_FROM_EMAIL="tournaments@example.org")
            servers.append(start_serve(f"instance-{n + 1}", server_env, folder))
        event, absent = _event(args)
        outcome = _run(args, event, absent, servers, robots, folder)
        usage = [group_usage(server.process.pid) for server in servers]
        return _report(args, event, absent, outcome, smtp, servers, usage, robots, folder)
    finally:
        for robot in robots.values():
            robot.kill()
        for server in servers:
            stop(server)
        smtp.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _event(args):
    from tournament import services
    from tournament.models import Player

    from django.utils import timezone

    event = services.create_tournament("Online Auto Swiss", system="swiss", play="online", rounds_announced=args.rounds,
                                       clock_s=args.clock, auto=True, round_break_s=args.break_s)
    # Round 1 by the timetable too: the event's start set, nobody publishes it.
    services.update_settings(event, starts_at=timezone.now().replace(microsecond=0) + timedelta(seconds=45),
                             round_lead_s=args.lead)
    services.import_players(event, [(f"Robot {n:02}", 2000 - n, "") for n in range(1, args.players + 1)])
    players = list(event.players.order_by("number"))
    for player in players:
        player.email = f"robot{player.number:02}@example.org"
    Player.objects.bulk_update(players, ["email"])
    step = max(1, args.players // max(1, args.absent))
    absent = [players[7 + i * step].name for i in range(args.absent) if 7 + i * step < len(players)]
    return event, absent


def _run(args, event, absent, servers, robots, folder):
    from tests.production.servers import Visitor
    from tournament.models import Round

    began = time.monotonic()
    players = list(event.players.order_by("number"))
    for index, player in enumerate(players):
        if player.name not in absent:
            robots[player.name] = _robot(servers[index % len(servers)], player, index, args, folder)
    comes_back = absent[0] if absent else None
    deadline = began + args.limit
    while time.monotonic() < deadline:
        latest = event.rounds.order_by("-number").first()
        event.refresh_from_db()
        if latest is None:  # round 1 is not published yet: the timetable does it at the start less the lead
            time.sleep(0.5)
            continue
        if event.timetable_stopped or (latest.number == args.rounds and latest.status == Round.COMPLETE):
            break
        if comes_back and latest.number == 2 and comes_back not in robots:
            player = next(p for p in players if p.name == comes_back)
            visitor = Visitor(servers[-1].port)
            page = visitor.get(f"/p/{player.link_token}/")
            answer = visitor.post(f"/p/{player.link_token}/back/", {"csrfmiddlewaretoken": visitor.cookies["csrftoken"]})
            assert page.status == 200 and answer.status == 302, f"I'm back: {page.status}, {answer.status}"
            robots[comes_back] = _robot(servers[-1], player, players.index(player), args, folder)
        time.sleep(0.5)
    return {"seconds": time.monotonic() - began}


def _robot(server, player, seed, args, folder) -> subprocess.Popen:
    """`play_random --every-game` for one player at one instance, its output in a file of the folder."""
    out = open(folder / f"robot-{player.number:02}.out", "w")
    return subprocess.Popen([sys.executable, "manage.py", "play_random", f"http://127.0.0.1:{server.port}/p/"
                             f"{player.link_token}/", "--pace", str(args.pace), "--seed", str(seed), "--every-game",
                             "--timeout", str(args.limit)], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)  # its own process group: its CPU counted apart


def _report(args, event, absent, outcome, smtp, servers, usage, robots, folder) -> int:
    from email import message_from_string

    from games.bench_targets import AUTO_ROUND_LAG_S
    from games.engine.log import replay
    from outbox.models import Mail
    from tournament.models import AuditEntry, Match, Player, Round

    event.refresh_from_db()
    rounds = list(event.rounds.order_by("number"))
    print(f"{args.players} players, {args.rounds} rounds on a {args.clock} s clock, {args.break_s} s break, "
          f"{len(servers)} instance(s), {len(robots)} robots: {outcome['seconds']:.0f} s from the robots' start "
          f"to {'the final standings' if len(rounds) == args.rounds and rounds[-1].status == Round.COMPLETE else 'the stop'}")
    ok = [r.status for r in rounds] == [Round.COMPLETE] * args.rounds and not event.timetable_stopped
    if event.timetable_stopped:
        print(f"timetable stopped: {event.timetable_stopped}")
    published = {e.subject: e.at for e in AuditEntry.objects.filter(tournament=event, action="round published")}
    due = event.starts_at - timedelta(seconds=args.lead)
    first_lag = (published["Round 1"] - due).total_seconds() if "Round 1" in published else None
    print(f"round 1 published by the timetable {first_lag if first_lag is None else f'{first_lag:.2f} s'} after its "
          f"time (the start less the {args.lead} s lead); entries open: {event.entries or 'closed'}")
    ok &= first_lag is not None and 0 <= first_lag < AUTO_ROUND_LAG_S and rounds[0].starts_at == event.starts_at
    lags = []
    for before, after in zip(rounds, rounds[1:]):
        ended = max(m.entered_at for m in before.matches.exclude(entered_at=None))
        ok &= after.starts_at == ended + timedelta(seconds=args.break_s)
        lags.append((published[f"Round {after.number}"] - ended).total_seconds())
    print("each round published after its last game ended: " + ", ".join(f"{lag:.2f} s" for lag in lags)
          + f" (goal: under {AUTO_ROUND_LAG_S:g} s)")
    ok &= bool(lags) and max(lags) < AUTO_ROUND_LAG_S
    games = Match.objects.filter(round__tournament=event).exclude(log=None).exclude(log="")
    reports = [(game, replay(game.log)) for game in games]
    valid = sum(1 for game, report in reports if report.valid and report.scores == game.scores)
    print(f"games: {Match.objects.filter(round__tournament=event).count()}, "
          f"by status {dict(Counter(Match.objects.filter(round__tournament=event).values_list('status', flat=True)))}; "
          f"stored logs valid and equal to their result: {valid} of {len(reports)}")
    ok &= valid == len(reports)
    withdrawn = dict(Player.objects.filter(tournament=event, name__in=absent).values_list("name", "withdrawn_after_round"))
    print(f"absent in round 1: {absent}; withdrawn after round: {withdrawn}")
    ok &= all(withdrawn[name] == (None if i == 0 else 1) for i, name in enumerate(absent))
    mails = list(Mail.objects.filter(tournament=event))
    received = Counter(message_from_string(text)["Message-ID"] for _, text in smtp.server.received)
    states = Counter(mail.state for mail in mails)
    print(f"mails: {len(mails)} in the outbox, by state {dict(states)}, {len(smtp.server.received)} received, "
          f"Message-IDs received twice: {sum(1 for n in received.values() if n > 1)}")
    ok &= states == Counter({Mail.SENT: len(mails)}) and len(smtp.server.received) == len(mails)
    ok &= all(n == 1 for n in received.values())
    results = Counter(line.split(":")[0].split(" (")[0] for line in _lines(folder))
    print(f"robots' result lines: {dict(results)}")
    robots_cpu = sum(group_usage(robot.pid)[0] for robot in robots.values() if robot.poll() is None)
    for server, (cpu, rss) in zip(servers, usage):
        print(f"{server.name}: CPU {cpu:.1f} s ({cpu / outcome['seconds'] * 100:.0f}% of one core), memory {rss:.0f} MB")
    print(f"robots still running at the end: CPU {robots_cpu:.0f} s in all")
    print("goal met" if ok else "goal NOT met")
    return 0 if ok else 1


def _lines(folder: Path) -> list[str]:
    """Every result line the robots printed."""
    return [line for path in sorted(folder.glob("robot-*.out")) for line in path.read_text().splitlines()]


if __name__ == "__main__":
    sys.exit(main())
