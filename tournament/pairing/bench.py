"""Pairing time (CPU) for round 7 of simulated Swiss events (100, 1,000 and 5,000 players) and of generated
10,000-player histories.

`python manage.py bench_pairing [--sizes 100 1000 5000] [--round 7] [--histories 4]`.
For the sizes, rounds 1..6 are paired by the engine itself with random
results (stronger players win more often); for the histories, by
`histories.generated_field` (draws, forfeits, withdrawals, late entries,
excused absences, every other one with players forced into a first-move
fault), and the worst of them is printed.  Only the pairing of the last round
is timed, in CPU seconds, so other work on the machine does not count.
Exits with status 1 when a figure misses its target (`games/bench_targets.py`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from games.bench_targets import PAIRING_GENERATED_S, PAIRING_S

from .criteria import criterion_one_bound, ranking_order, score_differences
from .histories import generated_field
from .model import Entrant
from .swiss import pair_swiss


def simulate_until(players: int, round_number: int, seed: int = 7) -> list[Entrant]:
    rng = random.Random(seed)
    strength = {i: rng.random() for i in range(1, players + 1)}
    state = {i: [0, set(), "", 0] for i in strength}  # half-points, met, sides, byes
    for number in range(1, round_number):
        field = [Entrant(i, i, s[0], frozenset(s[1]), s[2], s[3]) for i, s in state.items()]
        pairing = pair_swiss(field, number, rng)
        if pairing.bye is not None:
            state[pairing.bye][0] += 2
            state[pairing.bye][3] += 1
        for first, second in pairing.pairs:
            state[first][1].add(second)
            state[second][1].add(first)
            state[first][2] += "F"
            state[second][2] += "S"
            winner = first if rng.random() < strength[first] / (strength[first] + strength[second]) else second
            state[winner][0] += 2
    return [Entrant(i, i, s[0], frozenset(s[1]), s[2], s[3]) for i, s in state.items()]


def measure(players: int, round_number: int = 7, field: list[Entrant] | None = None) -> dict:
    field = field or simulate_until(players, round_number)
    started = time.process_time()
    pairing = pair_swiss(field, round_number)
    seconds = time.process_time() - started
    by_id = {e.id: e for e in field}
    pairs = [(by_id[a], by_id[b]) for a, b in pairing.pairs]
    rest = ranking_order([e for e in field if e.active and e.id != pairing.bye])
    return {
        "players": players,
        "round": round_number,
        "seconds": seconds,
        "at_bound": score_differences(pairs) == criterion_one_bound(rest) + [0] * (len(pairs) - len(criterion_one_bound(rest))),
        "notes": pairing.notes,
    }


def main(argv: list[str] | None = None, out=sys.stdout) -> list[dict]:
    parser = argparse.ArgumentParser(prog="bench_pairing", description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 1000, 5000])
    parser.add_argument("--round", type=int, default=7)
    parser.add_argument("--histories", type=int, default=4, help="generated 10,000-player histories (0: none)")
    args = parser.parse_args(argv)
    results = []
    for size in args.sizes:
        figures = measure(size, args.round)
        results.append(figures)
        _report(out, f"{size} players, round {args.round}", figures, PAIRING_S.get(size))
    generated = []
    for seed in range(1, args.histories + 1):
        forced = 3 if seed % 2 == 0 else 0
        figures = measure(GENERATED_PLAYERS, args.round, generated_field(GENERATED_PLAYERS, args.round, seed, forced))
        generated.append(figures)
        _report(out, f"generated history {seed} ({GENERATED_PLAYERS} players, {forced} forced into a fault), "
                f"round {args.round}", figures, None)
    if generated:
        worst = max(generated, key=lambda f: f["seconds"])
        results.append({**worst, "players": "generated"})
        out.write(f"worst of {len(generated)} generated histories: {worst['seconds']:.2f} s (target < "
                  f"{PAIRING_GENERATED_S:g} s: {'meets' if worst['seconds'] < PAIRING_GENERATED_S else 'MISSES'})\n")
    return results


GENERATED_PLAYERS = 10_000


def _report(out, what: str, figures: dict, target: float | None) -> None:
    verdict = "" if target is None else f" (target < {target:g} s: {'meets' if figures['seconds'] < target else 'MISSES'})"
    out.write(
        f"{what}: paired in {figures['seconds']:.2f} s of CPU{verdict}; "
        f"criterion 1 {'at its lower bound (proven optimal)' if figures['at_bound'] else 'above the bound'}"
        + (f"; notes: {figures['notes']}" if figures["notes"] else "")
        + "\n"
    )
    out.flush()


def missed(results: list[dict]) -> list[str]:
    """The targets `main`'s figures miss, in words; empty when every one is met."""
    targets = {**PAIRING_S, "generated": PAIRING_GENERATED_S}
    return [f"{r['players']} players paired in {r['seconds']:.2f} s, over the target of {targets[r['players']]:g} s"
            for r in results if r["players"] in targets and r["seconds"] >= targets[r["players"]]]


if __name__ == "__main__":
    sys.exit(1 if missed(main()) else 0)
