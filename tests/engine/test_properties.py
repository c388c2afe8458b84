"""Property-based tests of the rules engine against `docs/move-log.md`.

1. Legal games driven by Hypothesis's Random, checked after every move against
   an independent reference model written from the spec (board, gains, scores,
   duel track and tokens, bonus placements, whose turn it is, the tile bag,
   the legal cell pairs, how and when the game ends); their logs replay valid
   with the same result, with and without a closing `end`, through `replay`
   and `check_text`.
2. The same logs without their `draw` events (untracked racks) replay valid.
3. One random mutation of a valid log: `replay` never raises and reports a
   spec code at a plausible event.
4. Random bytes, random JSON and random log-shaped JSON: only spec codes.
5. Consistency properties that follow from the spec's text (prefixes,
   optional fields, `end`, precise single faults).

The reference model uses only the spec's coordinates; the engine's
`board.CELLS` is used only to read `Game.board` by cell number.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from functools import lru_cache

from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import strategies as st

from games.engine import ERROR_CODES, Game, check_text, new_game, replay
from games.engine.board import CELLS, START_SYMBOLS
from games.engine.simulate import random_game

# Games are long sequences of choices: Hypothesis's smallest example is big.
GAME_SETTINGS = dict(
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- reference model, from the spec's text ------------------------------------

COLOURS = "ROYGBP"
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
ENDINGS = {"board-full", "all-18", "all-flagged"}
AREA = {2: 5, 3: 6, 4: 7}
START = {(5, 0): "R", (5, -5): "G", (0, -5): "B", (-5, 0): "O", (-5, 5): "Y", (0, 5): "P"}


def ring(cell):
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


ALL_CELLS = [(q, r) for q in range(-7, 8) for r in range(-7, 8) if ring((q, r)) <= 7]
NB = {c: [(c[0] + dq, c[1] + dr) for dq, dr in DIRS if ring((c[0] + dq, c[1] + dr)) <= 7] for c in ALL_CELLS}
AREA_CELLS = {n: [c for c in ALL_CELLS if ring(c) <= radius] for n, radius in AREA.items()}
BAG = Counter({a + b: (5 if a == b else 6) for i, a in enumerate(COLOURS) for b in COLOURS[i:]})


def canon(tile):
    """The tile's name with its colours in R O Y G B P order ("OR" -> "RO")."""
    a, b = sorted(tile, key=COLOURS.index)
    return a + b


def ref_gain(board, tile, cells):
    gain = [0] * 6
    for k in (0, 1):
        (q, r), other, colour = cells[k], cells[1 - k], tile[k]
        for dq, dr in DIRS:
            if (q + dq, r + dr) == other:
                continue
            n = 1
            while board.get((q + n * dq, r + n * dr)) == colour:
                gain[COLOURS.index(colour)] += 1
                n += 1
    return gain


def adjacent_empty_pairs(board, players):
    area = AREA[players]
    return [
        (a, b)
        for a in AREA_CELLS[players]
        if board[a] is None
        for b in NB[a]
        if a < b and ring(b) <= area and board[b] is None
    ]


def ref_board_winner(scores):
    ranked = [sorted(s) for s in scores]
    best = max(ranked)
    holders = [p for p, r in enumerate(ranked) if r == best]
    return holders[0] if len(holders) == 1 else None


def ref_duel_winner(track):
    mine = sorted(t for t in track if t > 0)
    theirs = sorted(-t for t in track if t < 0)
    if len(mine) != len(theirs):
        return 0 if len(mine) > len(theirs) else 1
    if mine == theirs:
        return None
    return 0 if mine > theirs else 1


class Reference:
    """The game as the spec describes it, kept next to the engine's."""

    def __init__(self, players, rules):
        self.n, self.rules = players, rules
        self.duel = rules == "duel"
        self.board = {c: START.get(c) for c in ALL_CELLS}
        self.tile_cells = set()
        self.scores = [[0] * 6 for _ in range(players)]
        self.track, self.moved, self.tokens = [0] * 6, [False] * 6, [None] * 6
        self.flagged = [False] * players
        self.has_placed = [False] * players
        self.started = False
        self.turn, self.phase, self.owed = 0, "start", 0
        self.ended_by = None
        self.bag = Counter(BAG)
        self.racks = [Counter() for _ in range(players)]
        self.set_aside = Counter()  # swapped tiles on their way back to the bag
        self.placed = Counter()
        self.bonus_dropped = False  # a bonus owed with an empty rack (engine's choice)

    def next_player(self, after):
        for step in range(1, self.n + 1):
            p = (after + step) % self.n
            if not self.flagged[p]:
                return p
        return None

    @property
    def to_place(self):
        if self.ended_by:
            return None
        return self.turn if self.phase in ("start", "bonus") else self.next_player(self.turn)

    def start_touched(self, s):
        return any(n in self.tile_cells for n in NB[s])

    def legal_pairs(self, player):
        first = self.rules != "mso" and not self.has_placed[player]
        free = [s for s in START if not self.start_touched(s)] if first else []
        pairs = set()
        for a, b in adjacent_empty_pairs(self.board, self.n):
            if self.rules == "mso":
                if not any(self.board[n] is not None for n in NB[a] + NB[b]):
                    continue
            elif first and not any(a in NB[s] or b in NB[s] for s in free):
                continue
            pairs.add(frozenset((a, b)))
        return pairs

    def return_set_aside(self):
        self.bag += self.set_aside
        self.set_aside = Counter()

    def flag(self, player):
        self.flagged[player] = True
        if all(self.flagged):
            self.ended_by = "all-flagged"
        elif player == self.turn:
            self.return_set_aside()
            self.turn, self.phase, self.owed = self.next_player(player), "start", 0

    def draw(self, player, tiles):
        for t in tiles:
            self.bag[canon(t)] -= 1
            self.racks[player][canon(t)] += 1
        if self.started:
            self.phase = "refill"
            self.return_set_aside()

    def swap(self, player, tiles):
        aside = Counter(canon(t) for t in tiles)
        self.racks[player] -= aside
        self.set_aside = aside
        self.phase = "swapped"

    def may_swap(self, player):
        if self.duel:
            return any(t == self.goal(player) for t in self.track)
        low = min(self.scores[player])
        lowest = {COLOURS[c] for c in range(6) if self.scores[player][c] == low}
        return not any(set(t) & lowest for t in +self.racks[player])

    @staticmethod
    def goal(player):
        return 9 if player == 0 else -9

    def place(self, player, tile, cells):
        """Make the placement; returns the reference gain."""
        gain = ref_gain(self.board, tile, cells)
        bonus = self.phase == "bonus"
        if self.phase not in ("start", "bonus"):
            self.return_set_aside()
            self.turn = player
        for cell, colour in zip(cells, tile):
            self.board[cell] = colour
            self.tile_cells.add(cell)
        self.racks[player][canon(tile)] -= 1
        self.placed[canon(tile)] += 1
        self.has_placed[player] = True
        self.started = True
        if self.duel:
            earned, complete = self._score_duel(player, gain)
        else:
            earned, complete = self._score_board(player, gain, tile)
        if complete:
            self.ended_by = "all-18"
        elif not adjacent_empty_pairs(self.board, self.n):
            self.ended_by = "board-full"
        else:
            owed = (self.owed - 1 if bonus else 0) + earned
            if owed and not +self.racks[player]:
                self.bonus_dropped, owed = True, 0
            self.owed = owed
            self.phase = "bonus" if owed else "placed"
        return gain

    def _score_board(self, player, gain, tile):
        scores, reached = self.scores[player], 0
        for colour in set(tile):
            c = COLOURS.index(colour)
            before = scores[c]
            scores[c] = min(18, before + gain[c])
            reached += before < 18 and scores[c] == 18
        earned = reached if self.rules == "kosmos" else min(reached, 1)
        return earned, all(s == 18 for s in scores)

    def _score_duel(self, player, gain):
        goal, step, earned = self.goal(player), (1 if player == 0 else -1), 0
        for c in range(6):
            pos = start = self.track[c]
            for _ in range(gain[c]):
                if pos == goal:
                    break
                pos += step
                if pos == 0:  # the dividing line is not a space
                    pos += step
            if gain[c]:
                self.moved[c] = True
            self.track[c] = pos
            if pos == goal and start != goal and self.tokens[c] != player:
                self.tokens[c] = player
                earned += 1
        complete = all(t > 0 for t in self.track) or all(t < 0 for t in self.track)
        return earned, complete


# --- driving a game -------------------------------------------------------------


def compare(game: Game, ref: Reference, where: str):
    """The engine's whole visible state equals the reference model's."""
    for i, cell in enumerate(CELLS):
        expected = ref.board[cell]
        assert game.board[i] == (-1 if expected is None else COLOURS.index(expected)), (where, cell)
    for s, colour in START_SYMBOLS.items():
        assert game.board[s] == colour, (where, "start symbol covered", CELLS[s])
    assert game.ended_by == ref.ended_by, where
    assert game.is_over == (ref.ended_by is not None), where
    assert game.flagged == ref.flagged, where
    assert game.to_place == ref.to_place, where
    if not game.is_over:
        assert game.phase == ref.phase, where
        assert game.bonus_owed == ref.owed, where
        assert (game.phase == "bonus") == (game.bonus_owed > 0), where
        assert game.to_place is not None and not game.flagged[game.to_place], where
    for p in range(ref.n):
        assert Counter(game.rack(p)) == +ref.racks[p], (where, p)
        assert game.rack_sizes[p] == sum(ref.racks[p].values()) <= 6, (where, p)
    # Conservation: bag + racks + board + set-aside tiles == the 120 tiles.
    in_bag = Counter({t: n for t, n in zip(_KIND_NAMES, game.bag) if n})
    assert in_bag == +ref.bag, where
    total = in_bag + ref.placed + ref.set_aside + sum((Counter(game.rack(p)) for p in range(ref.n)), Counter())
    assert total == BAG, where
    if ref.duel:
        assert game.track == ref.track, where
        for c in range(6):
            assert -9 <= game.track[c] <= 9
            assert game.track[c] != 0 or not ref.moved[c], (where, "counter on the line after moving")
    else:
        assert game.scores == ref.scores, where


_KIND_NAMES = [canon(a + b) for i, a in enumerate(COLOURS) for b in COLOURS[i:]]


CLOCK_S = 600  # the logs' clock, per player
NO_READINGS, EVERY_PLACEMENT, SOME_PLACEMENTS = range(3)


def play(rng, players, rules, flag_level=0, check=True, clock=NO_READINGS):
    """A whole legal game chosen by `rng` (only randrange), checked move by move.

    Returns (game, reference, log).  `flag_level` 0 means nobody flags unless
    out of tiles; 1..3 is how many flags (by anyone, at any moment) it tries.
    `clock` says which placements carry the player's clock reading (Precise
    points: Clock readings): none, every one, or some.  Time runs down by up
    to a minute a placement; a player whose time reaches 0 writes the reading
    0 and flags at once, unless that placement ended the game.
    """
    game = new_game(players, rules, tracked_racks=True, clock_s=CLOCK_S)
    time_left = [CLOCK_S] * players
    ref = Reference(players, rules)
    events = []
    candidates = (1, 3, 5, 8)[rng.randrange(4)]  # best of this many random placements
    # What "best" means: help the lowest colours, most points, or push the
    # highest colours to 18 (bonus placements, and 18s in every colour).
    weight = (lambda s: 19 - s, lambda s: 1, lambda s: s + 1)[rng.randrange(3)]
    # The moments (counted in chances to flag) at which someone flags.
    flag_at = {rng.randrange(200) for _ in range(flag_level)}
    chances = [0]

    def do_draw(player, count):
        pool = sorted(ref.bag.elements())
        tiles = [pool.pop(rng.randrange(len(pool))) for _ in range(min(count, len(pool)))]
        parts = [tiles]
        if len(tiles) >= 2 and rng.randrange(4) == 3:  # a refill in two draw events
            cut = 1 + rng.randrange(len(tiles) - 1)
            parts = [tiles[:cut], tiles[cut:]]
        for part in parts:
            if part:
                game.draw(player, part)
                ref.draw(player, part)
                events.append({"type": "draw", "player": player, "tiles": part})
                if check:
                    compare(game, ref, f"after draw {len(events) - 1}")

    def maybe_flag(spare=None):
        chances[0] += 1
        if chances[0] not in flag_at or ref.ended_by:
            return False
        # `spare`: the player between a swap and its refill.  Whether a forfeited
        # refill still returns the swapped tiles to the bag is not in the spec.
        candidates = [p for p in range(players) if not ref.flagged[p] and p != spare]
        if not candidates:
            return False
        player = candidates[rng.randrange(len(candidates))]
        game.flag(player)
        ref.flag(player)
        events.append({"type": "flag", "player": player})
        if check:
            compare(game, ref, f"after flag {len(events) - 1}")
        return True

    for p in range(players):
        do_draw(p, 6)
    while not ref.ended_by:
        if maybe_flag():
            continue
        player = ref.to_place
        rack = sorted(+ref.racks[player])
        pairs = ref.legal_pairs(player)
        if check:
            engine_pairs = {frozenset((CELLS[i], CELLS[j])) for i, j in game.legal_cell_pairs(player)}
            assert engine_pairs == pairs, f"legal pairs before event {len(events)}"
            if len(events) < 12 or rng.randrange(16) == 0:
                expected = {
                    (t, pair)
                    for pair in pairs
                    for k in rack
                    for t in {k, k[::-1]}
                }
                got = {(pl.tile, frozenset(pl.cells)) for pl in game.legal_placements(player)}
                assert got == expected
        if not rack or not pairs:  # nothing to place with: the clock runs out
            assert rack == [] or not pairs
            game.flag(player)
            ref.flag(player)
            events.append({"type": "flag", "player": player})
            continue
        pairs = sorted(tuple(sorted(pr)) for pr in pairs)
        best, best_value = None, None
        for _ in range(candidates):
            a, b = pairs[rng.randrange(len(pairs))]
            tile = rack[rng.randrange(len(rack))]
            if rng.randrange(2):
                tile = tile[::-1]
            gain = ref_gain(ref.board, tile, (a, b))
            if ref.duel:
                distance = [9 - t if player == 0 else 9 + t for t in ref.track]
                value = sum(min(g, d) * weight(9 - d) for g, d in zip(gain, distance))
            else:
                value = sum(min(g, 18 - s) * weight(s) for g, s in zip(gain, ref.scores[player]))
            if best_value is None or value > best_value:
                best, best_value = (tile, (a, b)), value
        tile, cells = best
        before_scores = copy.deepcopy(game.scores)
        declared = None
        expected_gain = ref_gain(ref.board, tile, cells)
        if rng.randrange(2):
            declared = {COLOURS[c]: g for c, g in enumerate(expected_gain) if g}
        reading = None
        if clock != NO_READINGS:
            time_left[player] = max(0, time_left[player] - rng.randrange(60))
            if clock == EVERY_PLACEMENT or rng.randrange(2) or time_left[player] == 0:
                reading = time_left[player]
        gain = game.place(player, tile, [list(c) for c in cells], gain=declared, clock_s=reading)
        ref.place(player, tile, cells)
        assert gain == expected_gain
        event = {"type": "place", "player": player, "tile": tile, "cells": [list(c) for c in cells]}
        if any(gain):
            event["gain"] = {COLOURS[c]: g for c, g in enumerate(gain) if g}
        if reading is not None:
            event["clock_s"] = reading
        events.append(event)
        if reading == 0 and not ref.ended_by:  # out of time: the player's flag follows at once
            game.flag(player)
            ref.flag(player)
            events.append({"type": "flag", "player": player})
            if check:
                compare(game, ref, f"after flag {len(events) - 1}")
            continue
        if check:
            compare(game, ref, f"after placement {len(events) - 1}")
            assert game.turn == player
            for p in range(players):
                for c in range(6):
                    assert 0 <= game.scores[p][c] <= 18
                    assert game.scores[p][c] >= before_scores[p][c]
        if ref.ended_by or ref.phase == "bonus":
            continue
        if maybe_flag() and ref.turn != player:
            continue
        if not ref.ended_by and ref.phase == "placed" and ref.turn == player:
            assert game.may_swap(player) == ref.may_swap(player)
            if ref.may_swap(player) and rng.randrange(3):
                if ref.duel:
                    done = {COLOURS[c] for c in range(6) if ref.track[c] == ref.goal(player)}
                    aside = [t for t in sorted(+ref.racks[player]) for _ in range(ref.racks[player][t]) if set(t) & done]
                    aside = [t for t in aside if rng.randrange(3)]
                    game.swap(player, aside)
                else:
                    aside = sorted(ref.racks[player].elements())
                    game.swap(player, aside if rng.randrange(2) else None)
                ref.swap(player, aside)
                events.append({"type": "swap", "player": player, "rack": aside})
                if check:
                    compare(game, ref, f"after swap {len(events) - 1}")
        if maybe_flag(spare=player if ref.phase == "swapped" else None) and ref.turn != player:
            continue
        if not ref.ended_by and ref.turn == player:
            do_draw(player, 6 - sum(ref.racks[player].values()))

    assert game.ended_by in ENDINGS
    if game.ended_by == "board-full":
        assert not adjacent_empty_pairs(ref.board, players)
    elif game.ended_by == "all-18":
        if ref.duel:
            assert all(t > 0 for t in game.track) or all(t < 0 for t in game.track)
        else:
            assert any(all(s == 18 for s in scores) for scores in game.scores)
    else:
        assert all(game.flagged)
    result = game.result()
    if ref.duel:
        assert result.scores == ref.track and result.levels is None
        assert result.winner == ref_duel_winner(ref.track)
    else:
        assert result.scores == ref.scores
        assert result.winner == ref_board_winner(ref.scores)
        assert result.levels == [min(s) for s in ref.scores]
    log = {
        "format": "ingenious-log/1",
        "rules": rules,
        "players": [f"Player {i + 1}" for i in range(players)],
        "clock_s": CLOCK_S,
        "events": events,
        "final": result.scores,
    }
    return game, ref, log


def _bonus_count(log):
    """Placements that follow a placement by the same player with nothing between."""
    events = log["events"]
    return sum(
        1
        for a, b in zip(events, events[1:])
        if a.get("type") == b.get("type") == "place" and a["player"] == b["player"]
    )


def without_draws(log):
    untracked = copy.deepcopy(log)
    untracked["events"] = [e for e in untracked["events"] if not (isinstance(e, dict) and e.get("type") == "draw")]
    return untracked


def with_end(log, end=True):
    out = copy.deepcopy(log)
    events = [e for e in out["events"] if e != {"type": "end"}]
    out["events"] = events + [{"type": "end"}] if end else events
    return out


def assert_same_result(report, result):
    assert report.valid, report.to_json()
    assert report.scores == result.scores
    assert report.winner == result.winner
    assert report.levels == result.levels
    assert report.ended_by == result.ended_by


CONFIGS = [("mso", 2), ("mso", 3), ("mso", 4), ("kosmos", 2), ("kosmos", 3), ("kosmos", 4), ("duel", 2)]


# --- 1 and 2: legal games --------------------------------------------------------


@settings(max_examples=60, **GAME_SETTINGS)
@given(
    config=st.sampled_from(CONFIGS),
    flag_level=st.integers(0, 3),
    rng=st.randoms(use_true_random=False),
    clock=st.sampled_from([NO_READINGS, EVERY_PLACEMENT, SOME_PLACEMENTS]),
)
def test_legal_games_keep_invariants_and_replay_valid(config, flag_level, rng, clock):
    rules, players = config
    game, ref, log = play(rng, players, rules, flag_level, clock=clock)
    result = game.result()
    note(f"ended_by={result.ended_by} events={len(log['events'])}")
    event(f"{rules}/{players} ended by {result.ended_by}")
    kinds = Counter(e["type"] for e in log["events"])
    event(f"swaps: {min(kinds['swap'], 3)}, flags: {min(kinds['flag'], 3)}")
    event(f"bonus placements: {_bonus_count(log) > 0}")
    event(f"clock readings of 0: {min(sum(1 for e in log['events'] if e.get('clock_s') == 0), 2)}")
    for end in (False, True):
        text_log = with_end(log, end)
        report = replay(text_log)
        assert_same_result(report, result)
        assert check_text(json.dumps(text_log)).to_json() == report.to_json()
    # 2: untracked racks.  The engine drops a bonus owed with an empty tracked
    # rack (its own choice, the spec is silent); without draws no rack is ever
    # empty, so such a game is not the same game untracked.
    if not ref.bonus_dropped:
        untracked = without_draws(log)
        assert_same_result(replay(untracked), result)
        assert_same_result(check_text(json.dumps(with_end(untracked)).encode()), result)


# --- a pool of valid logs for the other properties ------------------------------------------

POOL_SEEDS = 6


@lru_cache(maxsize=None)
def pool_log(source: str, config: int, seed: int, flags: bool, tracked: bool, clocked: bool = False) -> str:
    rules, players = CONFIGS[config]
    if source == "simulate":
        log = random_game(
            players, rules, seed=1000 * config + seed, flag_chance=0.02 if flags else 0.0, clock=clocked
        )
    else:
        clock = (EVERY_PLACEMENT if seed // 2 % 2 else SOME_PLACEMENTS) if clocked else NO_READINGS
        rng = random.Random(1000 * config + seed)
        _, _, log = play(rng, players, rules, 2 if flags else 0, check=False, clock=clock)
        if seed % 2:
            log = with_end(log)
    if not tracked:
        log = without_draws(log)
    return json.dumps(log)


pool = st.builds(
    lambda *args: json.loads(pool_log(*args)),
    st.sampled_from(["simulate", "driver"]),
    st.integers(0, len(CONFIGS) - 1),
    st.integers(0, POOL_SEEDS - 1),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
clocked_pool = st.builds(
    lambda *args: json.loads(pool_log(*args, clocked=True)),
    st.sampled_from(["simulate", "driver"]),
    st.integers(0, len(CONFIGS) - 1),
    st.integers(0, POOL_SEEDS - 1),
    st.booleans(),
    st.booleans(),
)


def ending_index(events):
    """The index of the event that ended a valid game (a closing `end` aside)."""
    return len(events) - 2 if events and events[-1] == {"type": "end"} else len(events) - 1


@settings(max_examples=60, deadline=None)
@given(log=pool)
def test_pool_logs_are_valid(log):
    report = replay(log)
    assert report.valid, report.to_json()
    assert report.ended_by in ENDINGS
    final = log["final"]
    assert report.scores == final


# --- 3: mutation fuzz -----------------------------------------------------------

WRONG_VALUES = [1.0, 0.5, True, False, "x", "", None, [[0, 0]], [], {}, {"R": 1}, -1, 2**70, "RO", [["RO"]]]
FIELDS = ["type", "player", "tile", "cells", "gain", "tiles", "rack", "clock_s"]


def mutate(log, data):
    """One random mutation; returns (log, description, first index it can affect or None)."""
    log = copy.deepcopy(log)
    events = log["events"]
    n = len(events)
    kind = data.draw(
        st.sampled_from(
            ["delete", "duplicate", "swap", "tile", "cell", "gain", "player", "truncate", "field", "top", "type"]
        ),
        label="mutation",
    )
    index = data.draw(st.integers(0, n - 1), label="index")
    event = events[index]
    if kind == "delete":
        del events[index]
    elif kind == "duplicate":
        events.insert(index, copy.deepcopy(event))
    elif kind == "swap":
        other = data.draw(st.integers(0, n - 1), label="other")
        events[index], events[other] = events[other], events[index]
        index = min(index, other)
    elif kind == "tile":
        key = "tile" if "tile" in event else next((k for k in ("tiles", "rack") if event.get(k)), None)
        if key is None:
            return log, "no tile to change", None
        letters = data.draw(st.text("ROYGBPX", min_size=0, max_size=3), label="letters")
        if key == "tile":
            event["tile"] = letters
        else:
            at = data.draw(st.integers(0, len(event[key]) - 1), label="at")
            event[key][at] = letters
    elif kind == "cell":
        if "cells" not in event:
            return log, "no cell to shift", None
        k, axis = data.draw(st.integers(0, 1), label="which"), data.draw(st.integers(0, 1), label="axis")
        event["cells"][k][axis] += data.draw(st.integers(-3, 3).filter(bool), label="shift")
    elif kind == "gain":
        if event.get("type") != "place":
            return log, "no gain to change", None
        gain = event.setdefault("gain", {})
        gain[data.draw(st.sampled_from(list(COLOURS) + ["X", "r"]), label="colour")] = data.draw(
            st.integers(-2, 20), label="points"
        )
    elif kind == "player":
        if "player" not in event:
            return log, "no player", None
        event["player"] = data.draw(st.integers(-1, 4), label="player")
    elif kind == "truncate":
        del events[index:]
    elif kind == "field":
        key = data.draw(st.sampled_from(FIELDS), label="field")
        event[key] = data.draw(st.sampled_from(WRONG_VALUES), label="value")
    elif kind == "type":
        event["type"] = data.draw(st.sampled_from(["place", "draw", "swap", "flag", "end", "pass", 7]), label="type")
    elif kind == "top":
        key = data.draw(st.sampled_from(["format", "rules", "players", "events", "final", "clock_s"]), label="key")
        if data.draw(st.booleans(), label="delete key"):
            log.pop(key, None)
        else:
            log[key] = data.draw(st.sampled_from(WRONG_VALUES + ["duel", "kosmos", ["A"], ["A"] * 5]), label="value")
        return log, f"top-level {key}", None
    return log, f"{kind} at {index}", index


def has_draw(log):
    return any(isinstance(e, dict) and e.get("type") == "draw" for e in log.get("events", []))


def assert_well_formed(report, log):
    assert isinstance(report.valid, bool)
    json.dumps(report.to_json())
    if report.valid:
        assert report.code is None
        assert report.ended_by in ENDINGS
    else:
        assert report.code in ERROR_CODES, report.code
        assert isinstance(report.message, str) and report.message.strip()
        events = log.get("events") if isinstance(log, dict) else None
        if report.event is not None:
            assert type(report.event) is int
            assert isinstance(events, list) and 0 <= report.event <= len(events)
        if report.code in ("unfinished", "wrong-final"):
            assert report.event == len(events)
        if report.code == "bad-format":
            assert report.event is None


@settings(max_examples=400, deadline=None)
@given(log=pool, data=st.data())
def test_one_mutation_gives_a_spec_code(log, data):
    original_tracked = has_draw(log)
    mutated, what, index = mutate(log, data)
    note(what)
    report = replay(mutated)
    event(f"code {report.code}")
    assert_well_formed(report, mutated)
    text = check_text(json.dumps(mutated))
    assert text.to_json() == report.to_json()
    if index is not None and not report.valid and has_draw(mutated) == original_tracked:
        # The events before `index` are those of a valid log: nothing can go wrong there.
        assert report.event is not None and report.event >= index, report.to_json()


# --- 4: random input ----------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=6), children, max_size=5),
    max_leaves=25,
)
small = st.integers(-9, 9)
# Cheap wrong values for one field (the full recursive strategy is slow to draw).
junk = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([1.0, -0.0, 2.5, 1e300])
    | st.text(max_size=3)
    | st.lists(st.integers(-2, 2) | st.text(max_size=2), max_size=3)
    | st.dictionaries(st.text(max_size=2), st.integers(-2, 2), max_size=2)
)
plausible = {
    "type": st.sampled_from(["place", "draw", "swap", "flag", "end", "PLACE", ""]) | junk,
    "player": st.integers(-1, 4) | junk,
    "tile": st.sampled_from(["RO", "RR", "PB", "XY", "R", "ROY"]) | junk,
    "cells": st.lists(st.lists(small, min_size=2, max_size=2), min_size=2, max_size=2) | junk,
    "gain": st.dictionaries(st.sampled_from(list(COLOURS) + ["Z"]), st.integers(-1, 20) | junk, max_size=3)
    | junk,
    "tiles": st.lists(st.sampled_from(["RO", "RR", "GG", "YB", "Q"]), max_size=7) | junk,
    "rack": st.lists(st.sampled_from(["RO", "RR", "GG", "YB", "Q"]), max_size=7) | junk,
    "clock_s": st.integers(-5, 700) | junk,
}
log_events = st.fixed_dictionaries({}, optional=plausible) | junk
log_shaped = st.fixed_dictionaries(
    {
        "format": st.just("ingenious-log/1"),
        "players": st.lists(st.text(min_size=1, max_size=5), min_size=2, max_size=4),
        "events": st.lists(log_events, max_size=25),
    },
    optional={
        "rules": st.sampled_from(["mso", "kosmos", "duel"]) | junk,
        "final": st.lists(st.lists(st.integers(0, 18), min_size=6, max_size=6), min_size=1, max_size=4) | junk,
        "clock_s": st.integers(0, 600) | junk,
    },
)


@settings(max_examples=300, deadline=None)
@given(raw=st.binary(max_size=300))
def test_random_bytes_give_a_spec_code(raw):
    report = check_text(raw)
    assert_well_formed(report, None)
    assert report.valid is False


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_random_json_gives_bad_format(value):
    report = replay(value)
    assert_well_formed(report, value)
    # No random value is a log: it lacks the exact "format".
    assert (report.valid, report.code, report.event) == (False, "bad-format", None)
    assert check_text(json.dumps(value)).to_json() == report.to_json()


@settings(max_examples=300, deadline=None)
@given(log=log_shaped)
def test_log_shaped_json_gives_a_spec_code(log):
    report = replay(log)
    event(f"code {report.code}")
    assert_well_formed(report, log)
    assert check_text(json.dumps(log)).to_json() == report.to_json()
    assert check_text(json.dumps(log).encode("utf-8")).to_json() == report.to_json()


@settings(max_examples=100, deadline=None)
@given(log=pool, cut=st.integers(0, 10**6), junk=st.binary(min_size=1, max_size=4))
def test_damaged_text_never_raises(log, cut, junk):
    text = json.dumps(log).encode()
    cut %= len(text)
    for damaged in (text[:cut], text[:cut] + junk + text[cut:], text[:cut] + text[cut + 1 :]):
        try:
            parsed = json.loads(damaged)
        except ValueError:
            parsed = None
        assert_well_formed(check_text(damaged), parsed)


# --- 5: consistency -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(log=pool)
def test_closing_end_is_optional(log):
    a, b = replay(with_end(log, True)), replay(with_end(log, False))
    assert a.valid and b.valid
    assert a.to_json() == b.to_json()


@settings(max_examples=120, deadline=None)
@given(log=pool, data=st.data())
def test_every_prefix_before_the_ending_event_is_unfinished(log, data):
    events = log["events"]
    last = ending_index(events)
    cut = data.draw(st.integers(0, last), label="cut")
    prefix = dict(log, events=events[:cut])
    report = replay(prefix)
    assert (report.valid, report.code, report.event) == (False, "unfinished", cut), report.to_json()
    # The prefix through the ending event is the whole game.
    whole = replay(dict(log, events=events[: last + 1]))
    assert whole.valid and whole.to_json() == replay(log).to_json()


@settings(max_examples=60, deadline=None)
@given(log=pool)
def test_removing_the_placement_that_filled_the_board(log):
    report = replay(log)
    assume(report.ended_by in ("board-full", "all-18"))
    events = log["events"]
    last = ending_index(events)
    assert events[last]["type"] == "place"  # a game ended by a placement ends on it
    shortened = dict(log, events=events[:last])
    assert (replay(shortened).code, replay(shortened).event) == ("unfinished", last)
    # Keeping a closing `end` turns it into an `end` before the game ended.
    with_closing = dict(log, events=events[:last] + [{"type": "end"}])
    assert (replay(with_closing).code, replay(with_closing).event) == ("premature-end", last)


@settings(max_examples=60, deadline=None)
@given(log=pool, data=st.data())
def test_end_before_the_end_is_premature(log, data):
    events = log["events"]
    at = data.draw(st.integers(0, ending_index(events)), label="at")
    report = replay(dict(log, events=events[:at] + [{"type": "end"}] + events[at:]))
    # Right after a clock reading of 0 only that player's flag may come (checked first).
    owed = at > 0 and events[at - 1]["type"] == "place" and events[at - 1].get("clock_s") == 0
    assert (report.code, report.event) == ("bad-clock" if owed else "premature-end", at)


@settings(max_examples=60, deadline=None)
@given(log=pool, data=st.data())
def test_anything_after_the_ending_event_is_after_end(log, data):
    events = log["events"]
    last = ending_index(events)
    extra = data.draw(st.sampled_from(events[: last + 1]) | st.just({"type": "end"}) | log_events, label="extra")
    # A `draw` would make an untracked log tracked, changing the events before.
    assume(has_draw(log) or not (isinstance(extra, dict) and extra.get("type") == "draw"))
    report = replay(dict(log, events=events[: last + 1] + [extra, {"type": "end"}]))
    assert (report.code, report.event) == ("after-end", last + 1)
    # A lone extra event (not an `end`) after the end is after-end too.
    assume(not (isinstance(extra, dict) and extra.get("type") == "end"))
    report = replay(dict(log, events=events[: last + 1] + [extra]))
    assert (report.code, report.event) == ("after-end", last + 1)


@settings(max_examples=60, deadline=None)
@given(log=pool, data=st.data())
def test_optional_fields_and_spelling_do_not_change_the_report(log, data):
    expected = replay(log).to_json()
    variant = copy.deepcopy(log)
    for event in variant["events"]:
        if event.get("type") != "place":
            continue
        how = data.draw(st.sampled_from(["keep", "drop", "zeros"]), label="gain")
        if how == "drop":
            event.pop("gain", None)
        elif how == "zeros":
            event["gain"] = {c: event.get("gain", {}).get(c, 0) for c in COLOURS}
    if data.draw(st.booleans(), label="drop final"):
        variant.pop("final")
    if data.draw(st.booleans(), label="drop clock"):
        variant.pop("clock_s", None)
    if variant.get("rules") == "mso" and data.draw(st.booleans(), label="default rules"):
        variant.pop("rules")
    count = len(log["players"])
    names = data.draw(
        st.lists(st.text(min_size=1, max_size=8).filter(str.strip), min_size=count, max_size=count, unique=True),
        label="names",
    )
    variant["players"] = names
    assert replay(variant).to_json() == expected
    # Key order and whitespace in the text do not matter either.
    shuffled = {k: variant[k] for k in reversed(list(variant))}
    shuffled["events"] = [{k: e[k] for k in reversed(list(e))} for e in variant["events"]]
    text = json.dumps(shuffled, indent=data.draw(st.sampled_from([None, 0, 2]), label="indent"), ensure_ascii=False)
    assert check_text(text).to_json() == expected
    assert check_text(text.encode("utf-8")).to_json() == expected


@settings(max_examples=60, deadline=None)
@given(log=pool)
def test_replay_is_deterministic_and_leaves_the_log_alone(log):
    before = copy.deepcopy(log)
    first = replay(log).to_json()
    assert log == before
    assert replay(log).to_json() == first


@settings(max_examples=60, deadline=None)
@given(log=pool, data=st.data())
def test_a_wrong_final_is_reported_after_the_last_event(log, data):
    final = copy.deepcopy(replay(log).scores)
    duel = log.get("rules") == "duel"
    row = final if duel else final[data.draw(st.integers(0, len(final) - 1), label="player")]
    colour = data.draw(st.integers(0, 5), label="colour")
    # Another value a score (0..18) or a moved counter (-9..-1, 1..9) can take.
    values = [v for v in (range(-9, 10) if duel else range(19)) if v != row[colour] and not (duel and v == 0)]
    row[colour] = data.draw(st.sampled_from(values), label="declared")
    report = replay(dict(log, final=final))
    assert (report.code, report.event) == ("wrong-final", len(log["events"]))


@settings(max_examples=80, deadline=None)
@given(log=pool, data=st.data())
def test_a_wrong_gain_is_reported_at_its_placement(log, data):
    events = copy.deepcopy(log["events"])
    places = [i for i, e in enumerate(events) if e["type"] == "place"]
    i = data.draw(st.sampled_from(places), label="placement")
    gain = events[i].setdefault("gain", {})
    colour = data.draw(st.sampled_from(COLOURS), label="colour")
    right = gain.get(colour, 0)
    points = data.draw(st.integers(0, 24), label="points")
    gain[colour] = points if points < right else points + 1
    report = replay(dict(log, events=events))
    assert (report.code, report.event) == ("wrong-gain", i), report.to_json()


@settings(max_examples=80, deadline=None)
@given(log=pool, data=st.data())
def test_a_move_by_another_player_is_out_of_turn(log, data):
    events = copy.deepcopy(log["events"])
    players = len(log["players"])
    first_place = next(i for i, e in enumerate(events) if e["type"] == "place")
    movable = [
        i
        for i, e in enumerate(events)
        if e["type"] in ("place", "swap") or (e["type"] == "draw" and i > first_place)
    ]
    i = data.draw(st.sampled_from(movable), label="event")
    other = data.draw(st.sampled_from([p for p in range(players) if p != events[i]["player"]]), label="player")
    # Whether `other` has flagged by then: replay the events before.
    flagged = any(e["type"] == "flag" and e["player"] == other for e in events[:i])
    events[i]["player"] = other
    report = replay(dict(log, events=events))
    if events[i]["type"] == "draw":
        expected = {"out-of-turn"}
    else:
        expected = {"flagged-player-moved"} if flagged else {"out-of-turn"}
    assert report.code in expected and report.event == i, report.to_json()


# --- clock readings: one fault each, expected code and event from the spec ------------------

NOT_INTEGERS = [12.5, 600.0, True, False, "590", [590], {"s": 590}]
BAD_LOG_CLOCKS = [0, -5, 3.5, 600.0, True, "600", [600]]
BAD_FINALS = ["x", 7, [], {"0": 0}, [[0] * 6], [[0] * 5] * 4, [[0, 0, 0, 0, 0, 0.0]] * 4, [0, 0, 0, 0, 0, None]]


def readings(events):
    """(event index, player, reading) of every placement that carries a clock reading."""
    return [(i, e["player"], e["clock_s"]) for i, e in enumerate(events) if e.get("type") == "place" and "clock_s" in e]


def is_flag_by(event, player):
    return event.get("type") == "flag" and event.get("player") == player


def clock_mutant(log, data):
    """One clock fault; returns (log, what, expected (code, event), or "valid" for the same report)."""
    log = copy.deepcopy(log)
    events = log["events"]
    given = readings(events)
    places = [i for i, e in enumerate(events) if e["type"] == "place"]
    last = ending_index(events)
    kind = data.draw(st.sampled_from([
        "above-previous", "below-zero", "above-clock", "zero-without-flag", "zero-ending", "not-an-integer",
        "drop-owed-flag", "lower-log-clock", "bad-log-clock", "bad-final",
    ]), label="clock mutant")
    if kind == "above-previous":
        # A reading above the same player's previous one (the other players' do not count).
        later = [(i, p) for i, p, _ in given if any(q == p and j < i for j, q, _ in given)]
        assume(later)
        i, p = data.draw(st.sampled_from(later), label="placement")
        previous = [r for j, q, r in given if q == p and j < i][-1]
        events[i]["clock_s"] = previous + data.draw(st.integers(1, 700), label="more")
        return log, kind, ("bad-clock", i)
    if kind in ("below-zero", "above-clock"):
        i = data.draw(st.sampled_from(places), label="placement")
        step = data.draw(st.integers(1, 10**6), label="by")
        events[i]["clock_s"] = -step if kind == "below-zero" else log["clock_s"] + step
        return log, kind, ("bad-clock", i)
    if kind == "zero-without-flag":
        # The placement did not end the game and the next event is not its player's flag.
        candidates = [i for i in places if i != last and not is_flag_by(events[i + 1], events[i]["player"])]
        assume(candidates)
        i = data.draw(st.sampled_from(candidates), label="placement")
        events[i]["clock_s"] = 0
        return log, kind, ("bad-clock", i + 1)
    if kind == "zero-ending":
        # A reading of 0 on the placement that ended the game needs no flag.
        assume(events[last]["type"] == "place")
        events[last]["clock_s"] = 0
        return log, kind, "valid"
    if kind == "not-an-integer":
        i = data.draw(st.sampled_from(places), label="placement")
        events[i]["clock_s"] = data.draw(st.sampled_from(NOT_INTEGERS), label="reading")
        return log, kind, ("bad-event", i)
    if kind == "drop-owed-flag":
        owed = [i for i, p, r in given if r == 0 and i != last]
        assume(owed)
        i = data.draw(st.sampled_from(owed), label="placement")
        assert is_flag_by(events[i + 1], events[i]["player"])
        del events[i + 1]
        return log, kind, ("bad-clock", i + 1) if i + 1 < len(events) else ("unfinished", len(events))
    if kind == "lower-log-clock":
        # A game's clock below a reading: the first reading above it is the fault.
        highest = max((r for _, _, r in given), default=0)
        assume(highest >= 2)
        log["clock_s"] = data.draw(st.integers(1, highest - 1), label="clock_s")
        return log, kind, ("bad-clock", next(i for i, _, r in given if r > log["clock_s"]))
    if kind == "bad-log-clock":
        log["clock_s"] = data.draw(st.sampled_from(BAD_LOG_CLOCKS), label="clock_s")
        return log, kind, ("bad-format", None)
    log["final"] = data.draw(st.sampled_from(BAD_FINALS), label="final")
    return log, kind, ("wrong-final", len(events))


@settings(max_examples=300, deadline=None)
@given(log=clocked_pool, data=st.data())
def test_a_clock_mutant_is_reported_where_the_spec_says(log, data):
    mutated, what, expected = clock_mutant(log, data)
    note(what)
    event(what)
    report = replay(mutated)
    assert_well_formed(report, mutated)
    if expected == "valid":
        assert report.to_json() == replay(log).to_json()
    else:
        assert (report.code, report.event) == expected, report.to_json()
        if report.code == "bad-clock":
            player = mutated["events"][expected[1] - (what in ("zero-without-flag", "drop-owed-flag"))]["player"]
            assert mutated["players"][player] in report.message
    assert check_text(json.dumps(mutated)).to_json() == report.to_json()
