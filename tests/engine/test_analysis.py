"""The analysis of a finished game (`docs/analysis.md`) against a second, deliberately naive implementation.

The reference below is written from the spec's text alone: it follows the log
itself (cells as coordinates, the board as a dict, racks from the `draw`
events), tries every empty cell of the area with each of its six neighbours
and every tile of the rack both ways round, counts the points by walking the
lines cell by cell, and sorts every candidate by its result.  It shares no
code with `games.engine.analysis`: agreement on every count, rank, gain and
best candidate over random games of every kind analysed is the test of
exactness.  Hand-worked positions follow, counted on paper.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from games.engine import new_game
from games.engine.analysis import DUEL, INVALID, UNFINISHED, UNTRACKED, NotAnalysed, analyse, analyse_text, \
    look_at, result_key
from games.engine.simulate import random_game

COLOURS = "ROYGBP"
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
AREA = {2: 5, 3: 6, 4: 7}
START = {(5, 0): "R", (5, -5): "G", (0, -5): "B", (-5, 0): "O", (-5, 5): "Y", (0, 5): "P"}


def ring(q, r):
    return max(abs(q), abs(r), abs(q + r))


def neighbours(cell):
    return [(cell[0] + dq, cell[1] + dr) for dq, dr in DIRS]


def points_of(board, cell, colour, partner):
    """Symbols of `colour` in unbroken lines from `cell`, the line towards `partner` left out: walked by hand."""
    total = 0
    for dq, dr in DIRS:
        q, r = cell[0] + dq, cell[1] + dr
        if (q, r) == partner:
            continue
        while board.get((q, r)) == colour:
            total += 1
            q, r = q + dq, r + dr
    return total


def naive_position(board, scores, rack, players, rules, first):
    """Every candidate of a position, with its result, best first: a list of (result, written, gain)."""
    area = [(q, r) for q in range(-7, 8) for r in range(-7, 8) if ring(q, r) <= AREA[players]]
    free_starts = [s for s in START if not any(n in board and n not in START for n in neighbours(s))]
    seen = {}
    for cell in area:
        for other in neighbours(cell):
            if cell in board or other in board or ring(*other) > AREA[players]:
                continue
            if rules == "mso" and not any(n in board for n in neighbours(cell) + neighbours(other)):
                continue
            if rules == "kosmos" and first and not any(
                    s in neighbours(cell) or s in neighbours(other) for s in free_starts):
                continue
            for tile in set(rack):
                for a, b in {(tile[0], tile[1]), (tile[1], tile[0])}:
                    placed = frozenset({(cell, a), (other, b)})
                    if placed in seen:
                        continue
                    gain = Counter()
                    gain[a] += points_of(board, cell, a, other)
                    gain[b] += points_of(board, other, b, cell)
                    after = [min(18, scores[c] + gain[c]) for c in COLOURS]
                    result = (sorted(after), sum(gain.values()))
                    first_cell, second_cell = sorted([cell, other])
                    letters = a + b if first_cell == cell else b + a
                    seen[placed] = (result, (first_cell, second_cell, COLOURS.index(letters[0]),
                                             COLOURS.index(letters[1])), letters, dict(gain))
    return list(seen.values())


def naive_analysis(log):
    """The analysis of `docs/analysis.md`, the slow and obvious way."""
    players, rules = len(log["players"]), log.get("rules") or "mso"
    board = dict(START)
    scores = [dict.fromkeys(COLOURS, 0) for _ in range(players)]
    racks = [[] for _ in range(players)]
    placed_before = [False] * players
    positions = []
    for index, event in enumerate(log["events"]):
        kind, player = event["type"], event.get("player")
        if kind == "draw":
            racks[player] += event["tiles"]
        elif kind == "swap":
            racks[player] = []
        elif kind == "place":
            found = naive_position(board, scores[player], racks[player], players, rules, not placed_before[player])
            (c0, c1), tile = event["cells"], event["tile"]
            played = next(f for f in found if f[1][:2] in ((tuple(c0), tuple(c1)), (tuple(c1), tuple(c0)))
                          and f[2] in (tile, tile[::-1]) and dict(zip((tuple(c0), tuple(c1)), tile)) ==
                          dict(zip(f[1][:2], f[2])))
            best_result = max(f[0] for f in found)
            best = min((f for f in found if f[0] == best_result), key=lambda f: f[1])
            positions.append({
                "event": index, "player": player, "candidates": len(found),
                "played": {"tile": played[2], "cells": [list(played[1][0]), list(played[1][1])],
                           "gain": {c: g for c, g in played[3].items() if g},
                           "rank": 1 + sum(1 for f in found if f[0] > played[0])},
                "best": {"tile": best[2], "cells": [list(best[1][0]), list(best[1][1])],
                         "gain": {c: g for c, g in best[3].items() if g}},
                "best_count": sum(1 for f in found if f[0] == best_result),
            })
            for cell, colour in zip((tuple(c0), tuple(c1)), tile):
                board[cell] = colour
            for colour, points in played[3].items():
                scores[player][colour] = min(18, scores[player][colour] + points)
            racks[player].remove(tile if tile in racks[player] else tile[::-1])
            placed_before[player] = True
    figures = []
    for player in range(players):
        ranks = [p["played"]["rank"] for p in positions if p["player"] == player]
        figures.append({"positions": len(ranks), "best_found": ranks.count(1),
                        "mean_rank": sum(ranks) / len(ranks) if ranks else None})
    return {"positions": positions, "players": figures}


# A greedier simulated player (60 placements sampled a turn) brings colours to 18: these games all hold bonus
# placements, and candidates whose points are partly lost above 18.
GAMES = [(players, rules, seed) for players in (2, 3, 4) for rules in ("mso", "kosmos") for seed in (2, 3)]


@pytest.mark.parametrize("players, rules, seed", GAMES)
def test_agrees_with_the_naive_reference_on_every_count_rank_and_best(players, rules, seed):
    log = random_game(players, rules, seed=seed, samples=60)
    expected = naive_analysis(log)
    got = analyse(log).to_json()
    assert len(got["positions"]) == sum(1 for e in log["events"] if e["type"] == "place")
    for mine, theirs in zip(got["positions"], expected["positions"]):
        assert mine == theirs, f"event {theirs['event']}"
    assert got == expected
    # The games reach what makes positions differ: bonus placements, swaps, ranks below 1.
    assert any(p["played"]["rank"] > 1 for p in got["positions"])


def test_every_placement_is_a_position_bonus_placements_included():
    log = random_game(2, "mso", seed=4, samples=60)
    analysis = analyse(log)
    assert [p.event for p in analysis.positions] == [i for i, e in enumerate(log["events"]) if e["type"] == "place"]
    assert any(p.bonus for p in analysis.positions)


# --- hand-worked positions -----------------------------------------------------------------------------------------

# Around each start symbol of the two-player area, three empty cells touch it; at the red start (5,0): A (5,-1),
# B (4,0), C (4,1).  Pairs touching the symbol: A-B and B-C among them, and A with 2 more cells, B with 3, C with 2:
# 9 pairs a symbol, 54 on the empty board (the six corners are far apart).
RACK = ["RR", "RO", "GB", "YP", "OY", "GB"]  # GB twice: one candidate each way, not two


def opening(rules, rack=RACK):
    game = new_game(["Ann", "Ben"], rules)
    game.draw(0, rack)
    game.draw(1, ["GG", "GG", "RO", "BP", "YY", "OP"])
    return game


def test_first_placement_counted_by_hand():
    # 54 pairs × 9 tiles written: RR once, RO OR GB BG YP PY OY YO.
    count, played, rank, best, best_count = look_at(opening("mso"), 0, "RO", [[4, 0], [3, 0]])
    assert count == 54 * 9
    # R on (4,0) sees the red symbol: R+1, the scores [0,0,0,0,0,1].  Only RR on two cells beside the red symbol
    # does better, R+2: on B-C, (4,0) (4,1), and on A-B, written (4,0) (5,-1), second in board order.
    assert played.gain_json() == {"R": 1} and rank == 3
    assert (best.tile, best.cells, best.gain_json(), best_count) == ("RR", ((4, 0), (4, 1)), {"R": 2}, 2)


def test_the_played_placement_is_written_in_board_order():
    game = opening("mso")
    assert look_at(game, 0, "OR", [[3, 0], [4, 0]]) == look_at(game, 0, "RO", [[4, 0], [3, 0]])
    _, played, _, _, _ = look_at(game, 0, "RO", [[4, 0], [3, 0]])
    assert (played.tile, played.cells) == ("OR", ((3, 0), (4, 0)))


def test_a_best_placement_ranks_first():
    _, _, rank, _, best_count = look_at(opening("mso"), 0, "RR", [[5, -1], [4, 0]])
    assert (rank, best_count) == (1, 2)


def test_kosmos_second_player_first_placement_touches_a_free_start_symbol():
    game = opening("kosmos")
    game.place(0, "RO", [[4, 0], [3, 0]])
    game.draw(0, ["PP"])
    # The red symbol is touched now: five free symbols, 9 pairs each; Ben's rack writes GG RO OR BP PB YY OP PO.
    count, _, rank, best, best_count = look_at(game, 1, "GG", [[4, -5], [4, -4]])
    assert count == 45 * 8
    # GG on two cells beside the green symbol (5,-5), (4,-5) (4,-4) or (4,-4) (5,-4), scores G+2; YY beside the
    # yellow symbol (-5,5) likewise: four best candidates, the first in board order yellow's, (-5,4) (-4,4).
    assert (best.tile, best.cells, best.gain_json(), best_count) == ("YY", ((-5, 4), (-4, 4)), {"Y": 2}, 4)
    assert rank == 1


def test_results_compare_lowest_colour_first_then_the_total_and_stop_at_18():
    scores = [18, 17, 5, 5, 6, 7]
    # Y+1 lifts the lowest to [5, 6, ...]; B+4 only a higher colour: Y+1 is better despite gaining less.
    assert result_key(scores, 2, 2, 1, 0) > result_key(scores, 4, 4, 4, 0)
    # Points above 18 are lost: R+3 (R at 18) and O+5 (to 18) change the scores alike, [5,5,6,7,18,18];
    # the uncapped total then decides: O+5 is better than O+1 R+3.
    assert result_key(scores, 1, 1, 5, 0) > result_key(scores, 0, 1, 3, 1)
    # Equal results and totals are equally good, whatever the colours.
    assert result_key([0] * 6, 0, 1, 1, 1) == result_key([0] * 6, 3, 5, 1, 1)


# --- refusals ------------------------------------------------------------------------------------------------------


def refused(log) -> str:
    with pytest.raises(NotAnalysed) as caught:
        analyse(log)
    return caught.value.code


def test_refusals_say_which_kind_of_log_is_not_analysed():
    log = random_game(2, "mso", seed=3)
    unfinished = copy.deepcopy(log)
    unfinished["events"] = unfinished["events"][:20]
    del unfinished["final"]
    untracked = copy.deepcopy(log)
    untracked["events"] = [e for e in untracked["events"] if e["type"] != "draw"]
    wrong = copy.deepcopy(log)
    place = next(e for e in wrong["events"] if e["type"] == "place" and e.get("gain"))
    place["gain"] = {c: g + 1 for c, g in place["gain"].items()}
    assert refused(unfinished) == UNFINISHED
    assert refused(untracked) == UNTRACKED
    assert refused(wrong) == INVALID
    assert refused(random_game(2, "duel", seed=3)) == DUEL
    assert refused({"format": "nonsense"}) == INVALID


def test_the_refusals_wording():
    with pytest.raises(NotAnalysed) as duel:
        analyse(random_game(2, "duel", seed=3))
    assert duel.value.message == "the duel is not analysed"
    with pytest.raises(NotAnalysed) as bad:
        analyse_text(b"{")
    assert bad.value.message.startswith("the log is invalid: bad-format: the log is not JSON")


def test_text_and_parsed_log_give_the_same_analysis():
    log = random_game(3, "kosmos", seed=5)
    assert analyse_text(json.dumps(log)).to_json() == analyse(log).to_json()
