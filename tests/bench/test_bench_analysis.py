"""The analysis's speed (`docs/analysis.md`, "Where": a whole two-player game in under a second of one core).

Run by hand: `.venv/bin/python -m pytest tests/bench/test_bench_analysis.py -s`.  It prints its figures and fails
when the slowest game of a player count misses its target in `games/bench_targets.py` (`bench_engine` prints the
same figures).
"""

import sys

from games.bench_targets import ANALYSIS_GAME_S
from games.engine.bench import measure_analysis, missed


def test_whole_games_analysed_within_their_targets():
    figures = [measure_analysis(players, 30, rules) for players in ANALYSIS_GAME_S for rules in ("mso", "kosmos")]
    for f in figures:
        sys.stdout.write(f"{f['players']}-player {f['rules']}: slowest {f['slowest_s']} s, mean {f['mean_s']} s, "
                         f"{f['candidates_per_game']} candidates a game (target {ANALYSIS_GAME_S[f['players']]} s)\n")
    assert not missed(figures)
