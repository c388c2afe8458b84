"""Benchmark, by hand: the results grid of a 250-table round, and one board saved on it.

    .venv/bin/python -m pytest tests/bench/test_bench_results_grid.py -s

A 500-player Swiss with round 1 published: the grid page rendered (best of
5, server time through the test client, so the view, templates and queries)
and one board saved through the grid's JSON answer (best of 5 boards).
Targets (`games/bench_targets.py`): the grid under 300 ms, a board saved under 100 ms.
"""

import time

import pytest

from games.bench_targets import GRID_MS, GRID_SAVE_MS as SAVE_MS
from tests.factories import make_event, score_fields

pytestmark = pytest.mark.django_db


def test_a_250_table_grid_renders_under_300_ms_and_a_board_saves_under_100_ms(org_client, organiser):
    event = make_event("Big Grid", [f"Player {i:03}" for i in range(500)], organiser=organiser, system="swiss",
                       rounds_announced=9, publish_round_one=True)
    url = f"/manage/{event.slug}/round/1/results/"
    renders = []
    for _ in range(5):
        start = time.perf_counter()
        assert org_client.get(url).status_code == 200
        renders.append((time.perf_counter() - start) * 1000)
    saves = []
    for match in event.rounds.get().matches.order_by("table")[:5]:
        posted = {"table": match.table, f"t{match.table}-status": "played", f"t{match.table}-version": 0,
                  **{f"t{match.table}-{k}": v for k, v in score_fields([5] * 6, [4] * 6).items()}}
        start = time.perf_counter()
        assert org_client.post(url, posted, HTTP_ACCEPT="application/json").json()["saved"]
        saves.append((time.perf_counter() - start) * 1000)
    print(f"\n250-table grid: best {min(renders):.0f} ms of {len(renders)} (all: {', '.join(f'{r:.0f}' for r in renders)})")
    print(f"one board saved (with the grid's answer): best {min(saves):.0f} ms "
          f"(all: {', '.join(f'{s:.0f}' for s in saves)})")
    assert min(renders) < GRID_MS and min(saves) < SAVE_MS
