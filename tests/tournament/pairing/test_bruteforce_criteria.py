"""Criteria 2, 3 and 4 of "Swiss pairing" against brute force.

Random fields of one or two score groups (4 to 8 players, histories of up to
four games, some rematches barred).  Every legal pairing is enumerated; among
those as good as the engine's on criterion 1 and with the same pairs across
the groups (the floaters, chosen before criteria 2–4), the engine's must be
the best on, in this order, criterion 2 (first-move faults), criterion 3
(unmet preferences), criterion 4 (pairs within one half of their group, the
middle player of an odd group in the bottom half; then the sum of
|(lower's place − higher's place) − ⌊n/2⌋|).  Each pairing is scored with the
best way round at each table; the engine's with the way round it chose.
Everything here is written from `docs/tournament-rules.md`, not from the engine.
"""

from __future__ import annotations

import random

import pytest

from tournament.pairing import Entrant, pair_swiss

CASES = 1500


def fault(history: str, side: str) -> int:
    """Criterion 2: a third game in a row on one side; firsts and seconds more than 2 apart."""
    after = history + side
    return after.endswith(side * 3) + (abs(after.count("F") - after.count("S")) > 2)


def wanted(history: str) -> str | None:
    """Criterion 3's preference: the side criterion 2 forces, else the side that evens the counts, else
    the other side from the last game."""
    if not history:
        return None
    for side, other in (("F", "S"), ("S", "F")):
        if fault(history, side) and not fault(history, other):
            return other
    firsts, seconds = history.count("F"), history.count("S")
    if firsts != seconds:
        return "S" if firsts > seconds else "F"
    return "S" if history[-1] == "F" else "F"


def table_cost(first: Entrant, second: Entrant) -> tuple[int, int]:
    faults = fault(first.sides, "F") + fault(second.sides, "S")
    unmet = (wanted(first.sides) not in (None, "F")) + (wanted(second.sides) not in (None, "S"))
    return faults, unmet


def matchings(players):
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        if partner.id not in head.opponents:
            for tail in matchings(rest[:i] + rest[i + 1:]):
                yield [(head, partner)] + tail


def measure(pairs, place, size, oriented: bool):
    """(faults, unmet, pairs within one half, distance) of a pairing; `oriented`: as the tables are."""
    faults = unmet = same_half = distance = 0
    for a, b in pairs:
        cost = table_cost(a, b) if oriented else min(table_cost(a, b), table_cost(b, a))
        faults, unmet = faults + cost[0], unmet + cost[1]
        if a.half_points == b.half_points:
            higher, lower = sorted((place[a.id], place[b.id]))
            n = size[a.half_points]
            same_half += (higher < n // 2) == (lower < n // 2)
            distance += abs(lower - higher - n // 2)
    return faults, unmet, same_half, distance


def random_field(seed: int) -> list[Entrant]:
    rng = random.Random(seed)
    n = rng.choice([4, 6, 6, 8])
    top = rng.choice([0, 0, 1, 2, 3, 3, n // 2 + 1]) if n > 4 else rng.choice([0, 1, 2])
    players = []
    for i in range(1, n + 1):
        sides = "".join(rng.choice("FS") for _ in range(rng.randint(0, 4)))
        players.append(Entrant(i, i, 4 if i <= top else 2, frozenset(), sides))
    met = {i: set() for i in range(1, n + 1)}
    for _ in range(rng.randint(0, n // 2)):
        a, b = rng.sample(range(1, n + 1), 2)
        met[a].add(b)
        met[b].add(a)
    return [Entrant(e.id, e.seed, e.half_points, frozenset(met[e.id]), e.sides) for e in players]


def check(field: list[Entrant]) -> bool:
    """Whether the field could be paired at all; fails the test if the engine's pairing is not the best."""
    ranked = sorted(field, key=lambda e: (-e.half_points, e.seed))
    legal = list(matchings(ranked))
    if not legal:
        return False
    by_id = {e.id: e for e in field}
    place, size = {}, {}
    for e in ranked:
        place[e.id] = size.get(e.half_points, 0)
        size[e.half_points] = place[e.id] + 1
    pairing = pair_swiss(field, 5)
    engine = [(by_id[a], by_id[b]) for a, b in pairing.pairs]

    def gaps(pairs):
        return sorted((abs(a.half_points - b.half_points) for a, b in pairs), reverse=True)

    def across(pairs):
        return {frozenset((a.id, b.id)) for a, b in pairs if a.half_points != b.half_points}

    rivals = [m for m in legal if gaps(m) == gaps(engine) and across(m) == across(engine)]
    best = min(measure(m, place, size, oriented=False) for m in rivals)
    got = measure(engine, place, size, oriented=True)
    described = "\n".join(f"  Entrant({e.id}, {e.seed}, {e.half_points}, frozenset({sorted(e.opponents)}), "
                          f"{e.sides!r})," for e in field)
    assert got == best, f"engine {pairing.pairs} scores {got}; a pairing scores {best}\n{described}"
    return True


@pytest.mark.parametrize("chunk", range(4))
def test_criteria_two_to_four_match_brute_force(chunk):
    paired = sum(check(random_field(seed)) for seed in range(chunk, CASES, 4))
    assert paired > CASES // 8  # most fields can be paired: the checks above ran
