"""All-play-all by Berger tables (`docs/tournament-rules.md`, "All-play-all")."""

from __future__ import annotations

from .model import Entrant, Forfeit, RoundPairing, Table


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Berger tables for players 1..n: per round, (first, second) pairs.

    For odd n a dummy n + 1 is added and its pairs are left out, so the player
    it meets is idle that round.  As in FIDE's tables: in round r the players
    a, b < N meet when a + b ≡ r + 1 (mod N − 1); the one with 2a ≡ r + 1 meets
    N, who plays first in even rounds; otherwise the player a for whom
    (b − a) mod (N − 1) is odd plays first.  Every player then plays first
    ⌊(N−1)/2⌋ or ⌈(N−1)/2⌉ times.
    """
    size = n + (n % 2)
    if size < 2:
        return []
    modulus = size - 1
    rounds = []
    for r in range(1, size):
        target = (r + 1) % modulus
        pairs = []
        fixed_pair = None
        seen = set()
        for a in range(1, size):
            if a in seen:
                continue
            if (2 * a) % modulus == target:
                fixed_pair = (size, a) if r % 2 == 0 else (a, size)
                seen.add(a)
                continue
            b = next(b for b in range(1, size) if b != a and (a + b) % modulus == target)
            seen.update((a, b))
            pairs.append((a, b) if (b - a) % modulus % 2 == 1 else (b, a))
        table_one = [fixed_pair]
        ordered = table_one + sorted(pairs, key=lambda p: min(p))
        rounds.append([p for p in ordered if size not in p or size == n])
    return rounds


def idle_seat(players: int, round_number: int) -> int | None:
    """The seed number (1..n) idle in that round of an odd field's Berger table (the one the dummy meets); None
    for an even field or a round beyond the table."""
    schedule = berger_rounds(players)
    if players % 2 == 0 or not 1 <= round_number <= len(schedule):
        return None
    seated = {seat for pair in schedule[round_number - 1] for seat in pair}
    return next(seat for seat in range(1, players + 1) if seat not in seated)


def pair_all_play_all(entrants: list[Entrant], round_number: int) -> RoundPairing:
    """Round `round_number` of the Berger table of the field, players numbered by seed.

    The table is never re-drawn (docs/tournament-rules.md, All-play-all): `entrants`
    is the field closed at round 1, absent players included.  A scheduled
    game of a withdrawn or excused player is a forfeit won by the opponent
    (both absent: a double forfeit); the idle player of an odd field is in
    no game.  Raises `ValueError` for a round beyond the table.
    """
    ordered = sorted(entrants, key=lambda e: e.seed)
    schedule = berger_rounds(len(ordered))
    if not 1 <= round_number <= len(schedule):
        raise ValueError(f"an all-play-all of {len(ordered)} players has {len(schedule)} rounds, not {round_number}")
    tables, forfeits = [], []
    for first_number, second_number in schedule[round_number - 1]:
        first, second = ordered[first_number - 1], ordered[second_number - 1]
        seeds = f"all-play-all round {round_number}: seeds {first_number} v {second_number}"
        if first.active and second.active:
            tables.append(Table(first.id, second.id, seeds))
            continue
        present = [e for e in (first, second) if e.active]
        absent = [f"{e.label} {'is excused' if e.excused else 'no longer plays'}" for e in (first, second) if not e.active]
        winner = present[0].id if present else None
        outcome = f"{present[0].label} wins by forfeit" if present else "both lose by forfeit"
        forfeits.append(Forfeit(first.id, second.id, winner, f"{seeds}; {' and '.join(absent)}: {outcome}"))
    excused = [e.id for e in ordered if e.excused]
    return RoundPairing(round_number, tables, None, "", [], excused, forfeits)
