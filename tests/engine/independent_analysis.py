"""A second implementation of `docs/analysis.md`, written from the specs alone, to check `analyse --json` against.

It shares nothing with `games/engine/analysis.py` but the checker's verdict (which logs are valid and finished,
as the spec defines "analysed" by it): the board, the scores, the racks, the legal placements, the points, the
order and the ranks are all worked out here again, from `ingenious-log.md` and `analysis.md`, in plain Python.
"""

from __future__ import annotations

from collections import Counter

from games.engine.log import check_text

COLOURS = "ROYGBP"
CAP = 18
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
START_SYMBOLS = {(5, 0): "R", (5, -5): "G", (0, -5): "B", (-5, 0): "O", (-5, 5): "Y", (0, 5): "P"}
AREA_RING = {2: 5, 3: 6, 4: 7}


class Refused(Exception):
    """The log is not one that is analysed; `reason` says which condition it fails."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def ring(cell):
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


def step(cell, direction):
    return cell[0] + direction[0], cell[1] + direction[1]


def area(players):
    radius = AREA_RING[players]
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if ring((q, r)) <= radius]


def refusal(text) -> str | None:
    """Why a log is not analysed (`invalid`, `duel`, `unfinished`, `untracked`), or None when it is.

    The shared spec leaves open which reason a log failing two conditions gets; this follows the order the
    project's docs/analysis.md fixes (the checker's faults but `unfinished`, then a duel, then unfinished, then
    untracked racks), so that an unfinished duel is refused as a duel."""
    report = check_text(text)
    if not report.valid and report.code != "unfinished":
        return "invalid"
    if report.log.get("rules", "mso") == "duel":
        return "duel"
    if not report.valid:
        return "unfinished"
    if not any(event.get("type") == "draw" for event in report.log["events"]):
        return "untracked"
    return None


class Position:
    """The board before a placement, the ray in each direction from each empty cell, and a scorer of placements."""

    def __init__(self, colour_at: dict, empty: set):
        self.colour_at = colour_at
        self.empty = empty
        self._rays = {}
        self._points = {}  # (cell, colour, other) -> points: many candidates share a hex

    def rays(self, cell):
        """For each direction: (the colour of the neighbouring cell, the unbroken run of that colour from it)."""
        if cell not in self._rays:
            found = []
            for direction in DIRECTIONS:
                here = step(cell, direction)
                colour = self.colour_at.get(here)
                run = 0
                while colour is not None and self.colour_at.get(here) == colour:
                    run += 1
                    here = step(here, direction)
                found.append((colour, run))
            self._rays[cell] = found
        return self._rays[cell]

    def points(self, cell, colour, other):
        """The points of `colour` laid on `cell`, the tile's other hex on `other` (its direction is not looked at)."""
        key = cell, colour, other
        if key not in self._points:
            self._points[key] = sum(run for direction, (seen, run) in zip(DIRECTIONS, self.rays(cell))
                                    if seen == colour and step(cell, direction) != other)
        return self._points[key]

    def gain(self, placement):
        """The points of each colour, uncapped, of a placement (c0, x, c1, y)."""
        c0, x, c1, y = placement
        gained = [0] * 6
        gained[COLOURS.index(x)] += self.points(c0, x, c1)
        gained[COLOURS.index(y)] += self.points(c1, y, c0)
        return tuple(gained)


def placement_of(tile, cells):
    """A placement as the set of (cell, colour) pairs it makes, written (c0, x, c1, y) with c0 before c1 in board
    order (the smaller q, then the smaller r): so the tile laid the other way round on the same cells, or read
    from the log with its cells in the other order, is the same placement exactly when it makes the same pairs."""
    (c0, x), (c1, y) = sorted(zip(map(tuple, cells), tile))
    return c0, x, c1, y


def board_order(placement):
    """Candidates in board order: cells[0], cells[1], then the tile's letters in colour order R O Y G B P."""
    c0, x, c1, y = placement
    return c0, c1, COLOURS.index(x), COLOURS.index(y)


def written(placement):
    c0, x, c1, y = placement
    return {"tile": x + y, "cells": [list(c0), list(c1)]}


def touches(cell, targets):
    return any(step(cell, d) in targets for d in DIRECTIONS)


def allowed_cells_pairs(rules, player_has_placed, colour_at, empty, tiles_on_board):
    """Every unordered pair of adjacent empty cells of the area that the rule set lets this placement take."""
    pairs = []
    symbols = set(START_SYMBOLS)
    if rules == "mso":
        anchors = set(tiles_on_board) | symbols
    elif not player_has_placed:  # kosmos: the first placement touches a start symbol no tile touches yet
        anchors = {s for s in symbols if not touches(s, tiles_on_board)}
    else:
        anchors = None
    for c0 in empty:
        for d in DIRECTIONS[:3]:  # each unordered pair once
            c1 = step(c0, d)
            if c1 not in empty:
                continue
            if anchors is not None and not (touches(c0, anchors) or touches(c1, anchors)):
                continue
            pairs.append((c0, c1))
    return pairs


def rank_order(scores_before, gained):
    """The MSO order of a result: sorted capped scores, then the uncapped total gained (greater is better)."""
    after = sorted(min(CAP, s + g) for s, g in zip(scores_before, gained))
    return tuple(after), sum(gained)


def gain_json(gained):
    return {COLOURS[i]: g for i, g in enumerate(gained) if g}


def analyse_position(rules, has_placed, colour_at, empty, tiles_on_board, rack, scores, played):
    """One position's figures as the JSON of `analyse --json` has them (without `event` and `player`)."""
    board = Position(colour_at, empty)
    kinds = {tile for tile, n in rack.items() if n}  # two copies of a tile: one kind, one set of candidates
    candidates = {}
    for c0, c1 in allowed_cells_pairs(rules, has_placed, colour_at, empty, tiles_on_board):
        for kind in kinds:
            for x, y in {(kind[0], kind[1]), (kind[1], kind[0])}:  # a double only once
                placement = placement_of(x + y, (c0, c1))
                candidates[placement] = board.gain(placement)
    played_placement = placement_of(played["tile"], played["cells"])
    assert played_placement in candidates, "the played placement is not among the candidates"
    order_of_gain = {}  # many candidates gain alike: each distinct gain is ordered once
    for gained in candidates.values():
        if gained not in order_of_gain:
            order_of_gain[gained] = rank_order(scores, gained)
    orders = {p: order_of_gain[g] for p, g in candidates.items()}
    top = max(orders.values())
    rank = 1 + sum(1 for o in orders.values() if o > orders[played_placement])
    best = min((p for p, o in orders.items() if o == top), key=board_order)
    return {
        "candidates": len(candidates),
        "played": {**written(played_placement), "gain": gain_json(candidates[played_placement]), "rank": rank},
        "best": {**written(best), "gain": gain_json(candidates[best])},
        "best_count": sum(1 for o in orders.values() if o == top),
    }


def analyse(text) -> dict:
    """The analysis of a log's text, as `analyse --json`'s object; `Refused` when the log is not analysed."""
    reason = refusal(text)
    if reason:
        raise Refused(reason)
    log = check_text(text).log
    rules = log.get("rules", "mso")
    players = len(log["players"])
    colour_at = dict(START_SYMBOLS)
    empty = set(area(players)) - set(START_SYMBOLS)
    tiles_on_board = set()
    scores = [[0] * 6 for _ in range(players)]
    racks = [Counter() for _ in range(players)]
    has_placed = [False] * players
    positions = []
    for index, event in enumerate(log["events"]):
        kind = event["type"]
        if kind == "draw":
            racks[event["player"]].update("".join(sorted(t, key=COLOURS.index)) for t in event["tiles"])
        elif kind == "swap":
            racks[event["player"]].clear()  # the old rack goes back; the next draw is the new rack
        elif kind == "place":
            p = event["player"]
            figures = analyse_position(rules, has_placed[p], colour_at, empty, tiles_on_board, racks[p], scores[p],
                                       event)
            positions.append({"event": index, "player": p, **figures})
            gained = Position(colour_at, empty).gain(placement_of(event["tile"], event["cells"]))
            scores[p] = [min(CAP, s + g) for s, g in zip(scores[p], gained)]
            racks[p]["".join(sorted(event["tile"], key=COLOURS.index))] -= 1
            for cell, colour in zip(event["cells"], event["tile"]):
                colour_at[tuple(cell)] = colour
                empty.discard(tuple(cell))
                tiles_on_board.add(tuple(cell))
            has_placed[p] = True
    summary = []
    for p in range(players):
        ranks = [pos["played"]["rank"] for pos in positions if pos["player"] == p]
        summary.append({"positions": len(ranks), "best_found": ranks.count(1),
                        "mean_rank": sum(ranks) / len(ranks) if ranks else None})
    return {"positions": positions, "players": summary}
