"""Generated Swiss histories of any size, for timing the pairer on fields it has never seen (`bench`).

`simulate_until` in `bench` pairs every earlier round with the engine itself,
which takes minutes at 10,000 players; here rounds 1..N-1 are paired the way
a rough organiser would (down the ranking, the next player not yet met), so a
10,000-player history takes a second or two.  What the pairer meets is what
a real event can hand it: wins, losses and draws, forfeits (no game: no
opponent, no side), withdrawals, late entries, excused absences (in earlier
rounds and in the one to pair), a bye when the field is odd, sides mostly as
the preference asks and sometimes not; and, on request, players whose sides
make a first-move fault unavoidable whichever side they play next (five
games on one side out of six, e.g. first, first, first, second, first, first).
"""

from __future__ import annotations

import random

from .model import FIRST, SECOND, Entrant
from .sides import faults

LOOK_AHEAD = 20  # how far down the ranking a player's opponent is looked for


def generated_field(players: int, round_number: int = 7, seed: int = 1, forced_faults: int = 0) -> list[Entrant]:
    """The entrants before `round_number` of a generated `players`-player Swiss.

    `forced_faults` players who played every round so far are given sides with
    one side five times out of six (or more), so that any side they play next
    breaks criterion 2; the rest of their history is kept.
    """
    rng = random.Random(seed)
    strength = [rng.random() for _ in range(players)]
    half_points = [0] * players
    met: list[set[int]] = [set() for _ in range(players)]
    sides = [""] * players
    byes = [0] * players
    joined = [1] * players
    withdrawn = [None] * players
    for late in rng.sample(range(players), players // 50):
        joined[late] = rng.randint(2, round_number)
    for number in range(1, round_number):
        present = [p for p in range(players) if joined[p] <= number and withdrawn[p] is None]
        excused = {p for p in present if rng.random() < 0.01}
        for p in excused:
            half_points[p] += 1  # an excused absence scores half a win
        playing = sorted((p for p in present if p not in excused), key=lambda p: (-half_points[p], rng.random()))
        if len(playing) % 2:
            fewest = min(byes[p] for p in playing)
            taker = next(p for p in reversed(playing) if byes[p] == fewest)
            playing.remove(taker)
            byes[taker] += 1
            half_points[taker] += 2
        for first, second in _pairs_down_the_ranking(playing, met):
            _play(rng, first, second, strength, half_points, met, sides, byes)
        for p in present:
            if rng.random() < 0.01:
                withdrawn[p] = number
    everyone_so_far = [p for p in range(players) if len(sides[p]) == round_number - 1]
    for p in rng.sample(everyone_so_far, min(forced_faults, len(everyone_so_far))):
        heavy = rng.choice((FIRST, SECOND))
        history = [heavy] * (round_number - 1)
        history[rng.randrange(len(history))] = SECOND if heavy == FIRST else FIRST
        sides[p] = "".join(history)
    excused_now = {p for p in range(players) if rng.random() < 0.01}
    return [
        Entrant(
            id=p + 1, seed=p + 1, half_points=half_points[p], opponents=frozenset(o + 1 for o in met[p]),
            sides=sides[p], byes=byes[p],
            active=joined[p] <= round_number and withdrawn[p] is None and p not in excused_now,
            excused=p in excused_now,
        )
        for p in range(players)
    ]


def _pairs_down_the_ranking(playing: list[int], met: list[set[int]]):
    waiting = list(playing)
    while len(waiting) > 1:
        player = waiting.pop(0)
        window = waiting[:LOOK_AHEAD]
        opponent = next((o for o in window if o not in met[player]), window[0])  # a rematch rather than none
        waiting.remove(opponent)
        yield player, opponent


def _play(rng, a, b, strength, half_points, met, sides, byes) -> None:
    if rng.random() < 0.03:  # a forfeit: no game, the winner scores as for a bye
        winner = rng.choice((a, b))
        half_points[winner] += 2
        byes[winner] += 1
        return
    if rng.random() < 0.9:  # as the preference asks, mostly
        first, second = min(((a, b), (b, a)), key=lambda w: faults(sides[w[0]], FIRST) + faults(sides[w[1]], SECOND))
    else:
        first, second = rng.sample((a, b), 2)
    sides[first] += FIRST
    sides[second] += SECOND
    met[a].add(b)
    met[b].add(a)
    luck = rng.random()
    if luck < 0.1:
        half_points[a] += 1
        half_points[b] += 1
    else:
        half_points[a if luck < 0.1 + 0.9 * strength[a] / (strength[a] + strength[b]) else b] += 2
