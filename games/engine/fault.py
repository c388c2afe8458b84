"""Where a refused log goes wrong: the board as it stood before its faulty event, and that event in words.

The checker's `Report` names the first faulty event; every event before it
was accepted, so replaying them rebuilds the board the faulty event met.
`scene_before_fault` returns that board with the faulty placement's cells as
written (maybe off the board), and, for `bad-clock`, the clock readings of the
player concerned (`docs/move-log.md`, Precise points: Clock readings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import AREA_RADIUS, CELLS, START_SYMBOLS, area_cells, written_cell
from .errors import shown
from .log import Report, apply_event, tracks_racks
from .placement import EMPTY
from .tiles import COLOURS, PARSED_TILES
from .variants import new_game

Cell = tuple[int, int]
_LONGEST_VALUE = 60  # characters of a value shown in words; junk can be long


@dataclass(frozen=True)
class Reading:
    event: int  # the placement's index in `events`
    seconds: int  # the time its player had left after it
    faulty: bool = False  # the reading the checker refused, or the 0 that owed a flag


@dataclass
class FaultScene:
    """The board the faulty event met, the event in words and, for `bad-clock`, the player's readings."""

    report: Report
    names: list[str]
    area: list[Cell]
    area_radius: int
    starts: dict[Cell, str]
    tiles: dict[Cell, str] = field(default_factory=dict)  # the colour on each covered cell
    scores: list[list[int]] = field(default_factory=list)  # score rows before the event (the duel: one track)
    event: int | None = None  # the faulty event's index; None when the events ran out (`unfinished`, `wrong-final`)
    event_text: str = ""
    placement: tuple[Cell, ...] = ()  # the faulty placement's cells as written, on the board or not
    placement_tile: str | None = None  # its tile, when the tile is one
    clock_player: int | None = None  # whose clock a `bad-clock` concerns
    clock_s: int | None = None  # the game's time per player
    readings: list[Reading] = field(default_factory=list)

    def off_board(self, cell: Cell) -> bool:
        """Whether a cell lies outside this game's playing area."""
        q, r = cell
        return max(abs(q), abs(r), abs(q + r)) > self.area_radius


def scene_before_fault(log: Any, report: Report) -> FaultScene | None:
    """The board as it stood before the report's faulty event; None for a valid log or a fault of the whole object."""
    if report.valid or report.event is None:
        return None
    names, events = list(log["players"]), log["events"]
    game = new_game(names, log.get("rules") or "mso", tracked_racks=tracks_racks(events), clock_s=log.get("clock_s"))
    for event in events[: report.event]:  # all accepted: the report names the first fault
        apply_event(game, event)
    count = len(names)
    scene = FaultScene(
        report=report,
        names=names,
        area=[CELLS[i] for i in sorted(area_cells(count))],
        area_radius=AREA_RADIUS[count],
        starts={CELLS[i]: COLOURS[c] for i, c in START_SYMBOLS.items()},
        tiles={CELLS[i]: COLOURS[c] for i, c in enumerate(game.board) if c != EMPTY and i not in START_SYMBOLS},
        scores=[list(row) for row in game.score_rows],
        clock_s=log.get("clock_s"),
    )
    if report.event >= len(events):
        scene.event_text = "the end of the events" if report.code == "unfinished" else 'the declared "final"'
        return scene
    event = events[report.event]
    scene.event = report.event
    scene.event_text = describe_event(names, event)
    scene.placement, scene.placement_tile = _placement(event)
    if report.code == "bad-clock":
        owed = game.flag_owed  # a reading of 0 wanted this player's flag next
        scene.clock_player = owed if owed is not None else event["player"]
        scene.readings = _readings(events[: report.event + 1], scene.clock_player, owed is None)
    return scene


def _placement(event: Any) -> tuple[tuple[Cell, ...], str | None]:
    """A placement's two cells as written and its tile, when they are of the spec's form."""
    if type(event) is not dict or event.get("type") != "place":
        return (), None
    cells = event.get("cells")
    if not (type(cells) is list and len(cells) == 2 and all(_is_cell(c) for c in cells)):
        return (), None
    tile = event.get("tile")
    return (tuple(cells[0]), tuple(cells[1])), tile if isinstance(tile, str) and tile in PARSED_TILES else None


def _is_cell(value: Any) -> bool:
    return type(value) is list and len(value) == 2 and all(type(x) is int for x in value)


def _readings(events: list, player: int, last_is_faulty: bool) -> list[Reading]:
    """The player's clock readings up to the faulty event; the refused one, or the last 0, marked."""
    found = [
        (i, e["clock_s"])
        for i, e in enumerate(events)
        if type(e) is dict and e.get("type") == "place" and e.get("player") == player and type(e.get("player")) is int
        and type(e.get("clock_s")) is int
    ]
    faulty_at = len(events) - 1 if last_is_faulty else max((i for i, s in found if s == 0), default=None)
    return [Reading(i, seconds, i == faulty_at) for i, seconds in found]


def _short(value: Any) -> str:
    text = shown(value)
    return text if len(text) <= _LONGEST_VALUE else text[: _LONGEST_VALUE - 1] + "…"


def _cells_text(cells: Any) -> str:
    if type(cells) is list and all(_is_cell(c) for c in cells):
        return " and ".join(written_cell(*c, separator=", ") for c in cells)
    return _short(cells)


def _tiles_text(tiles: Any) -> str:
    if type(tiles) is list and all(isinstance(t, str) and len(t) <= 3 for t in tiles):
        return " ".join(tiles) if tiles else "nothing"
    return _short(tiles)


def describe_event(names: list[str], event: Any) -> str:
    """An event in words, whatever it holds: "Ann Able places RO on [4, 0] and [3, 0], declaring R+1"."""
    if type(event) is not dict:
        return f"{_short(event)}, which is not an event object"
    kind, player = event.get("type"), event.get("player")
    who = names[player] if type(player) is int and 0 <= player < len(names) else f"player {_short(player)}"
    if kind == "place":
        tile = event.get("tile")
        tile_text = tile if isinstance(tile, str) and tile in PARSED_TILES else _short(tile)
        text = f"{who} places {tile_text} on {_cells_text(event.get('cells'))}"
        gain = event.get("gain")
        if isinstance(gain, dict):
            declared = " ".join(f"{k if len(k) <= 2 else _short(k)}+{_short(v)}" for k, v in gain.items() if v != 0)
            text += ", declaring " + (declared or "nothing")
        elif gain is not None:
            text += f", declaring {_short(gain)}"
        if "clock_s" in event and event["clock_s"] is not None:
            text += f", with {_short(event['clock_s'])} s left on the clock"
        return text
    if kind == "draw":
        return f"{who} draws {_tiles_text(event.get('tiles'))}"
    if kind == "swap":
        rack = event.get("rack")
        return f"{who} swaps" + ("" if rack is None else f", showing {_tiles_text(rack)}")
    if kind == "flag":
        return f"{who} runs out of time (flag)"
    if kind == "end":
        return "the log declares the game over (end)"
    return f"an event of type {_short(kind)}" + ("" if player is None else f" by {who}")
