"""The analysis of a finished game (`docs/analysis.md`): what else each placement could have been.

For each `place` event of a valid, finished log with tracked racks (mso or
kosmos, 2 to 4 players), bonus placements included, the **candidates** are
every legal placement of a tile of the mover's rack at that moment: the cell
pairs come from `placement.legal_cell_pairs` (the rules the checker applies,
the first-placement rule included), the points from `scoring.hex_points`
(the two halves of `raw_gain`).  A candidate's result is the mover's six
scores after it, capped at 18, lowest first, compared as the MSO decides a
game, then the uncapped total gained; the played placement's rank is 1 + the
number of candidates strictly better.

The candidates of a position are enumerated once: per cell pair, each colour
of the rack is scored once on each cell, and every tile, either way round,
adds up its two halves.  Nothing is replayed per candidate.

`analyse(log)` and `analyse_text(text)` return an `Analysis` or raise
`NotAnalysed` with the reason (`docs/analysis.md`, "What is analysed").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .board import CELL_INDEX, CELLS, DIRECTION_TO
from .log import Report, apply_event, check_text, replay, tracks_racks
from .placement import legal_cell_pairs
from .rules import MAX_SCORE
from .scoring import format_gain, hex_points
from .tiles import COLOURS, PARSED_TILES, TILE_KINDS
from .turns import BONUS
from .variants import new_game

# Why a log is not analysed: the codes `NotAnalysed` carries, in the order they are looked for.
INVALID, DUEL, UNFINISHED, UNTRACKED = "invalid", "duel", "unfinished", "untracked"

# What every page says of the analysis's reach, once (`docs/analysis.md`: "The pages say so in one sentence").
REACH = ("The analysis looks one placement ahead only: it does not see the bonus placement a candidate earns, "
         "the swap, or the next player's reply.")

# A candidate's result as one integer, so that comparing two is one comparison: the six capped scores, lowest
# first, as base-19 digits (the lowest most significant), then the total gained below them.  A line leaving a hex
# crosses at most 14 cells of the board, so two hexes gain at most 2 × 5 lines × 14 = 140 points: under TOTAL_ROOM.
SCORE_BASE = MAX_SCORE + 1
TOTAL_ROOM = 256


class NotAnalysed(Exception):
    """A log the analysis refuses, and why: `code` is one of INVALID, DUEL, UNFINISHED, UNTRACKED."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Candidate:
    """A placement written in board order: `cells[0]` before `cells[1]` (smaller q, then smaller r), `tile[0]` on
    `cells[0]`; `gain` is the six colours' raw points (uncapped)."""

    tile: str
    cells: tuple[tuple[int, int], tuple[int, int]]
    gain: tuple[int, ...]

    def gain_json(self) -> dict[str, int]:
        """The gain as the log writes it: colour letters to points, the colours with none left out."""
        return {COLOURS[c]: points for c, points in enumerate(self.gain) if points}

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "cells": [list(cell) for cell in self.cells], "gain": self.gain_json()}

    @property
    def words(self) -> str:
        """ "RO on [0,1] [1,1], R+2 O+1" """
        cells = " ".join(f"[{q},{r}]" for q, r in self.cells)
        return f"{self.tile} on {cells}, {format_gain(self.gain)}"


@dataclass(frozen=True)
class Position:
    """One `place` event looked at: how many candidates it had, where the played one ranks, the first best one."""

    event: int  # the event's index in the log
    player: int
    candidates: int
    played: Candidate
    rank: int
    best: Candidate
    best_count: int
    bonus: bool  # a bonus placement
    scores: tuple[tuple[int, ...], ...]  # every player's six scores after the played placement (the picture)

    @property
    def is_best(self) -> bool:
        return self.rank == 1

    @property
    def rank_words(self) -> str:
        """The played placement's rank as every page and the command line say it: "best" or "rank 4 of 212"."""
        return "best" if self.rank == 1 else f"rank {self.rank} of {self.candidates}"

    def to_json(self) -> dict[str, Any]:
        played = self.played.to_json()
        played["rank"] = self.rank
        return {"event": self.event, "player": self.player, "candidates": self.candidates, "played": played,
                "best": self.best.to_json(), "best_count": self.best_count}


@dataclass(frozen=True)
class PlayerFigures:
    """A player's placements analysed, how many were a best candidate ("best found: 23 of 31"), the mean rank."""

    positions: int
    best_found: int
    mean_rank: float | None  # None for a player who never placed

    @property
    def words(self) -> str:
        """ "best found: 23 of 31", as every page and the command line say it."""
        return f"best found: {self.best_found} of {self.positions}"

    def to_json(self) -> dict[str, Any]:
        return {"positions": self.positions, "best_found": self.best_found, "mean_rank": self.mean_rank}


@dataclass(frozen=True)
class Analysis:
    names: list[str]
    rules: str
    positions: list[Position]
    players: list[PlayerFigures]

    def to_json(self) -> dict[str, Any]:
        """The JSON of `analyse --json` (`docs/analysis.md`, "Where"), exactly."""
        return {"positions": [p.to_json() for p in self.positions], "players": [p.to_json() for p in self.players]}


# --- refusals ------------------------------------------------------------------------------------------------------


def refusal(report: Report, log: Any) -> NotAnalysed | None:
    """Why a checked log is not analysed, or None when it is: invalid, a duel, unfinished, racks not tracked."""
    if not report.valid and report.code != "unfinished":
        where = "" if report.event is None else f"event {report.event}: "
        return NotAnalysed(INVALID, f"the log is invalid: {where}{report.code}: {report.message}")
    if (log.get("rules") or "mso") == "duel":
        return NotAnalysed(DUEL, "the duel is not analysed")
    if not report.valid:
        return NotAnalysed(UNFINISHED, f"the game is unfinished: {report.message}")
    if not tracks_racks(log["events"]):
        return NotAnalysed(UNTRACKED, "the log does not track the racks (no draw events), so the tiles in hand "
                                      "are not known")
    return None


def analyse_text(text: bytes | str) -> Analysis:
    """The analysis of a log given as its JSON text (as `checklog` reads it)."""
    report = check_text(text)
    refused = refusal(report, report.log)
    if refused:
        raise refused
    return _analyse_checked(report.log)


def analyse(log: Any) -> Analysis:
    """The analysis of a parsed log; raises `NotAnalysed` for a log that is not analysed, saying why."""
    report = replay(log)
    refused = refusal(report, log)
    if refused:
        raise refused
    return _analyse_checked(log)


# --- the positions -------------------------------------------------------------------------------------------------


def _analyse_checked(log: dict) -> Analysis:
    """Replay a log the checker accepted, looking at each placement before it is made."""
    names = list(log["players"])
    rules = log.get("rules") or "mso"
    game = new_game(names, rules, tracked_racks=True, clock_s=log.get("clock_s"))
    positions = []
    for index, event in enumerate(log["events"]):
        if game.is_over:
            break
        if event.get("type") != "place":
            apply_event(game, event)
            continue
        player = event["player"]
        ranked = look_at(game, player, event["tile"], event["cells"])  # before the placement changes the board
        bonus = game.phase == BONUS
        apply_event(game, event)
        positions.append(Position(index, player, *ranked, bonus, tuple(tuple(row) for row in game.scores)))
    return Analysis(names, rules, positions, _figures(len(names), positions))


def _figures(players: int, positions: Sequence[Position]) -> list[PlayerFigures]:
    figures = []
    for player in range(players):
        ranks = [p.rank for p in positions if p.player == player]
        mean = sum(ranks) / len(ranks) if ranks else None
        figures.append(PlayerFigures(len(ranks), sum(1 for r in ranks if r == 1), mean))
    return figures


def look_at(game, player: int, tile: str, cells) -> tuple[int, Candidate, int, Candidate, int]:
    """The position of `game` now, `player` to place `tile` on `cells` (a legal placement, either way written):
    the number of candidates, the placement as a candidate, its rank, the first best candidate, how many are best."""
    return _Position(game, player, tile, cells).ranked()


def result_key(scores: Sequence[int], a: int, b: int, points_a: int, points_b: int) -> int:
    """A candidate's result as one integer (greater is better): colour a gains points_a, colour b points_b
    (a == b for a double), each score stopping at 18; the scores lowest first, then the total gained."""
    after = list(scores)
    after[a] = min(MAX_SCORE, after[a] + points_a)
    after[b] = min(MAX_SCORE, after[b] + points_b)
    key = 0
    for score in sorted(after):
        key = key * SCORE_BASE + score
    return key * TOTAL_ROOM + points_a + points_b


class _Position:
    """The board, the mover's scores and rack just before a placement; `ranked` ranks every candidate."""

    def __init__(self, game, player: int, tile: str, cells):
        self.board = game.board
        self.in_area = game.in_area
        self.rules = game.rules
        self.first = not game.has_placed[player]
        self.scores = list(game.scores[player])
        self.player = player
        rack = game.racks[player]
        self.tiles = sorted({(a, b) for k, n in enumerate(rack) if n for a, b in (TILE_KINDS[k], TILE_KINDS[k][::-1])})
        self.colours = sorted({a for a, _ in self.tiles})
        self.played = _board_order(tile, cells)

    def ranked(self) -> tuple[int, Candidate, int, Candidate, int]:
        """The number of candidates, the played one, its rank, the first best one, the number of best ones."""
        i0, i1, a0, b0 = self.played
        direction = DIRECTION_TO[i0][i1]
        played_a = hex_points(self.board, a0, i0, direction)
        played_b = hex_points(self.board, b0, i1, (direction + 3) % 6)
        played_key = result_key(self.scores, a0, b0, played_a, played_b)

        count = better = best_count = 0
        best_key, best = -1, None
        board, scores, tiles, colours = self.board, self.scores, self.tiles, self.colours
        # Cell numbers follow board order (`board.CELLS` runs by q, then r), and i < j in every pair: sorted, the
        # pairs come in board order, and the tiles in colour order, so the first best found is the first written.
        for i, j in sorted(legal_cell_pairs(board, self.in_area, self.rules, self.first)):
            towards = DIRECTION_TO[i][j]
            back = (towards + 3) % 6
            on_i = {c: hex_points(board, c, i, towards) for c in colours}
            on_j = {c: hex_points(board, c, j, back) for c in colours}
            for a, b in tiles:
                key = result_key(scores, a, b, on_i[a], on_j[b])
                count += 1
                if key > played_key:
                    better += 1
                if key > best_key:
                    best_key, best_count, best = key, 1, (i, j, a, b, on_i[a], on_j[b])
                elif key == best_key:
                    best_count += 1
        return count, _candidate(i0, i1, a0, b0, played_a, played_b), better + 1, _candidate(*best), best_count


def _board_order(tile: str, cells) -> tuple[int, int, int, int]:
    """A placement as (first cell, second cell, colour on the first, colour on the second), cells in board order."""
    a, b, _ = PARSED_TILES[tile]
    i0, i1 = CELL_INDEX[tuple(cells[0])], CELL_INDEX[tuple(cells[1])]
    return (i0, i1, a, b) if i0 < i1 else (i1, i0, b, a)


def _candidate(i: int, j: int, a: int, b: int, points_a: int, points_b: int) -> Candidate:
    gain = [0] * 6
    gain[a] += points_a
    gain[b] += points_b
    return Candidate(COLOURS[a] + COLOURS[b], (CELLS[i], CELLS[j]), tuple(gain))
