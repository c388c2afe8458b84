"""How long checking a draft takes on a big field: `python -m tournament.pairing.draft_bench [--players 500]`.

The field is a simulated Swiss before round 7 (`bench.simulate_until`).  Three
drafts are checked: the engine's own (at the bound: no engine run), the
same with two players of different VP swapped (above the bound: the check
asks the engine for the true best), and an empty draft (everyone missing).
The target (`games/bench_targets.py`): under 0.2 s a check for 500 players; exits with status 1 when missed.
"""

from __future__ import annotations

import argparse
import sys
import time

from games.bench_targets import DRAFT_CHECK_S

from .bench import simulate_until
from .draft_check import DraftCheck, DraftTable, check
from .swiss import pair_swiss


def drafts(players: int, round_number: int = 7) -> tuple[list, dict[str, list[DraftTable]]]:
    field = simulate_until(players, round_number)
    pairing = pair_swiss(field, round_number)
    engine = [DraftTable(n, a, b) for n, (a, b) in enumerate(pairing.pairs, start=1)]
    if pairing.bye is not None:
        engine.append(DraftTable(len(engine) + 1, pairing.bye))
    vp = {e.id: e.half_points for e in field}
    top = engine[0]
    other = next(t for t in engine if vp[t.first] != vp[top.first])  # a table in a lower score group
    swapped = [DraftTable(t.number, other.first, t.second) if t is top else
               DraftTable(t.number, top.first, t.second) if t is other else t for t in engine]
    return field, {"the engine's draft": engine, "two players swapped": swapped, "an empty draft": []}


def measure(players: int = 500, round_number: int = 7) -> dict[str, tuple[float, DraftCheck]]:
    field, cases = drafts(players, round_number)
    figures = {}
    for name, tables in cases.items():
        started = time.perf_counter()
        result = check(field, tables)
        figures[name] = (time.perf_counter() - started, result)
    return figures


def main(argv: list[str] | None = None, out=sys.stdout) -> dict[str, tuple[float, DraftCheck]]:
    parser = argparse.ArgumentParser(prog="draft_bench", description=__doc__)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--round", type=int, default=7)
    args = parser.parse_args(argv)
    figures = measure(args.players, args.round)
    for name, (seconds, result) in figures.items():
        verdict = "meets" if seconds < DRAFT_CHECK_S else "MISSES"
        out.write(f"{args.players} players, round {args.round}, {name}: checked in {seconds * 1000:.0f} ms "
                  f"(target < {DRAFT_CHECK_S * 1000:.0f} ms: {verdict}); {len(result.breaches)} breach(es)\n")
    return figures


def missed(figures: dict[str, tuple[float, DraftCheck]]) -> list[str]:
    """The drafts whose check misses the target, in words; empty when every one is met."""
    return [f"{name} checked in {seconds * 1000:.0f} ms, over the target of {DRAFT_CHECK_S * 1000:.0f} ms"
            for name, (seconds, _) in figures.items() if seconds >= DRAFT_CHECK_S]


if __name__ == "__main__":
    sys.exit(1 if missed(main()) else 0)
