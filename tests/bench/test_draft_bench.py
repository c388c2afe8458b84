"""The draft checker on a 500-player field: `.venv/bin/python -m pytest tests/bench/test_draft_bench.py -s`.

Prints the figures; the issue's target (under 0.2 s a check) is asserted too.
"""

from tournament.pairing.draft_bench import TARGET_S, main


def test_checking_a_500_player_draft_takes_under_200_ms():
    figures = main(["--players", "500"])
    assert all(seconds < TARGET_S for seconds, _ in figures.values()), figures
