"""The analysis's speed (`docs/analysis.md`, "Where": a whole two-player game in under a second of one core).

Run by hand: `.venv/bin/python -m pytest tests/bench/test_bench_analysis.py -s`.  It prints its figures and fails
when the slowest game of a player count misses its target in `games/bench_targets.py` (`bench_engine` prints the
same figures).
"""

import sys
import time

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from games.bench_targets import ANALYSIS_GAME_S, PUBLIC_PAGE_UNCACHED_MS
from games.engine.bench import measure_analysis, missed
from tests.test_game_analysis_page import event_with, finished_log
from tournament.pages import views


def test_whole_games_analysed_within_their_targets():
    figures = [measure_analysis(players, 30, rules) for players in ANALYSIS_GAME_S for rules in ("mso", "kosmos")]
    for f in figures:
        sys.stdout.write(f"{f['players']}-player {f['rules']}: slowest {f['slowest_s']} s, mean {f['mean_s']} s, "
                         f"{f['candidates_per_game']} candidates a game (target {ANALYSIS_GAME_S[f['players']]} s)\n")
    assert not missed(figures)


def _best_ms(render, times=15) -> float:
    best = float("inf")
    for _ in range(times):
        started = time.process_time()
        render()
        best = min(best, time.process_time() - started)
    return best * 1000


@pytest.mark.django_db
def test_the_replay_page_with_its_analysis_renders_as_fast_as_without(monkeypatch):
    """The page rendered past the page cache (as after a change), the analysis in its own cache: server CPU."""
    tournament = event_with(finished_log())
    render = lambda: views.game.__wrapped__(RequestFactory().get("/"), tournament.slug, 1, 1)  # noqa: E731
    cache.clear()
    started = time.process_time()
    render()
    first = (time.process_time() - started) * 1000
    with_analysis = _best_ms(render)
    monkeypatch.setattr(views, "page_analysis", lambda log, names: None)
    without = _best_ms(render)
    sys.stdout.write(f"replay page: {first:.0f} ms the first time (the analysis computed), {with_analysis:.1f} ms "
                     f"with it cached, {without:.1f} ms without any (target {PUBLIC_PAGE_UNCACHED_MS} ms)\n")
    assert with_analysis < PUBLIC_PAGE_UNCACHED_MS and first < PUBLIC_PAGE_UNCACHED_MS * 3
