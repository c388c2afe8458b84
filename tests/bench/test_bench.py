"""Benchmarks: run by hand with `.venv/bin/python -m pytest tests/bench -s` (not in the default run).

They print their figures; the targets are checked by eye and quoted in the issue notes.
"""

from games.engine.bench import main as bench_engine
from tournament.pairing.bench import main as bench_pairing


def test_engine_replay_speed():
    bench_engine(["--games", "500"])


def test_pairing_speed():
    bench_pairing(["--sizes", "100", "1000", "5000"])
