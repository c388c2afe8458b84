"""Reading and replaying `ingenious-log/1` (`docs/move-log.md`).

`check_text(bytes_or_str)` and `replay(obj)` never raise for bad input: every
fault becomes a `Report` with one of the spec's codes.

Where the spec is silent, this checker decides (and the README repeats):
- `null` for an optional field (`rules`, `clock_s`, `final`, `gain`, `rack`,
  an event's `clock_s`) means the field is absent.
- Unknown extra fields are ignored, so a writer may add its own.
- Player names must be non-empty strings.
- A bonus placement owed with an empty tracked rack is dropped: there is no
  tile to make it with.
- `check_text` takes a number too large for a float (`1e400`) and a string
  with an unpaired surrogate (`"\\ud800"`, not Unicode, so not UTF-8) for
  text that is not JSON (`bad-format`), as it does `NaN` and `Infinity`:
  none of them can be stored or shown again.
- A log nested more than `MAX_DEPTH` levels deep (in a field the replay does
  not read: the fields it reads have fixed shapes) is `bad-format`, "nested
  too deeply", as text too deep for the JSON reader always was; the limit is
  fixed, so the verdict does not depend on how deep the caller's stack is.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from .board import CELL_INDEX
from .errors import BadLog, IngeniousError, shown
from .final import final_mismatch
from .game import Game
from .nesting import (MAX_DEPTH, PLAYED_FIELDS, nested_too_deeply, too_deep_at_top, too_deep_in_event,
                      too_deep_in_events)
from .rules import RULE_SETS
from .tiles import COLOURS, PARSED_TILES
from .turns import DONE, after_end
from .variants import new_game

__all__ = ["FORMAT", "MAX_DEPTH", "Report", "apply_event", "check_text", "is_int", "reject_constant", "replay",
           "tracks_racks"]

FORMAT = "ingenious-log/1"
_COLOUR_INDEX = {letter: i for i, letter in enumerate(COLOURS)}


@dataclass
class Report:
    """The checker's report of "What a checker reports"."""

    valid: bool
    code: str | None = None
    event: int | None = None
    message: str | None = None
    scores: list | None = None
    winner: int | None = None
    levels: list | None = None
    ended_by: str | None = None
    players: list[str] | None = None  # for readable output; not part of the JSON report
    log: Any = field(default=None, repr=False, compare=False)  # the log replayed, for showing the fault; not JSON
    flagged: list[bool] | None = None  # who ran out of time; not part of the JSON report
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        if not self.valid:
            report = {"valid": False, "error": {"event": self.event, "code": self.code, "message": self.message}}
        else:
            report = {
                "valid": True,
                "scores": self.scores,
                "winner": self.winner,
                "levels": self.levels,
                "ended_by": self.ended_by,
            }
        report.update(self.extra)
        return report

    @classmethod
    def fault(cls, code: str, message: str, event: int | None = None) -> "Report":
        """The report of an invalid log: the spec's code, the event's index (None: the whole log), why."""
        return cls(valid=False, code=code, event=event, message=message)

def is_int(value: Any) -> bool:
    """A JSON integer: bools and floats such as 3.0 are not (spec, Precise points)."""
    return type(value) is int


def reject_constant(name: str):
    """`json.loads`'s `parse_constant`: NaN, Infinity and -Infinity are not JSON (the tournament file's reader too)."""
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is out of range")
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _unpaired_surrogate(value: Any) -> str | None:
    """The first unpaired surrogate in any string (or key) of a parsed value, as `\\udXXX`."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                return f"\\u{ord(item[error.start]):04x}"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def check_text(text: bytes | str) -> Report:
    """Parse a log from its JSON text and replay it."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            return Report.fault("bad-format", f"the log is not UTF-8 text (byte {error.start})")
    else:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            return Report.fault("bad-format", f"the log is not UTF-8 text (unpaired surrogate at character {error.start})")
    try:
        obj = json.loads(text, parse_constant=reject_constant, parse_float=_finite_float)
    except RecursionError:
        return Report.fault("bad-format", "the log is not JSON: it is nested too deeply")
    except ValueError as error:
        return Report.fault("bad-format", f"the log is not JSON: {error}")
    if _SURROGATE_ESCAPE.search(text):
        unpaired = _unpaired_surrogate(obj)
        if unpaired:
            return Report.fault("bad-format", f"the log is not UTF-8 text: a string holds the unpaired surrogate {unpaired}")
    return replay(obj)


def replay(log: Any) -> Report:
    """Replay a parsed log; the report names the first faulty event or gives the result."""
    try:
        players, rules, clock, events = _open(log)
    except BadLog as fault:
        report = Report.fault(fault.code, fault.message)
    else:
        report = _play(log, players, rules, clock, events)
        if not report.valid:
            # Nesting too deep outranks every fault found from here on.  The replay looked at
            # each event it played, and stopped at this fault: look at all of them.
            deep = too_deep_in_events(events)
            if deep:
                report = Report.fault("bad-format", nested_too_deeply(deep))
    report.log = log
    return report


def _open(log: Any) -> tuple[list, str, int | None, list]:
    """The whole-object checks, in the spec's order (format, players, rules, clock_s, events), then nesting."""
    if not isinstance(log, dict):
        raise BadLog("bad-format", "the log is not a JSON object")
    if log.get("format") != FORMAT:
        raise BadLog("bad-format", f'"format" must be "{FORMAT}", not {shown(log.get("format"))}')
    players = log.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise BadLog("bad-format", '"players" must be a list of 2 to 4 names')
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise BadLog("bad-format", f'"players"[{i}] must be a non-empty name')
    rules = log.get("rules")
    if rules is None:
        rules = "mso"
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise BadLog("bad-format", f'"rules" must be "mso", "kosmos" or "duel", not {shown(rules)}')
    if rules == "duel" and len(players) != 2:
        raise BadLog("bad-format", f"the duel is for 2 players, not {len(players)}")
    clock = log.get("clock_s")
    if clock is not None and not (is_int(clock) and clock > 0):
        raise BadLog(
            "bad-format", f'"clock_s", each player\'s time, must be a positive whole number of seconds, not {shown(clock)}'
        )
    events = log.get("events")
    if not isinstance(events, list):
        raise BadLog("bad-format", '"events" must be a list')
    deep = too_deep_at_top(log)
    if deep:
        raise BadLog("bad-format", nested_too_deeply(deep))
    return players, rules, clock, events


def _play(log: dict, players: list, rules: str, clock: int | None, events: list) -> Report:
    """Every event in turn, then the result, compared with the log's `final`."""
    game = new_game(players, rules, tracked_racks=tracks_racks(events), clock_s=clock)
    last = len(events) - 1
    for index, event in enumerate(events):
        if game.ended_by is not None:
            kind = event.get("type") if isinstance(event, dict) else None
            if index == last and kind == "end":
                deep = too_deep_in_event(index, event)
                if deep:
                    return Report.fault("bad-format", nested_too_deeply(deep))
                break
            return Report.fault("after-end", after_end(done_after_end(game, event), game.ended_text).message, index)
        try:
            apply_event(game, event)
        except IngeniousError as fault:
            return Report.fault(fault.code, fault.message, index)
        if not event.keys() <= PLAYED_FIELDS[event["type"]]:  # a field the replay does not read
            deep = too_deep_in_event(index, event)
            if deep:
                return Report.fault("bad-format", nested_too_deeply(deep))
    if not game.is_over:
        return Report.fault("unfinished", f"the events stop before the game ended: {game.why_not_over}", len(events))
    result = game.result()
    final = log.get("final")
    if final is not None:
        mismatch = final_mismatch(game, final)
        if mismatch:
            return Report.fault("wrong-final", mismatch, len(events))
    return Report(
        valid=True,
        scores=result.scores,
        winner=result.winner,
        levels=result.levels,
        ended_by=result.ended_by,
        players=list(game.names),
        flagged=list(game.flagged),
    )


def done_after_end(game: Game, event: Any) -> str:
    """Who did what, for an event after the end ("Ann Able swapped") when the event names a move and a player,
    else the event's kind ("a 'pass' event comes"): an event after the end is refused whatever it holds."""
    kind = event.get("type") if isinstance(event, dict) else None
    player = event.get("player") if isinstance(event, dict) else None
    if isinstance(kind, str) and kind in DONE and is_int(player) and 0 <= player < len(game.names):
        return f"{game.names[player]} {DONE[kind]}"
    return f"a {kind!r} event comes" if isinstance(kind, str) else "an event comes"


def tracks_racks(events: list) -> bool:
    """Whether a log tracks racks: it does when any event draws tiles."""
    return any(isinstance(e, dict) and e.get("type") == "draw" for e in events)


def _player(game: Game, event: dict) -> int:
    player = event.get("player")
    if type(player) is not int or not 0 <= player < game.player_count:
        raise BadLog(
            "bad-event",
            f'"player" must be a player index from 0 to {game.player_count - 1}, not {shown(player)}',
        )
    return player


def _tile(value: Any, where: str) -> tuple[int, int, int]:
    parsed = PARSED_TILES.get(value) if isinstance(value, str) else None
    if parsed is None:
        raise BadLog("bad-tile", f"{where} {shown(value)} is not a tile: a tile is two of the letters {COLOURS}")
    return parsed


def _tile_list(event: dict, key: str, name: str) -> list[int]:
    tiles = event.get(key)
    if type(tiles) is not list:
        raise BadLog("bad-event", f'{name}\'s {event["type"]} needs "{key}": a list of tiles')
    try:
        return [PARSED_TILES[t][2] for t in tiles]
    except (KeyError, TypeError):  # not a tile; TypeError: not even hashable
        return [_tile(t, f'{name}\'s "{key}" holds')[2] for t in tiles]


def _cells(event: dict, name: str) -> tuple[int | None, int | None, list]:
    """The two cell numbers (None for a cell off the board) and the cells as written."""
    cells = event.get("cells")
    if type(cells) is list and len(cells) == 2:
        first, second = cells
        if (
            type(first) is list
            and type(second) is list
            and len(first) == 2
            and len(second) == 2
            and type(first[0]) is int
            and type(first[1]) is int
            and type(second[0]) is int
            and type(second[1]) is int
        ):
            return CELL_INDEX.get((first[0], first[1])), CELL_INDEX.get((second[0], second[1])), cells
    raise BadLog("bad-cell", f'{name}\'s placement needs "cells": two cells, each [q, r] with whole numbers')


def _gain(event: dict, name: str) -> list[int] | None:
    gain = event.get("gain")
    if gain is None:
        return None
    if not isinstance(gain, dict):
        raise BadLog("bad-event", f'{name}\'s "gain" must map colour letters to points')
    declared = [0] * 6
    for letter, points in gain.items():
        colour = _COLOUR_INDEX.get(letter)
        if colour is None or type(points) is not int or points < 0:
            raise BadLog(
                "bad-event",
                f'{name}\'s "gain" must map colour letters ({COLOURS}) to whole numbers of points, '
                f"not {shown(letter)}: {shown(points)}",
            )
        declared[colour] = points
    return declared


def apply_event(game: Game, event: Any) -> None:
    """Check one event's form (spec order: type, player, tile(s), cells, gain/rack) and play it on `game`.

    Raises `BadLog` for an event not of the spec's form and `IllegalMove` for a move the rules refuse.
    """
    if game.flag_owed is not None:  # only that flag may follow, checked before the event's own checks
        game.check_next(_described(game, event), _flag_by(event))
    if type(event) is not dict:
        raise BadLog("bad-event", "an event must be a JSON object")
    kind = event.get("type")
    if kind == "place":
        player = event.get("player")
        if type(player) is not int or not 0 <= player < game.player_count:
            _player(game, event)  # raises with the message
        tile = event.get("tile")
        parsed = PARSED_TILES.get(tile) if type(tile) is str else None
        if parsed is None:
            _tile(tile, f"{game.names[player]}'s placed tile")
        first, second, cells = _cells(event, game.names[player])
        declared = None if event.get("gain") is None else _gain(event, game.names[player])
        clock = event.get("clock_s")
        if clock is not None and type(clock) is not int:
            raise BadLog(
                "bad-event", f'{game.names[player]}\'s "clock_s" must be a whole number of seconds left, not {shown(clock)}'
            )
        game.place_parsed(player, parsed, first, second, declared, cells, clock)
    elif kind == "draw":
        player = _player(game, event)
        game.draw_parsed(player, _tile_list(event, "tiles", game.names[player]))
    elif kind == "swap":
        player = _player(game, event)
        rack = None if event.get("rack") is None else _tile_list(event, "rack", game.names[player])
        game.swap_parsed(player, rack)
    elif kind == "flag":
        game.flag(_player(game, event))
    elif kind == "end":
        game.end()
    else:
        raise BadLog("bad-event", f"unknown event type {shown(kind)}")


def _flag_by(event: Any) -> int | None:
    """The flagging player's index when the event is a flag naming one (a bool is no player index), else None."""
    if type(event) is dict and event.get("type") == "flag" and type(event.get("player")) is int:
        return event["player"]
    return None


def _described(game: Game, event: Any) -> str:
    """An event in words, whatever it holds: "a draw by Ann Able", "an event that is not an object"."""
    if type(event) is not dict:
        return "an event that is not an object"
    kind, player = event.get("type"), event.get("player")
    what = {"place": "a placement", "draw": "a draw", "swap": "a swap", "flag": "a flag", "end": "an end event"}.get(
        kind, f"an event of type {shown(kind)}" if isinstance(kind, str) else "an event with no known type")
    if kind != "end" and type(player) is int and 0 <= player < game.player_count:
        what += f" by {game.names[player]}"
    return what
