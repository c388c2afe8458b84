"""The rule-set variants of `Game`, and `new_game`, which picks the class for a rule set.

As python-chess makes each chess variant a board subclass, the duel
(`docs/move-log.md`, "Rule sets": duel) is a `Game` whose scoring,
swap, ending and winner differ; mso and kosmos differ only in their `RuleSet`
data and are played by `Game` itself.
"""

from __future__ import annotations

from typing import Sequence

from .errors import BadLog, IllegalMove
from .game import Game
from .rules import RULE_SETS, RuleSet
from .scoring import Result, advance_track, duel_goal, duel_winner
from .tiles import COLOUR_NAMES, COLOURS, TILE_KINDS, kind_name


class DuelGame(Game):
    """The two-player duel: one shared track per colour instead of a score board per player.

    `track[c]` runs from -9 (player 1's end) to +9 (player 0's end); the first
    to bring a counter to their end takes that colour's token and a bonus
    placement.  A swap sets aside only tiles showing a colour on one's end.
    """

    RULES_PLAYED = ("duel",)
    COMPLETE = "a player reached the end of every colour"
    GOAL = "every counter on their side"

    def __init__(self, players: int | Sequence[str] = 2, rules: str | RuleSet = "duel", **options):
        super().__init__(players, rules, **options)  # tracked_racks, clock_s: as for Game
        self.track: list[int] = [0] * 6  # + toward player 0, - toward player 1
        self.tokens: list[int | None] = [None] * 6  # who holds each colour's token

    @property
    def score_rows(self) -> list[list[int]]:
        return [self.track]

    def finished_colours(self, player: int) -> set[int]:
        """The colours whose counter stands on the player's end of the track."""
        goal = duel_goal(player)
        return {c for c in range(6) if self.track[c] == goal}

    def swappable(self, player: int) -> list[str]:
        """The tiles the player may set aside: those showing a colour on the player's end (tracked racks)."""
        finished = self.finished_colours(player)
        return [t for t in self.rack(player) if COLOURS.index(t[0]) in finished or COLOURS.index(t[1]) in finished]

    def _may_exchange(self, player: int) -> bool:
        return bool(self.finished_colours(player))

    def _result(self) -> Result:
        return Result(list(self.track), duel_winner(self.track), None, self.ended_by)

    def _score(self, player: int, gain: list[int], a: int, b: int) -> tuple[int, bool]:
        return advance_track(self.track, self.tokens, player, gain)

    def _exchange(self, player: int, set_aside: list[int] | None) -> None:
        """A swap, turn checked: the tiles set aside each show a colour on the player's end."""
        name = self.names[player]
        if set_aside is None:
            raise BadLog("bad-event", f"{name}'s duel swap does not list the tiles set aside")
        self.supply.check_held(name, player, set_aside)
        finished = self.finished_colours(player)
        if not finished:
            raise IllegalMove("illegal-swap", f"{name} swapped with no counter on {name}'s 9")
        for k, n in enumerate(set_aside):
            a, b = TILE_KINDS[k]
            if n and a not in finished and b not in finished:
                colours = ", ".join(COLOUR_NAMES[c] for c in sorted(finished))
                raise IllegalMove(
                    "illegal-swap",
                    f"{name} set aside {kind_name(k)}, which shows none of the colours on {name}'s 9 ({colours})",
                )
        self.supply.set_aside_tiles(player, set_aside)


# The class that plays each rule set.
GAME_CLASSES: dict[str, type[Game]] = {name: cls for cls in (Game, DuelGame) for name in cls.RULES_PLAYED}


def new_game(
    players: int | Sequence[str] = 2,
    rules: str | RuleSet = "mso",
    tracked_racks: bool = True,
    clock_s: int | None = None,
) -> Game:
    """A new game of the class that plays this rule set (`Game`, or `DuelGame` for the duel).

    `clock_s` is each player's time in seconds, when known: no clock reading may exceed it.
    """
    rule_set = RULE_SETS[rules] if isinstance(rules, str) else rules
    return GAME_CLASSES[rule_set.name](players, rule_set, tracked_racks=tracked_racks, clock_s=clock_s)
