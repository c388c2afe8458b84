"""How long checking a draft takes on a big field: `python -m tournament.pairing.draft_bench [--players 500]`.

The field is a simulated Swiss before round 7 (`bench.simulate_until`).  Three
drafts are checked: the engine's own (at the bound: no engine run), the
same with two players of different VP swapped (above the bound: the check
asks the engine for the true best), and an empty draft (everyone missing).
The issue's target: under 0.2 s for 500 players.
"""

from __future__ import annotations

import argparse
import sys
import time

from .bench import simulate_until
from .draft_check import DraftCheck, DraftTable, check
from .swiss import pair_swiss

TARGET_S = 0.2


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
        verdict = "meets" if seconds < TARGET_S else "MISSES"
        out.write(f"{args.players} players, round {args.round}, {name}: checked in {seconds * 1000:.0f} ms "
                  f"(target < {TARGET_S * 1000:.0f} ms: {verdict}); {len(result.breaches)} breach(es)\n")
    return figures


if __name__ == "__main__":
    main()
