"""The Swiss engine against brute force on small random fields.

For each random field (3..10 active players, random histories, some inactive
players) every pairing is enumerated: every perfect matching of the active
players and, for an odd count, every possible bye.  The engine's answer is
then checked against `docs/tournament-rules.md` ("Byes, forfeits,
withdrawals" and "Swiss pairing"):

a. the absolute rules hold (no rematch, no inactive player paired or given
   the bye, no second bye while an active player has none);
b. the bye is the lowest-ranked of those with the fewest byes whose removal
   leaves a legal pairing of the rest; once everyone has had a bye and none
   of the fewest can take it, the next fewest, and so on (any bye is then
   allowed by the absolute rules, so the round must not be called impossible);
c. criterion 1: no legal pairing with the same bye has a lexicographically
   smaller list of score differences (largest first);
d. the engine raises `PairingImpossible` exactly when brute force finds no
   legal pairing for any allowed bye;
e. (criterion 2, where it is unambiguous) each pair is oriented with the
   fewest first-move faults, and when the field splits into score groups
   with no floater and some optimal pairing has no fault at all, the engine's
   has none either;
f. (the floaters, where it is unambiguous) with one pair across score
   groups, no optimal pairing floats a lower-ranked player down and a
   higher-ranked player up.

Everything the checks compare against (ranking, faults, score differences,
matchings) is computed here, independently of the engine's code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from tournament.pairing import Entrant, PairingImpossible, pair_swiss

CASES = 3000


# --- the spec, written out independently -----------------------------------------------


def ranking(players: list[Entrant]) -> list[Entrant]:
    """Ranking order for pairing: VP higher first, then seed order (seed 1 first)."""
    return sorted(players, key=lambda p: (-p.half_points, p.seed))


def have_met(a: Entrant, b: Entrant) -> bool:
    return a.id in b.opponents or b.id in a.opponents


def legal_matchings(players: list[Entrant]):
    """Every perfect matching of `players` with no rematch (as lists of pairs)."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        if have_met(head, partner):
            continue
        for tail in legal_matchings(rest[:i] + rest[i + 1 :]):
            yield [(head, partner)] + tail


def has_legal_matching(players: list[Entrant]) -> bool:
    return next(legal_matchings(players), None) is not None


def differences(pairs) -> list[int]:
    """The list of pair score differences (half-points), largest first."""
    return sorted((abs(a.half_points - b.half_points) for a, b in pairs), reverse=True)


def side_faults(history: str, side: str) -> int:
    """Criterion 2 broken by a player with `history` playing `side` now.

    One fault for a third game in a row on the same side, one for firsts and
    seconds then differing by more than 2.
    """
    after = history + side
    count = 0
    if after.endswith(side * 3):
        count += 1
    if abs(after.count("F") - after.count("S")) > 2:
        count += 1
    return count


def pair_faults(first: Entrant, second: Entrant) -> int:
    return side_faults(first.sides, "F") + side_faults(second.sides, "S")


def best_faults(a: Entrant, b: Entrant) -> int:
    return min(pair_faults(a, b), pair_faults(b, a))


# --- random fields -------------------------------------------------------------------------


@dataclass
class Case:
    seed: int
    entrants: list[Entrant]
    round_number: int

    def describe(self) -> str:
        lines = [f"case seed {self.seed}, round {self.round_number}:"]
        for e in self.entrants:
            lines.append(
                f"  Entrant(id={e.id}, seed={e.seed}, half_points={e.half_points}, "
                f"opponents=frozenset({sorted(e.opponents)}), sides={e.sides!r}, byes={e.byes}, active={e.active}),"
            )
        return "\n".join(lines)


def random_case(seed: int) -> Case:
    rng = random.Random(seed)
    active_count = rng.randint(3, 10)
    inactive_count = rng.choice([0, 0, 1, 2, 3])
    total = active_count + inactive_count
    ids = rng.sample(range(1, 60), total)  # ids unrelated to seeds
    seeds = list(range(1, total + 1))
    rng.shuffle(seeds)
    active = set(rng.sample(ids, active_count))

    # Who has met whom: symmetric; dense enough, sometimes, to leave no pairing.
    density = rng.choice([0.0, 0.1, 0.3, 0.5, 0.7, 0.85])
    met = {i: set() for i in ids}
    for x in range(total):
        for y in range(x + 1, total):
            if rng.random() < density:
                met[ids[x]].add(ids[y])
                met[ids[y]].add(ids[x])
    most_games = max(len(m) for m in met.values())
    round_number = max(2, most_games + 1 + rng.randint(0, 2))

    # VP in half-points: coarse (many ties) or fine.
    coarse = rng.random() < 0.6
    entrants = []
    for i, seed_number in zip(ids, seeds):
        games = len(met[i])
        spare = round_number - 1 - games  # rounds not played: byes, forfeits, absences
        byes = rng.choice([0, 0, 0, 1, 1, 2]) if spare else 0
        byes = min(byes, spare)
        if coarse:
            half_points = 2 * byes + 2 * rng.randint(0, games)
        else:
            half_points = 2 * byes + rng.randint(0, 2 * games)
        sides = "".join(rng.choice("FS") for _ in range(games))
        entrants.append(
            Entrant(
                id=i,
                seed=seed_number,
                half_points=half_points,
                opponents=frozenset(met[i]),
                sides=sides,
                byes=byes,
                active=i in active,
                name=f"P{i}",
            )
        )
    rng.shuffle(entrants)
    return Case(seed, entrants, round_number)


# --- the brute force -----------------------------------------------------------------------


@dataclass
class Truth:
    allowed_byes: list[Entrant]  # in the order the spec tries them
    bye: Entrant | None  # the spec's bye (None: even field, or no pairing at all)
    possible: bool
    best: list[int] | None  # the optimal criterion-1 list with that bye
    matchings: list  # every legal matching of the rest with that bye


def brute_force(entrants: list[Entrant]) -> Truth:
    ranked = ranking([e for e in entrants if e.active])
    if len(ranked) % 2 == 0:
        matchings = list(legal_matchings(ranked))
        if not matchings:
            return Truth([], None, False, None, [])
        return Truth([], None, True, min(differences(m) for m in matchings), matchings)
    fewest = min(e.byes for e in ranked)
    if fewest == 0:
        allowed_byes = [e for e in reversed(ranked) if e.byes == 0]
    else:  # everyone has had one: fewest first, lowest-ranked first within a count
        allowed_byes = [e for count in sorted({e.byes for e in ranked}) for e in reversed(ranked) if e.byes == count]
    for candidate in allowed_byes:
        rest = [e for e in ranked if e.id != candidate.id]
        matchings = list(legal_matchings(rest))
        if matchings:
            return Truth(allowed_byes, candidate, True, min(differences(m) for m in matchings), matchings)
    return Truth(allowed_byes, None, False, None, [])


# --- the checks ------------------------------------------------------------------------------


def check_case(case: Case) -> str:
    """Run one case; return what happened ("impossible", "bye-skipped", ...) for the coverage test."""
    by_id = {e.id: e for e in case.entrants}
    truth = brute_force(case.entrants)
    info = case.describe()

    if not truth.possible:
        # d. nothing obeys the absolute rules: the engine must say so.
        with pytest.raises(PairingImpossible):
            pair_swiss(case.entrants, case.round_number)
        return "impossible"

    # d. conversely, the engine must not give up when a pairing exists.
    try:
        result = pair_swiss(case.entrants, case.round_number)
    except PairingImpossible as error:  # pragma: no cover - a failure
        pytest.fail(f"engine raised PairingImpossible ({error}) but a legal pairing exists\n{info}")

    active = {e.id for e in case.entrants if e.active}
    pairs = result.pairs
    placed = [p for pair in pairs for p in pair] + ([result.bye] if result.bye is not None else [])

    # a. every active player exactly once; no inactive player paired or given the bye.
    assert sorted(placed) == sorted(active), f"placed {sorted(placed)} but active {sorted(active)}\n{info}"
    assert len(set(placed)) == len(placed), info
    # a. no rematch.
    for first, second in pairs:
        assert not have_met(by_id[first], by_id[second]), f"rematch {first} v {second}\n{info}"
    # a. the bye only for an odd field, and never a second bye while anyone has none.
    if len(active) % 2 == 0:
        assert result.bye is None, info
    else:
        assert result.bye is not None, info
        if min(by_id[i].byes for i in active) == 0:
            assert by_id[result.bye].byes == 0, f"second bye to {result.bye}\n{info}"

    # b. the spec's bye: the lowest-ranked of the fewest whose removal leaves a legal pairing.
    expected_bye = truth.bye.id if truth.bye is not None else None
    assert result.bye == expected_bye, f"bye {result.bye}, spec says {expected_bye}\n{info}"

    # c. criterion 1 optimality among all legal pairings with the same bye.
    got = differences([(by_id[a], by_id[b]) for a, b in pairs])
    assert got == truth.best, f"score differences {got}, best possible {truth.best}\n{info}"

    # e. criterion 2: each pair's orientation has the fewest faults it can have.
    for first, second in pairs:
        a, b = by_id[first], by_id[second]
        assert pair_faults(a, b) == best_faults(a, b), f"{first} v {second} could have fewer faults the other way\n{info}"
    # e. with no floater at all, a fault-free optimal pairing must be found when one exists.
    if truth.best and max(truth.best) == 0:
        optimal = [m for m in truth.matchings if differences(m) == truth.best]
        if any(sum(best_faults(a, b) for a, b in m) == 0 for m in optimal):
            total = sum(pair_faults(by_id[a], by_id[b]) for a, b in pairs)
            assert total == 0, f"{total} first-move faults, but a fault-free optimal pairing exists\n{info}"

    # f. the floaters (part of criterion 1): with a single pair across score groups,
    # no other optimal pairing floats a lower-ranked player down and a higher-ranked
    # one up (at least as good on both ends, better on one).
    if truth.best and sum(1 for d in truth.best if d) == 1:
        place = {e.id: i for i, e in enumerate(ranking([e for e in case.entrants if e.active]))}

        def floaters(matching):
            (a, b), = [(a, b) for a, b in matching if a.half_points != b.half_points]
            return (a, b) if place[a.id] < place[b.id] else (b, a)

        down, up = floaters([(by_id[a], by_id[b]) for a, b in pairs])
        for m in truth.matchings:
            if differences(m) != truth.best:
                continue
            d, u = floaters(m)
            if (d.half_points, u.half_points) != (down.half_points, up.half_points) or (d, u) == (down, up):
                continue
            assert not (place[d.id] >= place[down.id] and place[u.id] <= place[up.id]), (
                f"floaters {down.id} down, {up.id} up; {d.id} down, {u.id} up is better on both\n{info}"
            )

    if truth.bye is not None and truth.bye.id != truth.allowed_byes[0].id:
        return "bye-skipped"
    if truth.best and max(truth.best) > 0:
        return "floaters"
    return "plain"


@pytest.mark.parametrize("chunk", range(8))
def test_engine_matches_brute_force(chunk):
    for seed in range(chunk, CASES, 8):
        check_case(random_case(seed))


def test_random_fields_cover_every_path():
    """The generator must actually reach the interesting cases, or the test above proves little."""
    outcomes = {}
    for seed in range(CASES):
        case = random_case(seed)
        truth = brute_force(case.entrants)
        active = [e for e in case.entrants if e.active]
        if not truth.possible:
            kind = "impossible"
        elif truth.bye is not None and truth.bye.id != truth.allowed_byes[0].id:
            kind = "bye-skipped"
        elif truth.best and max(truth.best) > 0:
            kind = "floaters"
        else:
            kind = "plain"
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if len(active) % 2 and min(e.byes for e in active) > 0:
            outcomes["all-had-byes"] = outcomes.get("all-had-byes", 0) + 1
        if any(not e.active for e in case.entrants):
            outcomes["inactive"] = outcomes.get("inactive", 0) + 1
    for kind in ("impossible", "bye-skipped", "floaters", "plain", "all-had-byes", "inactive"):
        assert outcomes.get(kind, 0) >= 5, outcomes


def test_bye_skips_a_player_whose_removal_leaves_no_pairing():
    # Worked by hand: 5 active players, nobody has had a bye.  Ranking: 1, 2, 3, 4, 5
    # (all on 0 VP, seed order).  The lowest-ranked, 5, would leave 1-4 to pair,
    # but 1 has met 2, 3 and 4: no pairing.  4 is next: without 4, the players
    # 1, 2, 3, 5 pair as 1 v 5 and 2 v 3 (1 has not met 5).  So the bye is 4.
    def e(i, met):
        return Entrant(i, i, 0, frozenset(met), "", 0, True, f"P{i}")

    players = [e(1, {2, 3, 4}), e(2, {1}), e(3, {1}), e(4, {1}), e(5, set())]
    result = pair_swiss(players, 4)
    assert result.bye == 4
    assert sorted(tuple(sorted(p)) for p in result.pairs) == [(1, 5), (2, 3)]
    assert "P5" in result.bye_reason  # the skipped player is named


def test_once_everyone_has_had_a_bye_a_second_one_may_go_past_the_fewest():
    # A (seed 3, 1 bye, met C), B (seed 2, 2 byes, met C), C (seed 1, 2 byes,
    # met A and B), all on 2 VP: ranking C, B, A.  Everyone has had a bye, so the
    # absolute rule no longer binds.  A has the fewest, but without A, B v C is
    # a rematch.  Of B and C (2 byes each) the lowest-ranked is B, leaving A v C:
    # a rematch again.  Then C, leaving A v B: legal.
    players = [
        Entrant(30, 3, 4, frozenset({10}), "FS", 1, True, "A"),
        Entrant(20, 2, 4, frozenset({10}), "SF", 2, True, "B"),
        Entrant(10, 1, 4, frozenset({30, 20}), "FS", 2, True, "C"),
    ]
    result = pair_swiss(players, 5)
    assert result.bye == 10
    assert "no one with fewer can take it" in result.bye_reason


def test_no_second_bye_even_if_only_a_second_bye_would_pair():
    # 3 active players; 1 and 2 have met; 3 has had a bye, 1 and 2 have not.
    # A bye to 1 or 2 leaves 2 v 3 or 1 v 3, but the bye must go to a player
    # without one (the absolute rule): 2 first, leaving 1 v 3 - legal.
    players = [
        Entrant(1, 1, 2, frozenset({2}), "F", 0, True, "P1"),
        Entrant(2, 2, 0, frozenset({1}), "S", 0, True, "P2"),
        Entrant(3, 3, 2, frozenset(), "", 1, True, "P3"),
    ]
    result = pair_swiss(players, 2)
    assert result.bye == 2
    # Now 1 has met 3 as well: 2 cannot take the bye (1 v 3 is a rematch), 1 can (2 v 3).
    players[0] = Entrant(1, 1, 2, frozenset({2, 3}), "FF", 0, True, "P1")
    players[2] = Entrant(3, 3, 2, frozenset({1}), "S", 1, True, "P3")
    result = pair_swiss(players, 3)
    assert result.bye == 1
    # 1 v 2 legal, but 3 has met both: a bye to 1 leaves 2 v 3, a bye to 2 leaves
    # 1 v 3, both rematches.  Only a second bye for 3 (leaving 1 v 2) would pair
    # the round, and that breaks the absolute rule while 1 and 2 have none.
    players = [
        Entrant(1, 1, 2, frozenset({3}), "F", 0, True, "P1"),
        Entrant(2, 2, 0, frozenset({3}), "S", 0, True, "P2"),
        Entrant(3, 3, 2, frozenset({1, 2}), "SF", 1, True, "P3"),
    ]
    with pytest.raises(PairingImpossible):
        pair_swiss(players, 4)
