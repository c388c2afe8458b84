"""What the Swiss pairing weighs (`docs/tournament-rules.md`, "Swiss pairing"): ranking, the absolute rule, the criteria.

`Criteria` turns a pair into one integer whose digits, most significant
first, are the spec's criteria in priority order; `criterion_one_bound` is
the lower bound on criterion 1 that any pairing must meet.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Entrant
from .sides import better_way_costs

# The widest weight rustworkx takes is a signed 128-bit integer; stay well under it.
MAX_WEIGHT_BITS = 110


def ranking_order(entrants: list[Entrant]) -> list[Entrant]:
    """VP, higher first, then seed order: tie-breaks play no part in pairing."""
    return sorted(entrants, key=lambda e: (-e.half_points, e.seed))


def rematch(a: Entrant, b: Entrant) -> str | None:
    """The absolute rule on pairs (docs/tournament-rules.md, Swiss pairing): no two players meet twice (a forfeit is no
    meeting).  Why `a` and `b` may not meet, in words, or None when they may."""
    if b.id in a.opponents or a.id in b.opponents:
        return f"{a.label} and {b.label} have met before"
    return None


def allowed(a: Entrant, b: Entrant) -> bool:
    """`a` and `b` may meet (`rematch`)."""
    return rematch(a, b) is None


def bye_refused(player: Entrant, playing: list[Entrant]) -> str | None:
    """The absolute rule on the bye (docs/tournament-rules.md, Swiss pairing): no player gets a second bye (a forfeit win
    counts as one) unless every active player has had one.  Why `player` may not take the bye among `playing`
    (the round's active players), in words, or None when they may."""
    if not player.byes or all(e.byes for e in playing):
        return None
    without = sum(1 for e in playing if not e.byes)
    return (f"{player.label} gets a second bye (or a bye after a forfeit win) while {without} "
            f"player{'s have' if without > 1 else ' has'} had none")


def criterion_one_bound(ranked: list[Entrant]) -> list[int]:
    """The smallest possible list of pair score differences (half-points, largest first)."""
    gaps = []
    above = 0
    for i, player in enumerate(ranked[:-1]):
        above += 1
        following = ranked[i + 1]
        if following.half_points != player.half_points and above % 2:
            gaps.append(player.half_points - following.half_points)
    return sorted(gaps, reverse=True)


def score_differences(pairs: list[tuple[Entrant, Entrant]]) -> list[int]:
    return sorted((abs(a.half_points - b.half_points) for a, b in pairs), reverse=True)


@dataclass
class Groups:
    """Score groups of a ranked list: each player's group size and place in it."""

    size: dict[int, int]
    position: dict[int, int]

    @classmethod
    def of(cls, ranked: list[Entrant]) -> "Groups":
        size, position = {}, {}
        start = 0
        for i, player in enumerate(ranked + [None]):
            if player is None or player.half_points != ranked[start].half_points:
                for j in range(start, i):
                    size[ranked[j].id] = i - start
                    position[ranked[j].id] = j - start
                start = i
        return cls(size, position)


def halves(higher: int, lower: int, size: int) -> tuple[int, int]:
    """Criterion 4 for one pair of a score group of `size` (docs/tournament-rules.md, Swiss pairing): 1 when both places
    (0-based, `higher` above `lower`) are in the same half (the middle place of an odd group is in the bottom
    half), else 0; and |(lower − higher) − ⌊size/2⌋|, the distance from "1 v n/2+1"."""
    half = size // 2
    return int((higher < half) == (lower < half)), abs(lower - higher - half)


class Criteria:
    """One pair's weight: its criteria as digits of a mixed-radix integer.

    Digits, most significant first: criterion 1 (a digit per score-difference
    level, base larger than the number of pairs, so one pair at a wider gap
    outweighs any number at narrower ones); the floater choice (how far the
    higher player stands from the bottom of its group plus how far the lower
    one stands from the top of its own); criterion 2 (first-move faults);
    criterion 3 (unmet preferences); criterion 4 in two digits: whether the
    pair sits within one half of its group (the middle player of an odd group
    in the bottom half), then how far it stands from "1 v n/2+1" (`halves`).
    Each radix exceeds the largest total its digit can reach over a whole
    round, so digits never carry.
    """

    def __init__(self, ranked: list[Entrant], gap_levels: list[int]):
        self.groups = Groups.of(ranked)
        pairs = len(ranked) // 2
        self.level = {gap: i for i, gap in enumerate(sorted(gap_levels))}
        self.level_base = pairs + 1
        largest_group = max(self.groups.size.values())
        self.float_radix = pairs * 2 * largest_group + 1
        self.faults_radix = pairs * 2 + 1
        self.unmet_radix = pairs * 2 + 1
        self.same_half_radix = pairs + 1
        self.split_radix = pairs * largest_group + 1
        self.bits = (
            (self.level_base ** len(gap_levels))
            * self.float_radix
            * self.faults_radix
            * self.unmet_radix
            * self.same_half_radix
            * self.split_radix
        ).bit_length()
        if self.bits > MAX_WEIGHT_BITS:
            self.same_half_radix = self.split_radix = 1  # criterion 4 gives way before the matching overflows
            self.bits = (
                (self.level_base ** len(gap_levels)) * self.float_radix * self.faults_radix * self.unmet_radix
            ).bit_length()
        if self.bits > MAX_WEIGHT_BITS:
            raise OverflowError(f"pair weights would need {self.bits} bits")
        self.ceiling = 1 << self.bits

    def cost(self, higher: Entrant, lower: Entrant) -> int:
        gap = higher.half_points - lower.half_points
        size, position = self.groups.size, self.groups.position
        score_digit = self.level_base ** self.level[gap] if gap else 0
        floater = (size[higher.id] - 1 - position[higher.id]) + position[lower.id] if gap else 0
        fault_count, unmet = better_way_costs(higher, lower)
        same_half = split = 0
        if not gap and self.split_radix > 1:
            same_half, split = halves(position[higher.id], position[lower.id], size[higher.id])
        value = score_digit
        value = value * self.float_radix + floater
        value = value * self.faults_radix + fault_count
        value = value * self.unmet_radix + unmet
        value = value * self.same_half_radix + same_half
        value = value * self.split_radix + split
        return value

    def weight(self, higher: Entrant, lower: Entrant) -> int:
        return self.ceiling - self.cost(higher, lower)
