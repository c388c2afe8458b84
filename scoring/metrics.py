"""The standings metrics: VP and the tie-breaks (`docs/tournament-rules.md`, "Standings order").

Each metric is a small class with a `key`, a `name`, an `abbr`, a way to
order a group of players level on everything before it, and its value and
text in the standings' column (as Tabbycat's standings metrics do).  `METRICS` is the registry; a tournament's order is a
list of keys (`DEFAULT_ORDER`).  Adding a metric is adding one class with
`@register`.

Metrics read a player's tally (`scoring.tally.Tally`):
`tally.player.id`, `tally.half_points`, `tally.rounds` (one record per counted
round, in round order: `tournament.domain.rounds.PlayerRound`, with `played`, `opponent`, `half_points`,
`level`, `difference`) and `tally.reading` ("sum" or "running").
No Django here.
"""

from __future__ import annotations

from typing import Any, Sequence

from tournament.domain.text import format_vp

from .head_to_head import HeadToHeadSplit, decide, half_points_against
from .tally import Group, Tally, groups_by

METRICS: dict[str, type[Metric]] = {}
DEFAULT_ORDER = ("vp", "head_to_head", "prog_diff", "prog_level")


def register(metric_class: type[Metric]) -> type[Metric]:
    METRICS[metric_class.key] = metric_class
    return metric_class


def metrics_in_order(keys: Sequence[str] = DEFAULT_ORDER) -> list[Metric]:
    """The metric objects for a tournament's list of keys; an unknown key is a `KeyError` naming it."""
    return [METRICS[key]() for key in keys]


def order_text(keys: Sequence[str] = DEFAULT_ORDER) -> str:
    """The standings order in words, for the pages and sheets that show it."""
    order = ", then ".join(f"{m.abbr} ({m.name.lower()})" for m in metrics_in_order(keys))
    return f"Order: {order}; players still level share a place and are listed by seed."


class Metric:
    """One criterion of the standings order, and the column it makes in the standings."""

    key = ""
    name = ""
    abbr = ""

    def split(self, group: Group) -> list[Group]:
        """The group cut into tied sub-groups, best first (one sub-group when it splits nothing)."""
        raise NotImplementedError

    def value_for(self, tally: Tally, level_group: Group) -> Any:
        """The player's value in the standings' column (JSON-ready); `level_group`: everyone level on VP."""
        raise NotImplementedError

    def decide(self, group: Group) -> Any:
        """For a metric whose split the pages explain: a value saying what it decided for `group` (two players
        or more), with `groups()` the split; None for the others (their `split` is the whole story)."""
        return None

    def text(self, value: Any) -> str:
        """The value as the pages and sheets write it."""
        return "" if value is None else str(value)


class ScalarMetric(Metric):
    """A metric that is one number per player, higher first."""

    def value(self, tally: Tally) -> int:
        raise NotImplementedError

    def split(self, group: Group) -> list[Group]:
        return groups_by(group, self.value)

    def value_for(self, tally: Tally, level_group: Group) -> int:
        return self.value(tally)


def vp_text(vp: float | None) -> str:
    return "" if vp is None else format_vp(round(vp * 2))


@register
class VictoryPoints(ScalarMetric):
    """Criterion 1: VP, higher first (counted in half-points, so exact)."""

    key = "vp"
    name = "Victory points"
    abbr = "VP"

    def value(self, tally: Tally) -> int:
        return tally.half_points

    def value_for(self, tally: Tally, level_group: Group) -> float:
        return tally.half_points / 2

    def text(self, value: float) -> str:
        return vp_text(value)


# --- Head-to-head (decided in scoring.head_to_head) ------------------------


@register
class HeadToHead(Metric):
    """Criterion 2: results between the tied players.

    Everyone met: ordered by head-to-head VP.  Not everyone met (ours): only
    an all-winner goes first and an all-loser last; the rest stay tied.
    After a split it is applied again inside each tied sub-group, counting
    only that sub-group's games, until it splits nothing.
    """

    key = "head_to_head"
    name = "Results between the tied players"
    abbr = "H2H"

    def __init__(self):
        self._level: Group | None = None  # the last VP group `value_for` was asked about, and its players' ids
        self._level_ids: set[int] = set()

    def split(self, group: Group) -> list[Group]:
        return self.decide(group).groups() if len(group) > 1 else [group]

    def decide(self, group: Group) -> HeadToHeadSplit:
        """Which case of the criterion applied to a tied group of two or more, and what it did (the standings
        note words this value: `scoring.ties`)."""
        return decide(group)

    def value_for(self, tally: Tally, level_group: Group) -> float | None:
        """VP in games played against the others level on VP; None when nobody is level."""
        if len(level_group) < 2:
            return None
        if self._level is not level_group:  # the standings ask for each member of a group in turn
            self._level, self._level_ids = level_group, {t.player.id for t in level_group}
        return half_points_against(tally, self._level_ids - {tally.player.id}) / 2

    def text(self, value: float | None) -> str:
        return vp_text(value)


# --- Progressive ------------------------------------------------------------


def progressive(per_round: Sequence[int], reading: str) -> int:
    """Progressive total of one player's per-round values, one value per counted round.

    "sum": the values added up.  "running" (the chess reading): the running
    totals after each round added up; a round sat out has the value 0, so
    the running total carries over and still counts.
    """
    if reading == "sum":
        return sum(per_round)
    if reading == "running":
        running_total, total = 0, 0
        for value in per_round:
            running_total += value
            total += running_total
        return total
    raise ValueError(f'the progressive reading must be "sum" or "running", not {reading!r}')


class ProgressiveMetric(ScalarMetric):
    """A progressive total of one value of each counted round (`field` of the player's round)."""

    field = ""

    def value(self, tally: Tally) -> int:
        """Worked out once per tally (`Tally.known`): the ranking splits by it, the standings line shows it."""
        known = tally.known.get(self.key)
        if known is None:
            known = tally.known[self.key] = progressive([getattr(r, self.field) for r in tally.rounds], tally.reading)
        return known


@register
class ProgressiveDifference(ProgressiveMetric):
    """Criterion 3: progressive difference (D = own L − opponent's L), higher first."""

    key, name, abbr, field = "prog_diff", "Progressive difference", "PD", "difference"


@register
class ProgressiveLevel(ProgressiveMetric):
    """Criterion 4: progressive level (L = own lowest colour), higher first."""

    key, name, abbr, field = "prog_level", "Progressive level", "PL", "level"
