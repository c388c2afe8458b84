"""Replay speed of the log checker: logs per second for 2- and 4-player games; and the analysis's: CPU seconds a game.

Run `python manage.py bench_engine` or `python -m games.engine.bench`.  Games
are generated first (not timed), with a clock reading on every placement (so
the clock rule is checked too), then replayed on one core: once from parsed
objects (the engine alone) and once from JSON text (as `checklog` does).
The analysis (`analysis.py`) is timed on whole games of a greedier player
(more colours reach 18, as in real games), each game on its own; the slowest counts.
Exits with status 1 when the two-player rate or an analysis time misses its
target (`games/bench_targets.py`, where every benchmark's target is).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from games.bench_targets import ANALYSIS_GAME_S, ENGINE_TWO_PLAYER_LOGS_PER_S

from .analysis import analyse
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


def measure_analysis(players: int, games: int, rules: str = "mso") -> dict:
    """CPU seconds (this process, one core) to analyse each of `games` whole games: the slowest and the mean."""
    logs = [random_game(players, rules, seed=seed, samples=60) for seed in range(games)]
    times, positions, candidates = [], 0, 0
    for log in logs:
        started = time.process_time()
        analysis = analyse(log)
        times.append(time.process_time() - started)
        positions += len(analysis.positions)
        candidates += sum(p.candidates for p in analysis.positions)
    return {"players": players, "rules": rules, "games": games, "slowest_s": round(max(times), 3),
            "mean_s": round(sum(times) / games, 3), "positions_per_game": round(positions / games, 1),
            "candidates_per_game": round(candidates / games)}


def main(argv: list[str] | None = None, out=sys.stdout) -> list[dict]:
    parser = argparse.ArgumentParser(prog="bench_engine", description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games per player count (default 500)")
    parser.add_argument("--repeats", type=int, default=3, help="timed passes; the best counts (default 3)")
    parser.add_argument("--analysed", type=int, default=20, help="games analysed per player count (default 20)")
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
    for players in ANALYSIS_GAME_S:
        for rules in ("mso", "kosmos"):
            figures = measure_analysis(players, args.analysed, rules)
            results.append(figures)
            out.write(
                f"{players}-player {rules} analysed: slowest game {figures['slowest_s']} s, mean {figures['mean_s']} s, "
                f"{figures['positions_per_game']} placements and {figures['candidates_per_game']} candidates a game, "
                f"{figures['games']} games, one core (target: under {ANALYSIS_GAME_S[players]} s)\n"
            )
    two = results[0]["logs_per_s"]
    verdict = "MISSES" if missed(results) else "meets"
    out.write(f"target: >= {ENGINE_TWO_PLAYER_LOGS_PER_S} two-player logs/s, analyses within their times: "
              f"{verdict} ({two} logs/s)\n")
    return results


def missed(results: list[dict]) -> list[str]:
    """The targets `main`'s figures miss, in words; empty when every one is met."""
    replays = [f"{r['logs_per_s']} two-player logs/s, under the target of {ENGINE_TWO_PLAYER_LOGS_PER_S}"
               for r in results if "logs_per_s" in r and r["players"] == 2 and r["logs_per_s"] < ENGINE_TWO_PLAYER_LOGS_PER_S]
    analyses = [f"a {r['players']}-player {r['rules']} game analysed in {r['slowest_s']} s, over the target of "
                f"{ANALYSIS_GAME_S[r['players']]} s" for r in results
                if "slowest_s" in r and r["slowest_s"] >= ANALYSIS_GAME_S[r["players"]]]
    return replays + analyses


if __name__ == "__main__":
    sys.exit(1 if missed(main()) else 0)
