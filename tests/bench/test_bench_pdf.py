"""Benchmark: the pairing sheet of a 500-player round (target: `games/bench_targets.py`, under 2 s).

Run by hand with `.venv/bin/python -m pytest tests/bench/test_bench_pdf.py -s`; the figure is printed, and the
test fails when the best of three misses the target.
"""

import time

from games.bench_targets import PAIRING_SHEET_500_S

from tournament.pdf import pairing_sheet
from tournament.tfile.simulate import simulate
from tournament.tfile import parse


def test_pairing_sheet_of_500_players():
    record = parse(simulate(500, 3, seed=7))
    pairing_sheet(record, 1)  # fonts registered, modules warm
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        data = pairing_sheet(record, 3)
        timings.append(time.perf_counter() - start)
    print(f"\npairing sheet, 500 players, round 3: best {min(timings):.2f} s, worst {max(timings):.2f} s "
          f"({len(data) // 1024} KiB; target < {PAIRING_SHEET_500_S:g} s)")
    assert min(timings) < PAIRING_SHEET_500_S
