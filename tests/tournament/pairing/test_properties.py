"""Properties of whole simulated Swiss tournaments (`docs/tournament-rules.md`).

`simulate()` pairs every round with the engine from the file so far; here the
produced `ingenious-tournament/1` object is read back round by round, with our
own bookkeeping (not the project's), and the absolute rules are checked:

- no two players who have played a game are ever paired again (a forfeit is
  not a meeting);
- the bye goes to a player with the fewest byes and forfeit wins, so nobody
  gets a second one while an active player has none;
- withdrawn players (round > withdrawn_after_round) and late entries before
  their joined_round never appear;
- every active player appears exactly once, in a match or as the bye;
- round 1 is seed order, top half against bottom half, the lowest seed out.

`simulate()` raises `PairingImpossible` when the engine gives up.  That is
legitimate only if no pairing obeys the absolute rules: the partial file is
captured, the round's entrants rebuilt with `entrants(parse(file), round)`,
and brute force must find no legal pairing for any allowed bye.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tournament.tfile.simulate as simulate_module
from tournament.pairing.next_round import entrants
from tournament.pairing import PairingImpossible
from tournament.tfile import parse


def run_simulation(players, rounds, **options):
    """(file, None) for a finished simulation, or (partial file, error) if the engine gave up."""
    seen = {}
    real_parse = simulate_module.parse

    def spy(obj):
        seen["file"] = obj
        return real_parse(obj)

    with mock.patch.object(simulate_module, "parse", spy):
        try:
            return simulate_module.simulate(players, rounds, **options), None
        except PairingImpossible as error:
            return seen["file"], error


def plays_in(player: dict, number: int) -> bool:
    joined = player.get("joined_round", 1)
    withdrawn = player.get("withdrawn_after_round")
    return joined <= number and (withdrawn is None or withdrawn >= number)


class Bookkeeping:
    """Who has played whom, and each player's byes plus forfeit wins, round by round."""

    def __init__(self, file: dict):
        self.players = file["players"]
        self.seed = {p["id"]: i + 1 for i, p in enumerate(self.players)}
        self.played: set[frozenset] = set()
        self.credits = {p["id"]: 0 for p in self.players}

    def active(self, number: int) -> set[int]:
        return {p["id"] for p in self.players if plays_in(p, number)}

    def check_round(self, record: dict, where: str) -> None:
        number = record["number"]
        active = self.active(number)
        appearances = []
        byes = []
        for match in record["matches"]:
            appearances.append(match["first"])
            if match["status"] == "bye":
                byes.append(match["first"])
                assert match["second"] is None, where
                continue
            appearances.append(match["second"])
            pair = frozenset((match["first"], match["second"]))
            assert len(pair) == 2, f"{where}: a player paired with itself"
            assert pair not in self.played, f"{where}: rematch {sorted(pair)} (they played before)"

        absent = set(appearances) - active
        for player in self.players:
            if player["id"] in absent:
                assert False, (
                    f"{where}: player {player['id']} appears but does not play in round {number} "
                    f"(joined_round {player.get('joined_round', 1)}, "
                    f"withdrawn_after_round {player.get('withdrawn_after_round')})"
                )
        assert len(appearances) == len(set(appearances)), f"{where}: a player appears twice"
        assert set(appearances) == active, f"{where}: active players missing: {sorted(active - set(appearances))}"

        # The bye: only for an odd field, one of them, and no second bye (bye or forfeit
        # win) while an active player has had none.  Once all have had one, the spec's
        # order among them (fewest first, unless that leaves no pairing) is checked by
        # brute force in test_bruteforce.py.
        assert len(byes) == len(active) % 2, f"{where}: {len(byes)} byes for {len(active)} active players"
        if byes and min(self.credits[p] for p in active) == 0:
            assert self.credits[byes[0]] == 0, (
                f"{where}: a second bye to {byes[0]} ({self.credits[byes[0]]} byes/forfeit wins) "
                f"while some active player has had none"
            )

        if number == 1:
            ranked = sorted(active, key=self.seed.__getitem__)
            if len(ranked) % 2:
                assert byes == [ranked[-1]], f"{where}: round-1 bye must go to the lowest seed"
                ranked = ranked[:-1]
            half = len(ranked) // 2
            expected = {frozenset((ranked[i], ranked[i + half])) for i in range(half)}
            got = {frozenset((m["first"], m["second"])) for m in record["matches"] if m["status"] != "bye"}
            assert got == expected, f"{where}: round 1 is not top half v bottom half in seed order"

    def record(self, record: dict) -> None:
        for match in record["matches"]:
            if match["status"] == "played":
                self.played.add(frozenset((match["first"], match["second"])))
            elif match["status"] == "bye":
                self.credits[match["first"]] += 1
            elif match["status"] == "forfeit" and match.get("winner") is not None:
                self.credits[match["winner"]] += 1


def has_legal_matching(players) -> bool:
    """Is there a perfect matching of `players` (Entrants) with no rematch?"""
    if not players:
        return True
    head, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        if partner.id in head.opponents or head.id in partner.opponents:
            continue
        if has_legal_matching(rest[:i] + rest[i + 1 :]):
            return True
    return False


def check_tournament(players, rounds, seed, forfeit_chance, withdraw_chance, late_entries) -> bool:
    """Check one simulated tournament; True if the engine (legitimately) gave up."""
    options = dict(
        seed=seed, forfeit_chance=forfeit_chance, withdraw_chance=withdraw_chance, late_entries=late_entries
    )
    file, error = run_simulation(players, rounds, **options)
    label = f"simulate({players}, {rounds}, {', '.join(f'{k}={v!r}' for k, v in options.items())})"
    books = Bookkeeping(file)
    for record in file["rounds"]:
        books.check_round(record, f"{label}, round {record['number']}")
        books.record(record)
    if error is None:
        assert len(file["rounds"]) == rounds
        return False

    # The engine gave up on the next round: brute force must agree that nothing is legal.
    number = len(file["rounds"]) + 1
    field = [e for e in entrants(parse(file), number) if e.active]
    assert {e.id for e in field} == books.active(number), label
    for e in field:  # the project's bookkeeping agrees with ours
        assert e.byes == books.credits[e.id], label
        assert {frozenset((e.id, o)) for o in e.opponents} <= books.played, label
    assert len(field) <= 16, f"{label}: the engine gave up on a field of {len(field)} in round {number}"
    if len(field) % 2 == 0:
        candidates = [None]
    else:
        fewest = min(e.byes for e in field)
        candidates = [e for e in field if e.byes == fewest]
    for bye in candidates:
        rest = [e for e in field if bye is None or e.id != bye.id]
        assert not has_legal_matching(rest), (
            f"{label}: the engine raised PairingImpossible ({error}) in round {number}, but "
            + (f"a bye to {bye.id} leaves a legal pairing" if bye else "a legal pairing exists")
        )
    return True


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.one_of(st.integers(3, 12), st.integers(3, 40)),
    rounds=st.integers(1, 9),
    seed=st.integers(0, 2**31),
    forfeit_chance=st.sampled_from([0.0, 0.05, 0.15, 0.3]),
    withdraw_chance=st.sampled_from([0.0, 0.05, 0.15]),
    late_entries=st.integers(0, 4),
)
@example(players=120, rounds=9, seed=7, forfeit_chance=0.05, withdraw_chance=0.03, late_entries=4)
@example(players=200, rounds=9, seed=11, forfeit_chance=0.1, withdraw_chance=0.05, late_entries=3)
@example(players=199, rounds=9, seed=5, forfeit_chance=0.0, withdraw_chance=0.0, late_entries=0)
def test_simulated_tournaments_obey_the_absolute_rules(
    players, rounds, seed, forfeit_chance, withdraw_chance, late_entries
):
    check_tournament(players, rounds, seed, forfeit_chance, withdraw_chance, min(late_entries, players // 2))


def test_tiny_fields_late_in_the_event():
    """3-5 players over 5-9 rounds: the engine often must give up; when it does, it must be right."""
    gave_up = 0
    for seed in range(60):
        players = 3 + seed % 3
        rounds = 5 + seed % 5
        forfeit_chance = (0.0, 0.2)[seed % 2]
        gave_up += check_tournament(players, rounds, seed, forfeit_chance, 0.0, 0)
    assert gave_up >= 10  # the brute-force branch above is really exercised
