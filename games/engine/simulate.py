"""Complete, legal games played by a simple player, written as logs.

Used by the property tests, the benchmark and demo data.  The player mostly
picks, among a few sampled placements, the one that helps its lowest colours,
so games reach 18s, bonus placements and swaps as real games do.  With
`clock=True` each placement also carries the player's clock reading.
"""

from __future__ import annotations

import random

from .board import CELLS
from .game import Game
from .log import FORMAT
from .tiles import COLOURS, RACK_SIZE, TILE_KINDS, kind_name
from .turns import BONUS
from .variants import new_game


def _draw_random(game: Game, player: int, rng: random.Random, events: list) -> None:
    want = min(RACK_SIZE - game.rack_sizes[player], game.bag_size)
    if want <= 0:
        return
    pool = [k for k, n in enumerate(game.bag) for _ in range(n)]
    tiles = [kind_name(k) for k in rng.sample(pool, want)]
    game.draw(player, tiles)
    events.append({"type": "draw", "player": player, "tiles": tiles})


def _choose(game: Game, player: int, rng: random.Random, samples: int):
    pairs = game.legal_cell_pairs(player)
    kinds = [k for k, n in enumerate(game.racks[player]) if n]
    if not pairs or not kinds:
        return None
    scores = game.scores[player]
    best, best_value = None, None
    for _ in range(samples):
        i, j = rng.choice(pairs)
        a, b = TILE_KINDS[rng.choice(kinds)]
        if rng.random() < 0.5:
            a, b = b, a
        tile, cells = COLOURS[a] + COLOURS[b], (CELLS[i], CELLS[j])
        gain = game.gain_of(tile, cells)
        # Points count more in low colours; capped points count for nothing.
        value = sum(min(g, 18 - scores[c]) * (19 - scores[c]) for c, g in enumerate(gain)) + rng.random()
        if best_value is None or value > best_value:
            best, best_value = (tile, cells), value
    return best


CLOCK_S = 600  # each player's time in the logs written here
MOST_SECONDS_PER_PLACEMENT = 50  # about one game in eight runs a player's clock down to 0


class _Clock:
    """Time left per player, spent at random by a generator of its own, so readings leave the game unchanged."""

    def __init__(self, players: int, rng: random.Random):
        # Seeded from the game's generator's state without drawing from it.
        self.rng = random.Random(repr(rng.getstate()))
        self.left = [CLOCK_S] * players

    def spend(self, player: int) -> int:
        self.left[player] = max(0, self.left[player] - self.rng.randint(0, MOST_SECONDS_PER_PLACEMENT))
        return self.left[player]


def random_game(
    players: int = 2,
    rules: str = "mso",
    seed: int | random.Random | None = None,
    flag_chance: float = 0.0,
    swap_chance: float = 0.5,
    samples: int = 8,
    names: list[str] | None = None,
    clock: bool = False,
) -> dict:
    """A whole game as an `ingenious-log/1` object, with draws, gains, swaps and `final`.

    With `clock`, every placement carries `clock_s`, the time its player had
    left; a player whose clock reaches 0 flags at once (unless that placement
    ended the game).  Without, the same seed makes the same log as it always did.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    clocks = _Clock(players, rng) if clock else None
    names = names or [f"Player {i + 1}" for i in range(players)]
    game = new_game(names, rules, tracked_racks=True)
    events: list[dict] = []
    for player in range(players):
        _draw_random(game, player, rng, events)
    while not game.is_over:
        player = game.to_place
        if flag_chance and rng.random() < flag_chance:
            game.flag(player)
            events.append({"type": "flag", "player": player})
            continue
        choice = _choose(game, player, rng, samples)
        if choice is None:  # no tile to place: the player's clock runs out
            game.flag(player)
            events.append({"type": "flag", "player": player})
            continue
        tile, cells = choice
        reading = None if clocks is None else clocks.spend(player)
        gain = game.place(player, tile, cells, clock_s=reading)
        event = {"type": "place", "player": player, "tile": tile, "cells": [list(c) for c in cells]}
        declared = {COLOURS[c]: g for c, g in enumerate(gain) if g}
        if declared:
            event["gain"] = declared
        if reading is not None:
            event["clock_s"] = reading
        events.append(event)
        if reading == 0 and not game.is_over:  # out of time: the flag follows at once
            game.flag(player)
            events.append({"type": "flag", "player": player})
            continue
        if game.is_over or game.phase == BONUS:
            continue
        if game.may_swap(player) and rng.random() < swap_chance:
            shown = game.swappable(player)
            game.swap(player, shown)
            events.append({"type": "swap", "player": player, "rack": shown})
        _draw_random(game, player, rng, events)
    events.append({"type": "end"})
    result = game.result()
    return {
        "format": FORMAT,
        "rules": rules,
        "players": names,
        "clock_s": CLOCK_S,
        "events": events,
        "final": result.scores,
    }
