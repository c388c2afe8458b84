"""Who plays first: criteria 2 and 3 of "Swiss pairing" in `docs/tournament-rules.md`.

A player's history is the string of sides actually played, "F" first and
"S" second.  Criterion 2 (faults): nobody plays the same side three times
in a row, and nobody's firsts and seconds differ by more than 2.  Criterion
3 (preferences): alternate from the last game; a player whose firsts and
seconds differ prefers the side that evens them (that is stronger).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .model import FIRST, SECOND, Entrant

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0
_STRENGTH_WORDS = {ABSOLUTE: "must", STRONG: "strongly prefers to", MILD: "prefers to"}


def other(side: str) -> str:
    return SECOND if side == FIRST else FIRST


@lru_cache(maxsize=4096)  # a round asks about the same few histories for every pair
def fault_words(sides: str, side: str) -> tuple[str, ...]:
    """What playing `side` now breaks of criterion 2 for a player with this history, in words (empty: nothing).

    "plays first a third time in a row"; "would have played first 4 and second 1 times".
    """
    reasons = []
    if len(sides) >= 2 and sides[-1] == side and sides[-2] == side:
        reasons.append(f"plays {_word(side)} a third time in a row")
    firsts = sides.count(FIRST) + (side == FIRST)
    seconds = len(sides) + 1 - firsts
    if abs(firsts - seconds) > 2:
        reasons.append(f"would have played first {firsts} and second {seconds} times")
    return tuple(reasons)


def faults(sides: str, side: str) -> int:
    """Criterion-2 faults if a player with this history plays `side` now (0..2)."""
    return len(fault_words(sides, side))


@dataclass(frozen=True)
class Preference:
    side: str | None
    strength: int
    why: str

    @property
    def words(self) -> str:
        """"must play first", "strongly prefers to play second", "prefers to play first"; "" for no preference."""
        if self.side is None:
            return ""
        return f"{_STRENGTH_WORDS[self.strength]} play {_word(self.side)}"


@lru_cache(maxsize=4096)
def preference(sides: str) -> Preference:
    if not sides:
        return Preference(None, NONE, "no game played yet")
    wanted = None
    for side in (FIRST, SECOND):
        if faults(sides, side) and not faults(sides, other(side)):
            wanted = other(side)
    if wanted is not None:
        return Preference(wanted, ABSOLUTE, _history_text(sides, wanted))
    difference = sides.count(FIRST) - sides.count(SECOND)
    if difference:
        wanted = SECOND if difference > 0 else FIRST
        return Preference(wanted, STRONG, _history_text(sides, wanted))
    wanted = other(sides[-1])
    return Preference(wanted, MILD, f"played {_word(sides[-1])} last round")


def _word(side: str) -> str:
    return "first" if side == FIRST else "second"


def _history_text(sides: str, wanted: str) -> str:
    firsts, seconds = sides.count(FIRST), sides.count(SECOND)
    if len(sides) >= 2 and sides[-1] == sides[-2] == other(wanted):
        return f"played {_word(sides[-1])} in the last two rounds"
    return f"has played first {firsts} and second {seconds} times"


@dataclass(frozen=True)
class Orientation:
    first: Entrant
    second: Entrant
    faults: int  # criterion 2
    unmet: int  # criterion 3
    why: str


def own_costs(sides: str, side: str) -> tuple[int, int]:
    """A player's own criterion-2 faults and criterion-3 unmet preference (0 or 1) if, with this history, they
    play `side` now: a pair's costs are its two players' (`side_costs`)."""
    return faults(sides, side), int(preference(sides).side not in (None, side))


def side_costs(first: Entrant, second: Entrant) -> tuple[int, int]:
    """Criterion-2 faults and criterion-3 unmet preferences when `first` plays first against `second`."""
    return _costs(first.sides, second.sides)


@lru_cache(maxsize=16384)
def _costs(first_sides: str, second_sides: str) -> tuple[int, int]:
    (first_faults, first_unmet), (second_faults, second_unmet) = own_costs(first_sides, FIRST), own_costs(
        second_sides, SECOND)
    return first_faults + second_faults, first_unmet + second_unmet


def better_way_costs(a: Entrant, b: Entrant) -> tuple[int, int]:
    """The (faults, unmet) of the better way round for a pair, fewest faults first: what `orient` gives them."""
    return min(_costs(a.sides, b.sides), _costs(b.sides, a.sides))


def orient(higher: Entrant, lower: Entrant) -> Orientation:
    """The better way round for a pair; `higher` is the higher-ranked player."""
    options = []
    for first, second in ((higher, lower), (lower, higher)):
        fault_count, unmet = side_costs(first, second)
        options.append((fault_count, unmet, first, second, preference(first.sides), preference(second.sides)))
    best = min(options[:2], key=lambda o: (o[0], o[1]))
    if options[0][:2] != options[1][:2]:
        fault_count, unmet, first, second, first_pref, second_pref = best
        met = [(first_pref.strength, first, FIRST, first_pref)] if first_pref.side == FIRST else []
        if second_pref.side == SECOND:
            met.append((second_pref.strength, second, SECOND, second_pref))
        if met:
            _, player, side, pref = max(met, key=lambda m: m[0])
            why = f"{player.label} plays {_word(side)}: {pref.why}"
        else:
            why = f"{first.label} plays first: fewer first-move faults this way"
        return Orientation(first, second, fault_count, unmet, why)
    # Both ways are equal on criteria 2 and 3: the stronger preference, then rank.
    high_pref, low_pref = preference(higher.sides), preference(lower.sides)
    fault_count, unmet = options[0][:2]
    if high_pref.side is not None and high_pref.side == low_pref.side and low_pref.strength > high_pref.strength:
        first, second = (lower, higher) if low_pref.side == FIRST else (higher, lower)
        why = f"{lower.label} plays {_word(low_pref.side)}: the stronger preference ({low_pref.why})"
    elif high_pref.side is not None:
        first, second = (higher, lower) if high_pref.side == FIRST else (lower, higher)
        tie = " and ranks higher" if high_pref.side == low_pref.side else ""
        why = f"{higher.label} plays {_word(high_pref.side)}: {high_pref.why}{tie}"
    elif low_pref.side is not None:
        first, second = (lower, higher) if low_pref.side == FIRST else (higher, lower)
        why = f"{lower.label} plays {_word(low_pref.side)}: {low_pref.why}"
    else:
        first, second = higher, lower
        why = f"{higher.label} plays first: neither has a preference, and {higher.label} ranks higher"
    return Orientation(first, second, fault_count, unmet, why)
