"""The rule sets of `docs/move-log.md`, "Rule sets"."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSet:
    name: str
    # mso: every placement touches a tile or a start symbol.
    # kosmos and duel: a player's first placement touches a start symbol no
    # tile touches yet; later placements go anywhere.
    must_touch: bool
    # kosmos: each colour brought to 18 earns a bonus; mso: one per placement.
    # (The duel's track instead of score boards is its own class: variants.DuelGame.)
    bonus_per_colour: bool
    max_players: int = 4


MSO = RuleSet("mso", must_touch=True, bonus_per_colour=False)
KOSMOS = RuleSet("kosmos", must_touch=False, bonus_per_colour=True)
DUEL = RuleSet("duel", must_touch=False, bonus_per_colour=True, max_players=2)

RULE_SETS = {rules.name: rules for rules in (MSO, KOSMOS, DUEL)}

MAX_SCORE = 18  # a score board stops at 18
DUEL_END = 9  # a duel track runs to 9 on each side
