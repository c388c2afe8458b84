"""Our Swiss pairer against py4swiss's FIDE Dutch engine, on the two measures they share.

For simulated fields, after each of rounds 1..6, the record is written with
`to_trf(record, pairing_bye=True)` (byes as `U`, which is what py4swiss counts
as an earlier bye), py4swiss pairs the next round from that file, and
`pair_next` pairs it from the record.  py4swiss does not know our spec's exact
rules, so only these are compared (from `entrants(...)` before the round):

1. criterion 1 of `docs/tournament-rules.md`: the |VP difference| of every
   pair, sorted largest first, compared lexicographically (lower is better).
   Ours must never be worse.
2. first-move faults: players who, after the round, have played the same side
   three times in a row or whose firsts and seconds differ by more than 2.
   The spec ranks criterion 1 above criterion 2, and its criterion 1 also says
   who floats ("the lowest-ranked of the higher group and the highest-ranked
   of the lower group where the measure allows the choice").  So "no more
   faults than py4swiss" is asserted when both the criterion-1 lists and the
   floaters (players paired across VP) are the same.  When ours is strictly
   better on criterion 1, py4swiss's pairing is one our spec calls wrong; when
   py4swiss floats other players to save a side (the Dutch system puts its
   colour rules above the choice of floaters, our spec does not), the fault
   comparison is not made and, if ours has more faults, the case is reported
   as skipped with both pairings' faults, so it stays visible.

Byes: when py4swiss gives the bye to someone else than we do, it is run again
with our bye player left out (`XXZ`, JaVaFo's "not paired this round"), so both
pair the same players; if py4swiss cannot pair that field, the case is skipped.
Withdrawn players are left out with `XXZ` as well.  A py4swiss pairing that
breaks our absolute rules (a rematch) would not be a fair yardstick; the case
is skipped then (it has not happened in these fields).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

py4swiss = pytest.importorskip("py4swiss", reason="py4swiss is not installed: pip install py4swiss")

from py4swiss.engines import DutchEngine  # noqa: E402
from py4swiss.engines.common import PairingError  # noqa: E402
from py4swiss.trf import TrfParser  # noqa: E402

from tournament.pairing.next_round import entrants, pair_next  # noqa: E402
from tournament.tfile.simulate import simulate  # noqa: E402
from tournament.tfile import parse  # noqa: E402
from tournament.tfile.trf import to_trf  # noqa: E402

ROUNDS = 7
FIELDS = {  # players: simulate() options
    20: {"forfeit_chance": 0.03},
    21: {"forfeit_chance": 0.03},
    40: {"forfeit_chance": 0.03},
    41: {"forfeit_chance": 0.03, "withdraw_chance": 0.02},
}
SEEDS = (1, 2, 3)
AFTER = range(1, ROUNDS)

@lru_cache(maxsize=None)
def whole(players: int, seed: int) -> dict:
    """One simulated tournament; its first k rounds are what simulate(players, k) would give."""
    return simulate(players, ROUNDS - 1, seed=seed, **FIELDS[players])


def record_after(players: int, seed: int, rounds: int):
    obj = dict(whole(players, seed))
    obj["settings"] = {**obj["settings"], "rounds": ROUNDS}
    obj["rounds"] = obj["rounds"][:rounds]
    return parse(obj)


def py4swiss_pairing(record, left_out: set[int], tmp_path) -> tuple[list[tuple[int, int]], int | None]:
    """py4swiss's next round as (first id, second id) pairs and the bye's id."""
    text = to_trf(record, pairing_bye=True)
    id_of = {p.seed: p.id for p in record.players}
    seed_of = {p.id: p.seed for p in record.players}
    if left_out:
        text += "XXZ " + " ".join(str(seed_of[i]) for i in sorted(left_out, key=seed_of.get)) + "\n"
    path = tmp_path / "field.trf"
    path.write_text(text, encoding="utf-8")
    pairs, bye = [], None
    for pairing in DutchEngine.generate_pairings(TrfParser.parse(path)):
        if pairing.black == 0:
            bye = id_of[pairing.white]
        else:
            pairs.append((id_of[pairing.white], id_of[pairing.black]))
    return pairs, bye


def criterion_one(pairs, by_id) -> list[int]:
    """|VP difference| of each pair in half-points, largest first."""
    return sorted((abs(by_id[a].half_points - by_id[b].half_points) for a, b in pairs), reverse=True)


def first_move_faults(pairs, by_id) -> list[int]:
    """Players who, after this round, played one side three times running or have |firsts - seconds| > 2."""
    faulty = []
    for first, second in pairs:
        for player, side in ((first, "F"), (second, "S")):
            sides = by_id[player].sides + side
            if sides.endswith(side * 3) or abs(sides.count("F") - sides.count("S")) > 2:
                faulty.append(player)
    return faulty


def floaters(pairs, by_id) -> set[int]:
    """Players paired with someone on a different VP."""
    return {p for a, b in pairs if by_id[a].half_points != by_id[b].half_points for p in (a, b)}


def case_id(case):
    players, seed, after = case
    return f"{players}p-seed{seed}-after{after}"


CASES = [(players, seed, after) for players in FIELDS for seed in SEEDS for after in AFTER]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_never_worse_than_py4swiss(case, tmp_path):
    players, seed, after = case
    record = record_after(players, seed, after)
    field = entrants(record, after + 1)
    by_id = {e.id: e for e in field}
    inactive = {e.id for e in field if not e.active}

    ours = pair_next(record)
    theirs, their_bye = py4swiss_pairing(record, inactive, tmp_path)
    if their_bye != ours.bye:
        try:
            theirs, their_bye = py4swiss_pairing(record, inactive | {ours.bye}, tmp_path)
        except PairingError:
            pytest.skip(f"py4swiss cannot pair the field without our bye player {ours.bye}")
        assert their_bye is None

    assert sorted(p for pair in theirs for p in pair) == sorted(p for pair in ours.pairs for p in pair)
    if any(b in by_id[a].opponents for a, b in theirs):
        pytest.skip("py4swiss paired a rematch: not a fair yardstick")

    our_c1, their_c1 = criterion_one(ours.pairs, by_id), criterion_one(theirs, by_id)
    assert our_c1 <= their_c1, f"ours {our_c1} is worse on criterion 1 than py4swiss {their_c1}"
    if our_c1 < their_c1:
        return  # py4swiss's pairing is not optimal on criterion 1: no yardstick for criterion 2
    our_faults, their_faults = first_move_faults(ours.pairs, by_id), first_move_faults(theirs, by_id)
    if floaters(ours.pairs, by_id) == floaters(theirs, by_id):
        assert len(our_faults) <= len(their_faults), (
            f"same criterion 1 and floaters, but first-move faults for {our_faults} (ours) against {their_faults} (py4swiss)"
        )
    elif len(our_faults) > len(their_faults):
        pytest.skip(
            f"criterion 1 equal; py4swiss floats {sorted(floaters(theirs, by_id) - floaters(ours.pairs, by_id))} "
            f"instead of our {sorted(floaters(ours.pairs, by_id) - floaters(theirs, by_id))} (spec floater rule) "
            f"and so avoids the first-move faults of {our_faults}"
        )
