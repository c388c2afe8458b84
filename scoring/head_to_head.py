"""Criterion 2 of the standings order, head-to-head (`docs/tournament-rules.md`, "Standings order").

The one place that decides it: `decide(group)` returns a `HeadToHeadSplit`,
a value saying which case applied (everyone met or not; who won or lost every
game; what the criterion did when applied again inside each sub-group it left
tied).  The standings rank by its `groups()`; the note under the standings
(`scoring.ties`) only words it.  Pure, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tally import Group, Tally, groups_by


def games_between(tally: Tally, others: set[int]):
    """The player's games actually played (not forfeits, not byes) against any of `others`."""
    return [r for r in tally.rounds if r.played and r.opponent in others]


def head_to_head_half_points(tally: Tally, group: Group) -> int:
    """Half-points the player scored in games actually played against the other members of `group`."""
    return half_points_against(tally, {t.player.id for t in group} - {tally.player.id})


def half_points_against(tally: Tally, others: set[int]) -> int:
    """Half-points the player scored in games actually played against any of `others` (player ids)."""
    return sum(r.half_points for r in games_between(tally, others))


def could_have_met_everyone(tally: Tally, group: Group) -> bool:
    """Whether the player has played as many games as there are others in the group: meeting them all needs that
    (in a big field most groups level on VP are larger than the rounds played, and need no more looking at)."""
    return tally.games_played >= len(group) - 1


def everyone_has_met(group: Group) -> bool:
    """Whether every pair in the group has played (a forfeit is not a meeting) at least once."""
    if not all(could_have_met_everyone(t, group) for t in group):
        return False
    ids = {t.player.id for t in group}
    return all({r.opponent for r in games_between(t, ids)} >= ids - {t.player.id} for t in group)


def _scored_in_every_game(tally: Tally, group: Group, half_points: int) -> bool:
    if not could_have_met_everyone(tally, group):
        return False
    others = {t.player.id for t in group} - {tally.player.id}
    games = games_between(tally, others)
    met_everyone = {r.opponent for r in games} == others
    return met_everyone and all(r.half_points == half_points for r in games)


def won_every_game(tally: Tally, group: Group) -> bool:
    """Played every other member of the group and won every such game."""
    return _scored_in_every_game(tally, group, 2)


def lost_every_game(tally: Tally, group: Group) -> bool:
    """Played every other member of the group and lost every such game."""
    return _scored_in_every_game(tally, group, 0)


class Case(StrEnum):
    """Which rule of criterion 2 applied to a tied group."""

    ORDERED = "ordered"  # everyone met: ordered by the VP scored against each other, which split them
    LEVEL = "level"  # everyone met and scored the same against each other: no split
    ENDS = "ends"  # not everyone met: a player who won every game goes first, one who lost every game last
    NOT_APPLIED = "not applied"  # not everyone met, and nobody won (or lost) every game: no split


@dataclass(frozen=True)
class HeadToHeadSplit:
    """What head-to-head did to one tied group (two players or more), in the group's order.

    `parts`: the group cut once, best first (one part when it split nothing).
    `again`: after a split, the criterion applied again inside each part,
    counting only that part's games; one entry per part, None for a part of
    one player.
    """

    group: tuple[Tally, ...]
    case: Case
    parts: tuple[tuple[Tally, ...], ...]
    winners: tuple[Tally, ...] = ()  # Case.ENDS: played and won every game against the others (first)
    losers: tuple[Tally, ...] = ()  # Case.ENDS: played and lost every game against the others (last)
    again: tuple[HeadToHeadSplit | None, ...] = ()

    @property
    def splits(self) -> bool:
        """Whether head-to-head cut the group (so its H2H numbers count for it)."""
        return len(self.parts) > 1

    @property
    def rest(self) -> tuple[Tally, ...]:
        """Case.ENDS: the players between the first and the last (none when everyone is one or the other)."""
        return tuple(t for t in self.group if t not in self.winners and t not in self.losers)

    def again_for(self, part: tuple[Tally, ...]) -> HeadToHeadSplit | None:
        """The decision head-to-head made when applied again inside one of `parts`."""
        return self.again[self.parts.index(part)] if self.again else None

    def groups(self) -> list[Group]:
        """The players still tied after head-to-head, every re-application done, best first."""
        if not self.splits:
            return [list(self.group)]
        return [g for part, inner in zip(self.parts, self.again) for g in (inner.groups() if inner else [list(part)])]


def decide(group: Group) -> HeadToHeadSplit:
    """Head-to-head on one tied group of two players or more; applied again inside each part after a split."""
    members = tuple(group)
    if everyone_has_met(group):
        parts = tuple(tuple(part) for part in groups_by(group, lambda t: head_to_head_half_points(t, group)))
        case, winners, losers = (Case.ORDERED if len(parts) > 1 else Case.LEVEL), (), ()
    else:
        winners = tuple(t for t in group if won_every_game(t, group))
        losers = tuple(t for t in group if lost_every_game(t, group))
        rest = tuple(t for t in group if t not in winners and t not in losers)
        parts = tuple(part for part in (winners, rest, losers) if part)
        case = Case.ENDS if len(parts) > 1 else Case.NOT_APPLIED
    if len(parts) == 1:
        return HeadToHeadSplit(members, case, (members,), winners, losers)
    again = tuple(decide(list(part)) if len(part) > 1 else None for part in parts)
    return HeadToHeadSplit(members, case, parts, winners, losers, again)
