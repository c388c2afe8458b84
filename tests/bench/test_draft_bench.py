"""The draft checker on a 500-player field: `.venv/bin/python -m pytest tests/bench/test_draft_bench.py -s`.

Prints the figures, and fails when a check misses its target (`games/bench_targets.py`: under 0.2 s).
"""

from tournament.pairing.draft_bench import main, missed


def test_checking_a_500_player_draft_takes_under_200_ms():
    figures = main(["--players", "500"])
    assert not missed(figures), figures
