"""Benchmarks: run by hand with `.venv/bin/python -m pytest tests/bench -s` (not in the default run).

Each prints its figures and fails when it misses its target; every target is in `games/bench_targets.py`.
"""

from games.engine.bench import main as bench_engine
from games.engine.bench import missed as engine_missed
from tournament.pairing.bench import main as bench_pairing
from tournament.pairing.bench import missed as pairing_missed


def test_engine_replay_speed():
    assert not engine_missed(bench_engine(["--games", "500"]))


def test_pairing_speed():
    assert not pairing_missed(bench_pairing(["--sizes", "100", "1000", "5000", "--histories", "0"]))


def test_pairing_speed_on_generated_10000_player_histories():
    """The worst of four, two with players forced into a first-move fault (one once took 430 s)."""
    assert not pairing_missed(bench_pairing(["--sizes", "--histories", "4"]))
