"""Replay speed of the log checker: logs per second for 2- and 4-player games.

Run `python manage.py bench_engine` or `python -m games.engine.bench`.  Games
are generated first (not timed), with a clock reading on every placement (so
the clock rule is checked too), then replayed on one core: once from parsed
objects (the engine alone) and once from JSON text (as `checklog` does).
Exits with status 1 when the two-player rate misses its target
(`games/bench_targets.py`, where every benchmark's target is).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from games.bench_targets import ENGINE_TWO_PLAYER_LOGS_PER_S

from .log import check_text, replay
from .simulate import random_game


def _best_rate(work, items, repeats: int) -> float:
    best = 0.0
    for _ in range(repeats):
        started = time.perf_counter()
        for item in items:
            work(item)
        best = max(best, len(items) / (time.perf_counter() - started))
    return best


def measure(players: int, games: int, repeats: int = 3, rules: str = "mso") -> dict:
    logs = [random_game(players, rules, seed=seed, samples=12, clock=True) for seed in range(games)]
    texts = [json.dumps(log) for log in logs]
    reports = [replay(log) for log in logs]
    assert all(report.valid for report in reports), "a generated game did not replay"
    events = sum(len(log["events"]) for log in logs) / games
    readings = sum(1 for log in logs for event in log["events"] if "clock_s" in event) / games
    return {
        "players": players,
        "rules": rules,
        "games": games,
        "events_per_log": round(events, 1),
        "clock_readings_per_log": round(readings, 1),
        "logs_per_s": round(_best_rate(replay, logs, repeats)),
        "logs_per_s_from_json": round(_best_rate(check_text, texts, repeats)),
    }


def main(argv: list[str] | None = None, out=sys.stdout) -> list[dict]:
    parser = argparse.ArgumentParser(prog="bench_engine", description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games per player count (default 500)")
    parser.add_argument("--repeats", type=int, default=3, help="timed passes; the best counts (default 3)")
    args = parser.parse_args(argv)
    results = []
    for players in (2, 4):
        figures = measure(players, args.games, args.repeats)
        results.append(figures)
        out.write(
            f"{players}-player mso: {figures['logs_per_s']} logs/s replayed "
            f"({figures['logs_per_s_from_json']} logs/s from JSON text), "
            f"{figures['events_per_log']} events and {figures['clock_readings_per_log']} clock readings per log, "
            f"{figures['games']} games, one core\n"
        )
    two = results[0]["logs_per_s"]
    verdict = "MISSES" if missed(results) else "meets"
    out.write(f"target: >= {ENGINE_TWO_PLAYER_LOGS_PER_S} two-player logs/s: {verdict} ({two})\n")
    return results


def missed(results: list[dict]) -> list[str]:
    """The targets `main`'s figures miss, in words; empty when every one is met."""
    return [f"{r['logs_per_s']} two-player logs/s, under the target of {ENGINE_TWO_PLAYER_LOGS_PER_S}"
            for r in results if r["players"] == 2 and r["logs_per_s"] < ENGINE_TWO_PLAYER_LOGS_PER_S]


if __name__ == "__main__":
    sys.exit(1 if missed(main()) else 0)
