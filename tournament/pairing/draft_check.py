"""What a draft round breaks (`docs/tournament-rules.md`, "Swiss pairing", "By hand").

A draft, paired by the engine or by hand, is a list of `DraftTable`s: two
players (the first named plays first), one player on the bye, or one player
excused.  `check_draft` lists, in words for the organiser:

- the absolute rules it breaks: a rematch, a second bye while others have
  had none, a withdrawn (or not yet joined) or excused player paired, a player
  missing or placed twice, more than one bye;  in an all-play-all the table's
  idle player (`idle`) is missing by design, and a scheduled forfeit
  (`DraftTable.forfeit`) of a withdrawn or excused player is the table's
  normal course, not a breach (docs/tournament-rules.md, All-play-all);
- criterion 1: each table further apart in VP than the best pairing of the
  same players needs, with the best pairing's score differences;
- criteria 2 and 3: each table whose first/second choice breaks a rule.

The best pairing's score differences start from `criterion_one_bound` (no
pairing can do better, and computing it is cheap); only when the draft is
above it does `check` ask the engine for the true best of those players,
which the absolute rules may push above the bound.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ..domain.text import format_vp
from .criteria import allowed, bye_refused, criterion_one_bound, ranking_order, rematch, score_differences
from .matching import matching
from .model import FIRST, SECOND, Entrant, PairingImpossible
from .sides import fault_words, orient, preference, side_costs
from .swiss import pair_swiss

ABSOLUTE, SCORES, SIDES = "absolute", "scores", "sides"
# Players listed by name in one "not placed" line; the rest are counted.
NAMED_MISSING = 12


@dataclass(frozen=True)
class DraftTable:
    """A table of the draft: `second` None is a bye, or an excused absence when `excused`.

    `forfeit`: an all-play-all table's scheduled game that a withdrawn or excused player loses by forfeit.
    """

    number: int
    first: int
    second: int | None = None
    excused: bool = False
    forfeit: bool = False


@dataclass(frozen=True)
class Breach:
    rule: str  # ABSOLUTE, SCORES or SIDES
    table: int | None
    text: str


@dataclass
class DraftCheck:
    breaches: list[Breach] = field(default_factory=list)
    differences: list[int] = field(default_factory=list)  # the draft's, half-points, largest first
    best: list[int] = field(default_factory=list)  # the best pairing's of the same players
    half_points: dict[int, int] = field(default_factory=dict)  # each player's VP before the round, ×2
    idle: frozenset = frozenset()  # players the round leaves out by design (all-play-all)

    def of(self, rule: str) -> list[Breach]:
        return [b for b in self.breaches if b.rule == rule]

    @property
    def absolute(self) -> list[Breach]:
        return self.of(ABSOLUTE)

    @property
    def scores(self) -> list[Breach]:
        return self.of(SCORES)

    @property
    def sides(self) -> list[Breach]:
        return self.of(SIDES)

    @property
    def breaks_absolute(self) -> bool:
        return any(b.rule == ABSOLUTE for b in self.breaches)

    @property
    def lines(self) -> list[str]:
        return [b.text for b in self.breaches]


def check(entrants: list[Entrant], tables: list[DraftTable], excused: frozenset = frozenset(),
          criteria: bool = True, idle: frozenset = frozenset()) -> DraftCheck:
    """`check_draft` against the bound; when the draft is above it and no pairing is shown to reach
    the bound, against the engine's best pairing of the same players instead."""
    result = check_draft(entrants, tables, excused, criteria=criteria, idle=idle)
    if result.of(SCORES) and not bound_reachable([e for e in entrants if e.id in _seated(tables)]):
        best = engine_differences(entrants, _seated(tables))
        # No pairing of these players without a rematch: the VP alone set the comparison.
        result = check_draft(entrants, tables, excused, best, by_vp_alone=best is None, idle=idle)
    return result


def bound_reachable(players: list[Entrant]) -> bool:
    """True when a pairing without rematches meets `criterion_one_bound`: then the bound is the best.

    Built as the engine's large fields are (`matching.pair_by_groups`): one
    floater pair across each odd cut, then each score group paired inside.
    A group whose players have each met fewer than half the rest of it
    always pairs (Dirac: its graph of allowed pairs has a Hamiltonian
    cycle); a smaller one is matched.  False means "not shown", not "impossible".
    """
    groups: list[list[Entrant]] = []
    for player in ranking_order(players):
        if groups and groups[-1][0].half_points == player.half_points:
            groups[-1].append(player)
        else:
            groups.append([player])
    taken: set[int] = set()
    above = 0
    for upper, lower in zip(groups, groups[1:]):
        above += len(upper)
        if above % 2:
            pair = next(((a, b) for a in reversed(upper) if a.id not in taken
                         for b in lower if b.id not in taken and allowed(a, b)), None)
            if pair is None:
                return False
            taken.update(e.id for e in pair)
    return all(_group_pairs([e for e in group if e.id not in taken]) for group in groups)


def _group_pairs(group: list[Entrant]) -> bool:
    ids = {e.id for e in group}
    most_met = max((len(e.opponents & ids) for e in group), default=0)
    if len(group) - 1 - most_met >= len(group) / 2:
        return True
    edges = [(i, j, 1) for i in range(len(group)) for j in range(i + 1, len(group)) if allowed(group[i], group[j])]
    return len(matching(group, edges)) * 2 == len(group)


def engine_differences(entrants: list[Entrant], seated: set[int]) -> list[int] | None:
    """The score differences of the engine's pairing of exactly these players; None if it finds none."""
    players = [e for e in entrants if e.id in seated and e.active]
    if len(players) % 2 or len(players) != len(seated):
        return None
    try:
        pairing = pair_swiss(players, 2)  # any round after the first: round 1 is drawn, not optimised
    except PairingImpossible:
        return None
    by_id = {e.id: e for e in players}
    return score_differences([(by_id[a], by_id[b]) for a, b in pairing.pairs])


def check_draft(entrants: list[Entrant], tables: list[DraftTable], excused: frozenset = frozenset(),
                best: list[int] | None = None, criteria: bool = True, by_vp_alone: bool = False,
                idle: frozenset = frozenset()) -> DraftCheck:
    """Every rule the draft breaks.  `excused`: players approved to miss this round.

    `criteria` False leaves out criteria 1-3 (an all-play-all's table is fixed, not optimised);
    `by_vp_alone` says that no pairing of these players avoids a rematch, so the bound is all there is.
    `idle`: players the round leaves out by design (the all-play-all table's idle player of an odd
    field, docs/tournament-rules.md "Byes"), who need no table; placed at one, they are checked as anyone is.

    `best` is the best pairing's score differences (half-points, largest
    first) for the players the draft seats at games; by default the lower
    bound `criterion_one_bound`, which every pairing meets or exceeds.
    """
    by_id = {e.id: e for e in entrants}
    excused = frozenset(excused) | {e.id for e in entrants if getattr(e, "excused", False)}
    excused |= {t.first for t in tables if t.excused}
    result = DraftCheck(half_points={e.id: e.half_points for e in entrants}, idle=frozenset(idle))
    result.breaches += _placement(by_id, tables, excused | result.idle)
    games = [t for t in tables if t.second is not None and t.first in by_id and t.second in by_id
             and t.first != t.second]
    result.breaches += _table_rules(by_id, tables, games, excused)
    if not criteria:
        return result
    games = [t for t in games if not t.forfeit]  # a forfeit is no game: no VP gap, no side
    scores, result.differences, result.best = _score_gaps(by_id, games, best, by_vp_alone)
    result.breaches += scores
    rank = {e.id: i for i, e in enumerate(ranking_order(entrants))}
    for table in games:
        result.breaches += _sides(table, by_id[table.first], by_id[table.second], rank)
    return result


def _seated(tables: list[DraftTable]) -> set[int]:
    return {p for t in tables if t.second is not None for p in (t.first, t.second)}


def _name(entrant: Entrant | None, player_id: int) -> str:
    return entrant.label if entrant is not None else f"player {player_id}"


def _placement(by_id: dict[int, Entrant], tables: list[DraftTable], excused: frozenset) -> list[Breach]:
    """Each player exactly once, or excused (or left out by design: `excused` holds the idle too); at most one bye."""
    places = defaultdict(list)
    for table in tables:
        for player in {table.first, table.second} - {None}:
            places[player].append(table.number)
    breaches = [Breach(ABSOLUTE, t.number, f"Table {t.number}: {_name(by_id.get(t.first), t.first)} cannot play themself.")
                for t in tables if t.first == t.second]
    for player, numbers in places.items():
        if player not in by_id:
            breaches.append(Breach(ABSOLUTE, numbers[0], f"Table {numbers[0]}: player {player} is not in this tournament."))
        elif len(numbers) > 1:
            where = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
            breaches.append(Breach(ABSOLUTE, numbers[0], f"{by_id[player].label} is placed twice: tables {where}."))
    missing = [e for e in ranking_order(list(by_id.values())) if e.active and e.id not in places and e.id not in excused]
    if missing:
        names = ", ".join(e.label for e in missing[:NAMED_MISSING])
        more = f" and {len(missing) - NAMED_MISSING} more" if len(missing) > NAMED_MISSING else ""
        breaches.append(Breach(ABSOLUTE, None, f"Not placed ({len(missing)}): {names}{more}: each player needs a table, "
                                               "the bye or an excused absence."))
    byes = [t for t in tables if t.second is None and not t.excused]
    if len(byes) > 1:
        breaches.append(Breach(ABSOLUTE, byes[1].number, f"{len(byes)} byes (tables "
                               + ", ".join(str(t.number) for t in byes) + "): a round has at most one."))
    return breaches


def _table_rules(by_id, tables: list[DraftTable], games: list[DraftTable], excused: frozenset) -> list[Breach]:
    """Absent players at tables, excused players paired, rematches, a second bye.

    At an all-play-all's scheduled forfeit the absent (withdrawn or excused) player is the table's
    normal course; a forfeit at which both players play the round is named: it takes a game away.
    """
    breaches = []
    for table in tables:
        absent = [by_id[p] for p in (table.first, table.second) if p in by_id and (p in excused or not by_id[p].active)]
        if table.forfeit and not absent and table.first in by_id and table.second in by_id:
            breaches.append(Breach(ABSOLUTE, table.number, f"Table {table.number}: a forfeit, yet "
                                   f"{by_id[table.first].label} and {by_id[table.second].label} both play this round."))
        for player in (table.first, table.second):
            entrant = by_id.get(player)
            if entrant is None or (table.forfeit and entrant in absent):
                continue
            if player in excused and not table.excused:
                breaches.append(Breach(ABSOLUTE, table.number, f"Table {table.number}: {entrant.label} is excused "
                                                              "from this round."))
            elif not entrant.active and player not in excused:
                breaches.append(Breach(ABSOLUTE, table.number, f"Table {table.number}: {entrant.label} does not play "
                                                              "this round (withdrawn, or not yet entered)."))
    for table in games:
        reason = rematch(by_id[table.first], by_id[table.second])
        if reason:
            breaches.append(Breach(ABSOLUTE, table.number, f"Table {table.number}: {reason}."))
    playing = [e for e in by_id.values() if e.active and e.id not in excused]
    for table in tables:
        entrant = by_id.get(table.first)
        if table.second is None and not table.excused and entrant is not None:
            reason = bye_refused(entrant, playing)
            if reason:
                breaches.append(Breach(ABSOLUTE, table.number, f"Table {table.number}: {reason}."))
    return breaches


def _score_gaps(by_id, games: list[DraftTable], best: list[int] | None, by_vp_alone: bool = False):
    """Tables further apart in VP than the best pairing needs: those the best pairing's gaps do not cover."""
    pairs = [(by_id[t.first], by_id[t.second]) for t in games]
    differences = score_differences(pairs)
    if best is None:
        seated = {e.id: e for pair in pairs for e in pair}
        best = criterion_one_bound(ranking_order(list(seated.values())))
    best = [gap for gap in best if gap]
    if differences[:len(best)] <= best and not any(differences[len(best):]):
        return [], differences, best  # as good as the best pairing: no table to name
    room = Counter(best)
    breaches = []
    widest_first = sorted(zip(games, pairs), key=lambda tp: -abs(tp[1][0].half_points - tp[1][1].half_points))
    for table, (first, second) in widest_first:
        gap = abs(first.half_points - second.half_points)
        if not gap:
            continue
        if room[gap]:
            room[gap] -= 1
            continue
        breaches.append(Breach(SCORES, table.number, (
            f"Table {table.number}: {first.label} ({format_vp(first.half_points)} VP) v {second.label} "
            f"({format_vp(second.half_points)} VP) are {format_vp(gap)} VP apart, " + (
                f"more than their VP need (no pairing of them avoids every rematch); by VP alone the score differences "
                f"could be: {describe_differences(best)}." if by_vp_alone else
                f"more than the best pairing needs; its score differences: {describe_differences(best)}."))))
    return sorted(breaches, key=lambda b: b.table), differences, best


def describe_differences(gaps: list[int]) -> str:
    """"none (every table on equal VP)", or the gaps that are not 0: "1 VP at 2 tables, ½ VP at 1"."""
    counts = Counter(gap for gap in gaps if gap)
    if not counts:
        return "none (every table on equal VP)"
    parts = [f"{format_vp(gap)} VP at {n} table{'s' if n > 1 else ''}" for gap, n in sorted(counts.items(), reverse=True)]
    return ", ".join(parts)


def _sides(table: DraftTable, first: Entrant, second: Entrant, rank: dict[int, int]) -> list[Breach]:
    """Criteria 2 and 3 at one table, compared with the other way round."""
    higher, lower = (first, second) if rank[first.id] <= rank[second.id] else (second, first)
    best = orient(higher, lower)
    drafted = side_costs(first, second)
    at = f"Table {table.number}: "
    if drafted[0]:
        words = [f"{e.label} " + " and ".join(fault_words(e.sides, side))
                 for e, side in ((first, FIRST), (second, SECOND)) if fault_words(e.sides, side)]
        other_way = "; the other way round avoids it" if best.faults < drafted[0] else " (either way round)"
        return [Breach(SIDES, table.number, at + "; ".join(words) + other_way + ".")]
    if best.first.id == first.id:
        return []
    if best.unmet < drafted[1]:
        unmet = [(e, preference(e.sides)) for e, side in ((first, FIRST), (second, SECOND))
                 if preference(e.sides).side not in (None, side)]
        words = "; ".join(f"{e.label} {p.words} ({p.why})" for e, p in unmet)
        return [Breach(SIDES, table.number, at + words + "; the other way round meets it.")]
    if preference(first.sides).side is None and preference(second.sides).side is None:
        return []  # nobody prefers a side: either way round is right
    return [Breach(SIDES, table.number, at + f"the other way round: {best.why}.")]
