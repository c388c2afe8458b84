"""A valid log as a sequence of placements with the scores after each: what the game viewer steps through."""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import CELLS, START_SYMBOLS, area_cells
from .log import apply_event, tracks_racks
from .tiles import COLOURS
from .turns import BONUS
from .variants import new_game


@dataclass(frozen=True)
class Step:
    number: int  # 1-based placement number
    player: int
    tile: str
    cells: tuple[tuple[int, int], tuple[int, int]]
    scores: tuple[tuple[int, ...], ...]  # every player's six scores after this placement
    bonus: bool  # a bonus placement
    flags_before: tuple[int, ...] = ()  # players whose time ran out just before this placement
    clock_s: int | None = None  # the time the player had left after it, when the log says


@dataclass
class Timeline:
    names: list[str]
    rules: str
    area: list[tuple[int, int]]
    starts: dict[tuple[int, int], str]
    steps: list[Step] = field(default_factory=list)
    flags_at_end: tuple[int, ...] = ()  # flags after the last placement
    clock_s: int | None = None  # each player's time for the game, when the log gives it


def timeline(log: dict) -> Timeline:
    """Replay a log that the checker has accepted; raises the engine's error otherwise."""
    names = list(log["players"])
    rules = log.get("rules") or "mso"
    game = new_game(names, rules, tracked_racks=tracks_racks(log["events"]), clock_s=log.get("clock_s"))
    line = Timeline(
        names=names,
        rules=rules,
        area=[CELLS[i] for i in sorted(area_cells(len(names)))],
        starts={CELLS[i]: COLOURS[c] for i, c in START_SYMBOLS.items()},
        clock_s=log.get("clock_s"),
    )
    pending_flags: list[int] = []
    for event in log["events"]:
        if game.is_over:
            break
        kind = event.get("type")
        bonus = kind == "place" and game.phase == BONUS
        apply_event(game, event)
        if kind == "flag":
            pending_flags.append(event["player"])
        elif kind == "place":
            line.steps.append(
                Step(
                    number=len(line.steps) + 1,
                    player=event["player"],
                    tile=event["tile"],
                    cells=(tuple(event["cells"][0]), tuple(event["cells"][1])),
                    scores=tuple(tuple(s) for s in game.score_rows),
                    bonus=bonus,
                    flags_before=tuple(pending_flags),
                    clock_s=event.get("clock_s"),
                )
            )
            pending_flags = []
    line.flags_at_end = tuple(pending_flags)
    return line
