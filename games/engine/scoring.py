"""Points: what a placement gains, what the gains add up to, and who wins.

`docs/move-log.md`, "Precise points" (Gain, Winner, Duel winner)
and "Rule sets" (bonus placements, the duel's track).  Gains are lists of six
points in the colour order R O Y G B P.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .board import SCORING_RAYS
from .errors import IllegalMove
from .rules import DUEL_END, MAX_SCORE
from .tiles import COLOURS


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game (see "Precise points": Winner, Duel winner)."""

    scores: list  # per player six scores (R O Y G B P); duel: six track positions
    winner: int | None
    levels: list | None
    ended_by: str


def raw_gain(board: Sequence[int], a: int, b: int, i0: int, i1: int, direction: int) -> list[int]:
    """Raw points of colour a on i0 and colour b on i1 (i1 lies in `direction` from i0).

    Each hex scores the unbroken lines of its own colour leaving it, the
    line towards its partner left out (spec, "Precise points": Gain).
    """
    points = [0, 0, 0, 0, 0, 0]
    points[a] = hex_points(board, a, i0, direction)
    points[b] += hex_points(board, b, i1, (direction + 3) % 6)
    return points


def hex_points(board: Sequence[int], colour: int, cell: int, partner: int) -> int:
    """What one hex of `colour` laid on `cell` scores, its tile's other hex lying in direction `partner`.

    Half of `raw_gain`; the analysis asks it once per cell pair and colour, then adds the halves of every tile.
    """
    points = 0
    for ray in SCORING_RAYS[cell][partner]:
        for n in ray:
            if board[n] != colour:
                break
            points += 1
    return points


def gain_list(gain: dict[str, int]) -> list[int]:
    """A gain written as the log writes it, `{"R": 2}`, as six points."""
    points = [0] * 6
    for letter, value in gain.items():
        points[COLOURS.index(letter)] = value
    return points


def format_gain(gain: Sequence[int]) -> str:
    """`R+3 G+1`, or `nothing`."""
    parts = [f"{COLOURS[c]}+{points}" for c, points in enumerate(gain) if points]
    return " ".join(parts) if parts else "nothing"


def wrong_gain(name: str, declared: Sequence[int], gain: Sequence[int]) -> IllegalMove:
    return IllegalMove(
        "wrong-gain",
        f"{name} declared {format_gain(declared)} but the placement scores {format_gain(gain)}",
    )


def add_to_board(scores: list[int], gain: Sequence[int], a: int, b: int, bonus_per_colour: bool) -> tuple[int, bool]:
    """Add a placement of colours a and b to a player's score board (mso, kosmos), each colour stopping at 18.

    Returns the bonus placements earned (kosmos: one per colour reaching 18;
    mso: one however many) and whether the board now has 18 in every colour.
    """
    reached = 0
    for colour in (a,) if a == b else (a, b):
        points = gain[colour]
        before = scores[colour]
        if points and before < MAX_SCORE:
            after = before + points
            if after >= MAX_SCORE:
                after = MAX_SCORE
                reached += 1
            scores[colour] = after
    if not reached:
        return 0, False
    earned = reached if bonus_per_colour else 1
    return earned, min(scores) == MAX_SCORE


@dataclass(frozen=True)
class Decision:
    """Who won a game on the score boards, and where (spec, Precise points: Winner)."""

    winner: int | None  # None: two or more players share the greatest list
    place: int | None  # the rank in the ascending lists that decided (0: lowest .. 5: highest); None without a winner
    ranked: tuple[tuple[int, ...], ...]  # each player's scores, lowest first

    @property
    def runner_up(self) -> int | None:
        """The player whose list came next (with a winner): the one the deciding place was compared with."""
        if self.winner is None:
            return None
        others = [p for p in range(len(self.ranked)) if p != self.winner]
        return max(others, key=lambda p: self.ranked[p])


def board_decision(scores: Sequence[Sequence[int]]) -> Decision:
    """The winner (`board_winner`), and the place where the winner's ascending score list first exceeds the next.

    `[[3, 7, 8, 9, 10, 11], [3, 6, 12, 12, 12, 12]]`: level at 3, then 7 against 6, so player 0 wins at place 1
    (the second-lowest colour).  A greatest list held by two or more players: no winner, no place.
    """
    ranked = tuple(tuple(sorted(s)) for s in scores)
    winner = board_winner(scores)
    if winner is None:
        return Decision(None, None, ranked)
    best = ranked[winner]
    second = max(r for p, r in enumerate(ranked) if p != winner)
    place = next(i for i, (a, b) in enumerate(zip(best, second)) if a != b)
    return Decision(winner, place, ranked)


def board_winner(scores: Sequence[Sequence[int]]) -> int | None:
    """The player whose ascending score list is greatest (mso, kosmos); None when two or more share it.

    Every result of a tournament is decided here (a 500-player event's pages ask it for 2,000 games at a time),
    so it makes no more than the sorted lists: `board_decision` adds the deciding place."""
    ranked = [sorted(s) for s in scores]
    best = max(ranked)
    return None if ranked.count(best) > 1 else ranked.index(best)


def duel_goal(player: int) -> int:
    """The end of the duel's track on the player's side: +9 for player 0, -9 for player 1."""
    return DUEL_END if player == 0 else -DUEL_END


def advance_track(track: list[int], tokens: list, player: int, gain: Sequence[int]) -> tuple[int, bool]:
    """Move the duel's counters toward the player by the gain (spec, "Rule sets": duel).

    The player takes the token of each colour brought to the player's end;
    returns the bonus placements earned (one per token taken) and whether
    every counter now stands on one side.
    """
    goal = duel_goal(player)
    step = 1 if player == 0 else -1
    earned = 0
    for colour in range(6):
        points = gain[colour]
        before = track[colour]
        if not points or before == goal:
            continue
        after = before + step * points
        if before * step < 0 and after * step >= 0:
            after += step  # the dividing line is not a space once the counter has moved
        if after * step > DUEL_END:
            after = goal
        track[colour] = after
        if after == goal and tokens[colour] != player:
            tokens[colour] = player
            earned += 1
    complete = all(t > 0 for t in track) or all(t < 0 for t in track)
    return earned, complete


def duel_winner(track: Sequence[int]) -> int | None:
    """More counters on one's side wins; then the ascending distances compare (spec, Duel winner)."""
    sides = (sorted(t for t in track if t > 0), sorted(-t for t in track if t < 0))
    if len(sides[0]) != len(sides[1]):
        return 0 if len(sides[0]) > len(sides[1]) else 1
    if sides[0] == sides[1]:
        return None
    return 0 if sides[0] > sides[1] else 1
