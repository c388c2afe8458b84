"""A game room's game: the engine's `Game` and the server's `RoomClock`, driven by the room's stored events.

`docs/online-play.md`, "The game" and "Clocks".  Pure: the server time
and the bag's random choice are passed in, so the service can store every
event it makes and a test can replay a game exactly.

A room's history is a list of `Stored` events, each with the server time it
was accepted: the game's log events (`kind == "log"`, exactly as
`docs/move-log.md` writes them) and the room's own: `turn` (a player's clock
starts; `player` None stops every clock), `pause`, `resume` and `decided` (an
arbiter ended the game: every clock stops).  `Table.replay`
rebuilds the game and both clocks from them; the moves (`place`, `swap`,
`end_turn`) and `settle` (the start time passing, a flag falling) check
against the engine and return the new events to store.  Each move first
settles to the time it is given, so a move sent after its player's flag time
finds the flag fallen.  A refused move raises `Refused` with the checker's
code and words (the engine's, for every rule of the log: `games.engine.turns`)
and changes nothing but that settling.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from games.engine import IngeniousError
from games.engine.game import BONUS, PLACED, START
from games.engine.tiles import RACK_SIZE, kind_name
from games.engine.turns import DONE, after_end, out_of_turn
from games.engine.variants import new_game

from .clock import RoomClock

# A draw from the bag: (tiles in the bag counted by kind, how many) -> tile kinds drawn.
DrawFrom = Callable[[Sequence[int], int], list[int]]

PLAYERS = 2  # docs/online-play.md: the tournament's game, two players


@dataclass(frozen=True)
class Stored:
    """One event of a room as stored: what, when (server time, ms), and for `turn` the network allowance."""

    kind: str  # "log", "turn", "pause", "resume", "decided", "start" (the start time moved)
    at_ms: int
    data: dict = field(default_factory=dict)


class Refused(Exception):
    """A move the room does not accept: the checker's code (or the room's own) and the reason in words."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Outcome:
    """How a finished room ended: a played game (`result` from the engine), a forfeit (`winner` or None), or
    `decided` by an arbiter (the result is the one they entered, not the room's)."""

    forfeit: bool
    winner: int | None = None
    result: object | None = None  # games.engine.scoring.Result for a played game
    decided: bool = False


class Table:
    """The game of one room at the moment of its last stored event."""

    def __init__(self, names: Sequence[str], clock_s: int, starts_at_ms: int):
        self.names = list(names)
        self.clock_s = clock_s
        self.starts_at_ms = starts_at_ms
        self.game = new_game(self.names, "mso", tracked_racks=True, clock_s=clock_s)
        self.clock = RoomClock.new(clock_s, len(self.names))
        self.log: list[dict] = []
        self.started = False
        self.paused = False
        self.pause_note: dict = {}  # the last pause's note (reason, by whom, the round's), with its time `at_ms`
        self.outcome: Outcome | None = None
        self.turn_from = 0  # the game's placement count when the running turn started
        self.new: list[Stored] = []  # events made since the replay, for the service to store

    @classmethod
    def replay(cls, names: Sequence[str], clock_s: int, starts_at_ms: int, events: Sequence[Stored]) -> "Table":
        table = cls(names, clock_s, starts_at_ms)
        for event in events:
            table._apply(event)
        return table

    @classmethod
    def open(cls, names: Sequence[str], clock_s: int, starts_at_ms: int, now_ms: int, draw: DrawFrom) -> "Table":
        """A new room: each player's starting rack drawn from the bag (draws before the first placement)."""
        table = cls(names, clock_s, starts_at_ms)
        for player in range(len(table.names)):
            table._refill(player, now_ms, draw)
        return table

    # -- reading ---------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def running(self) -> int | None:
        """The player whose clock runs (whose turn it is), or None."""
        return self.clock.running

    def phase(self) -> str | None:
        """How far the running turn has gone, in the engine's words (`turns`: START, BONUS or PLACED); None when no
        clock runs.  The engine's turn passes on only at the next player's placement, the room's at End turn:
        until the running player has placed, the turn stands at START."""
        if self.running is None:
            return None
        return START if self.game.placement_count == self.turn_from else self.game.phase

    def deciding(self) -> bool:
        """Whether the running player has placed and must now choose: swap, or end the turn."""
        return self.phase() == PLACED

    def bonus_owed(self) -> bool:
        return self.phase() == BONUS

    def wakes_at(self) -> int | None:
        """When `settle` next has something to do: the start time, or the running player's flag."""
        if self.finished or self.paused:
            return None
        if not self.started:
            return self.starts_at_ms
        return self.clock.flag_at()

    def placed(self, player: int) -> bool:
        return self.game.has_placed[player]

    # -- what the server does by itself -------------------------------------------------

    def settle(self, now_ms: int, allowance: Callable[[int], int] = lambda player: 0) -> list[Stored]:
        """Start the clocks when the start time has come, and let every flag due by `now_ms` fall."""
        if self.finished or self.paused:
            return self.new
        if not self.started and now_ms >= self.starts_at_ms:
            self._record(Stored("turn", self.starts_at_ms, {"player": 0, "allowance_ms": allowance(0)}))
        while not self.finished and (due := self.clock.flag_at()) is not None and due <= now_ms:
            player = self.clock.running
            self._record(Stored("log", due, {"type": "flag", "player": player}))
            if self._absence_decides():
                self._finish(due)
            elif self.game.is_over:  # every player out of time
                self._finish(due)
            else:
                following = self.game.to_place
                self._record(Stored("turn", due, {"player": following, "allowance_ms": allowance(following)}))
        return self.new

    # -- the players' moves ---------------------------------------------------------------

    def place(self, player: int, tile: str, cells, now_ms: int, draw: DrawFrom,
              allowance: Callable[[int], int] = lambda player: 0) -> list[Stored]:
        """The player lays `tile` (its first colour on `cells[0]`); the gain is the engine's."""
        self.settle(now_ms, allowance)
        self._check_may_move(player, DONE["place"], START, BONUS)
        reading = self.clock.readings(now_ms)[player]
        try:
            gain = self.game.place(player, tile, cells, clock_s=reading)
        except IngeniousError as fault:
            raise self._refusal(fault) from None
        event = {"type": "place", "player": player, "tile": tile, "cells": [list(cells[0]), list(cells[1])]}
        declared = {"ROYGBP"[c]: points for c, points in enumerate(gain) if points}
        if declared:
            event["gain"] = declared
        event["clock_s"] = reading
        self.log.append(event)
        self.new.append(Stored("log", now_ms, event))
        if self._absence_decides() or self.game.is_over:
            self._finish(now_ms)
        elif self.game.phase == PLACED and not self.game.may_swap(player):
            self._end_turn(player, now_ms, draw, allowance)  # nothing left to decide: the turn ends by itself
        return self.new

    def swap(self, player: int, now_ms: int, draw: DrawFrom,
             allowance: Callable[[int], int] = lambda player: 0) -> list[Stored]:
        """The player shows the rack and swaps it (only when the rule allows), and the turn ends."""
        self.settle(now_ms, allowance)
        self._check_may_move(player, DONE["swap"], PLACED)
        rack = self.game.rack(player)
        try:
            self.game.swap(player, rack)
        except IngeniousError as fault:
            raise self._refusal(fault) from None
        event = {"type": "swap", "player": player, "rack": rack}
        self.log.append(event)
        self.new.append(Stored("log", now_ms, event))
        self._end_turn(player, now_ms, draw, allowance)
        return self.new

    def end_turn(self, player: int, now_ms: int, draw: DrawFrom,
                 allowance: Callable[[int], int] = lambda player: 0) -> list[Stored]:
        """The player presses End turn after placing: the rack is refilled and the next player's clock starts."""
        self.settle(now_ms, allowance)
        self._check_may_move(player, "ended the turn", PLACED)
        self._end_turn(player, now_ms, draw, allowance)
        return self.new

    # -- the arbiter ----------------------------------------------------------------------

    def pause(self, now_ms: int, note: dict | None = None) -> list[Stored]:
        """An arbiter stops both clocks and every move; `note` (the reason, by whom, whether the whole round's
        pause) is kept with the event, for the desk and the players."""
        if self.finished:
            raise Refused("finished", "the game is over")
        if self.paused:
            raise Refused("paused", "the game is already paused")
        self._record(Stored("pause", now_ms, dict(note or {})))
        return self.new

    def move_start(self, now_ms: int, starts_at_ms: int) -> list[Stored]:
        """The start time moved (or brought to now) while no clock has started (docs/online-event.md, "Start time")."""
        self.settle(now_ms)
        if self.started or self.finished:
            raise Refused("started", "the clocks have started")
        self._record(Stored("start", now_ms, {"starts_at_ms": max(starts_at_ms, now_ms)}))
        return self.new

    def resume(self, now_ms: int) -> list[Stored]:
        if not self.paused:
            raise Refused("not-paused", "the game is not paused")
        self._record(Stored("resume", now_ms))
        return self.new

    def decide(self, now_ms: int) -> list[Stored]:
        """An arbiter ended the game by decision: every clock stops, no move is accepted after it."""
        if self.finished:
            raise Refused("finished", "the game is over")
        self._record(Stored("decided", now_ms))
        return self.new

    # -- inside ---------------------------------------------------------------------------

    # The room's own endings, in the words of the engine's `ended_text` (the log has no code for them).
    DECIDED = "an arbiter decided it"
    ABSENT = "a player ran out of time without having placed a tile"

    def _check_may_move(self, player: int, what: str, *phases: str) -> None:
        """Refuse `player`'s move (`what` they did, as the log checker says it) unless the room is playing, the
        player has time left, and it is their turn at one of `phases`; the rules of the log in the engine's words."""
        game = self.game
        if self.finished:
            try:
                game.check_not_over(player, what)
            except IngeniousError as fault:
                raise self._refusal(fault) from None
            ended = self.DECIDED if self.outcome.decided else self.ABSENT
            raise self._refusal(after_end(f"{self.names[player]} {what}", ended))
        if self.paused:
            raise Refused("paused", "the game is paused by the arbiter: no move until it resumes")
        if not self.started:
            raise Refused("not-started", "the game has not started yet")
        try:
            game.check_not_flagged(player, what)
        except IngeniousError as fault:
            raise self._refusal(fault) from None
        phase = self.phase()
        if player != self.running or phase not in phases:
            turn = self.running
            raise self._refusal(out_of_turn(self.names, turn, phase, game.next_player(turn), player, what))

    def _end_turn(self, player: int, now_ms: int, draw: DrawFrom, allowance: Callable[[int], int]) -> None:
        self._refill(player, now_ms, draw)
        following = self.game.next_player(player)
        self._record(Stored("turn", now_ms, {"player": following, "allowance_ms": allowance(following)}))

    def _refill(self, player: int, now_ms: int, draw: DrawFrom) -> None:
        want = min(RACK_SIZE - self.game.rack_sizes[player], self.game.bag_size)
        if want > 0:
            tiles = [kind_name(kind) for kind in draw(list(self.game.bag), want)]
            self._record(Stored("log", now_ms, {"type": "draw", "player": player, "tiles": tiles}))

    def _absence_decides(self) -> bool:
        """A player out of time without a placement has not played: once the other has placed, or is out of
        time too without one, the match is a forfeit (docs/online-play.md, Clocks: Absent player)."""
        absent = [p for p in range(len(self.names)) if self.game.flagged[p] and not self.placed(p)]
        if not absent:
            return False
        others = [p for p in range(len(self.names)) if p not in absent]
        return not others or any(self.placed(p) for p in others)

    def _finish(self, now_ms: int) -> None:
        if not self.finished:
            self._record(Stored("turn", now_ms, {"player": None}))

    def _record(self, event: Stored) -> None:
        self._apply(event)
        self.new.append(event)

    def _apply(self, event: Stored) -> None:
        """One stored event into the game and the clocks (a stored history is always one the room accepted)."""
        if event.kind == "log":
            self._play(event)
        elif event.kind == "turn":
            self._turn(event)
        elif event.kind == "pause":
            self.clock = self.clock.pause(event.at_ms)
            self.paused = True
            self.pause_note = {**event.data, "at_ms": event.at_ms}
        elif event.kind == "start":
            self.starts_at_ms = event.data["starts_at_ms"]
        elif event.kind == "resume":
            self.clock = self.clock.resume(event.at_ms)
            self.paused = False
        elif event.kind == "decided":
            if self.paused:  # the clocks stay as the pause left them
                self.clock = self.clock.resume(event.at_ms)
                self.paused = False
            if self.clock.running is not None:
                self.clock = self.clock.end_turn(event.at_ms)
            self.outcome = Outcome(forfeit=False, decided=True)
        else:
            raise ValueError(f"unknown room event {event.kind!r}")

    def _play(self, event: Stored) -> None:
        data, game = event.data, self.game
        kind = data["type"]
        if kind == "place":
            game.place(data["player"], data["tile"], data["cells"], None, data.get("clock_s"))
        elif kind == "draw":
            game.draw(data["player"], data["tiles"])
        elif kind == "swap":
            game.swap(data["player"], data.get("rack"))
        elif kind == "flag":
            self.clock = self.clock.flag(event.at_ms)
            game.flag(data["player"])
        self.log.append(data)

    def _turn(self, event: Stored) -> None:
        player = event.data.get("player")
        if self.clock.running is not None:
            self.clock = self.clock.end_turn(event.at_ms)
        self.started = True
        self.turn_from = self.game.placement_count
        if player is None:
            self._close()
        else:
            self.clock = self.clock.start_turn(player, event.at_ms, event.data.get("allowance_ms", 0))

    def _close(self) -> None:
        """Every clock stopped: the game is over, played out or decided by an absence."""
        if self._absence_decides():
            present = [p for p in range(len(self.names)) if self.placed(p)]
            self.outcome = Outcome(forfeit=True, winner=present[0] if present else None)
        else:
            self.outcome = Outcome(forfeit=False, result=self.game.result())

    def _refusal(self, fault: IngeniousError) -> Refused:
        return Refused(fault.code, str(fault))


def public_log(table: Table) -> dict:
    """The game's move log (`ingenious-log/1`), whole: draws included, as every game log once it is over."""
    log = {"format": "ingenious-log/1", "rules": "mso", "players": table.names, "clock_s": table.clock_s,
           "events": list(table.log)}
    if table.game.is_over:
        log["events"].append({"type": "end"})
    return log
