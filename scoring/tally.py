"""A player's counted rounds, as the standings metrics read them (pure, no Django).

Its own module so that the metrics (`scoring.metrics`, `scoring.head_to_head`)
and the standings that rank with them (`scoring.standings`) both import it,
and neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournament.domain.records import PlayerRecord
    from tournament.domain.rounds import PlayerRound


@dataclass
class Tally:
    """A player with one `PlayerRound` per counted round, in round order; what the metrics read.

    Its VP and games played are counted once when it is made: every metric and every head-to-head decision
    reads them, many times over in a big field."""

    player: PlayerRecord
    rounds: list[PlayerRound]
    reading: str  # "sum" or "running"
    half_points: int = field(init=False)
    games_played: int = field(init=False)  # games actually played (not forfeits, not byes)
    # Values a metric worked out once for this tally, by metric key (`metrics.ProgressiveMetric`): the ranking
    # splits a group by them and the standings line shows them.
    known: dict = field(init=False, default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        self.half_points = sum(r.half_points for r in self.rounds)
        self.games_played = sum(1 for r in self.rounds if r.played)


Group = list[Tally]


def groups_by(group: Group, value) -> list[Group]:
    """Players grouped by equal value (`value(tally)`), highest value first; order inside a group is kept."""
    by_value: dict[int, Group] = {}
    for tally in group:  # each value found once: a big field has hundreds of players in few groups
        by_value.setdefault(value(tally), []).append(tally)
    return [by_value[v] for v in sorted(by_value, reverse=True)]
