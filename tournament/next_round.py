"""From a tournament's record to the next round's pairing, without the database.

Reads a `TournamentFile` (see `tfile.py`), builds each player's pairing state
as `shared/spec/tournament.md` defines it, and runs the pairing engine.
"""

from __future__ import annotations

import random
import zlib

from scoring.results import game_half_points

from .pairing import Entrant, RoundPairing, pair_all_play_all, pair_swiss
from .tfile import TournamentFile


class NotReady(ValueError):
    """The tournament cannot be paired now (a pending round, or all rounds paired)."""


def next_round_number(record: TournamentFile) -> int:
    if record.rounds and record.rounds[-1].pending:
        raise NotReady(f"round {record.rounds[-1].number} still has pending matches: enter their results first")
    return len(record.rounds) + 1


def entrants(record: TournamentFile, round_number: int) -> list[Entrant]:
    """Each player's VP, opponents met, first/second sequence and byes before `round_number`."""
    half_points = {p.id: record.settings.late_entry_half_points * (p.joined_round - 1) for p in record.players}
    opponents = {p.id: set() for p in record.players}
    sides = {p.id: [] for p in record.players}
    byes = {p.id: 0 for p in record.players}
    for past in record.rounds[: round_number - 1]:
        for match in past.matches:
            if match.status == "bye":
                half_points[match.first] += record.settings.bye_half_points
                byes[match.first] += 1
            elif match.status == "forfeit":
                if match.winner is not None:
                    half_points[match.winner] += 2
                    byes[match.winner] += 1
            elif match.status == "played":
                first_hp, second_hp = game_half_points(*match.scores)
                half_points[match.first] += first_hp
                half_points[match.second] += second_hp
                opponents[match.first].add(match.second)
                opponents[match.second].add(match.first)
                sides[match.first].append("F")
                sides[match.second].append("S")
    return [
        Entrant(
            id=p.id,
            seed=p.seed,
            half_points=half_points[p.id],
            opponents=frozenset(opponents[p.id]),
            sides="".join(sides[p.id]),
            byes=byes[p.id],
            active=p.plays_in(round_number),
            name=p.name,
        )
        for p in record.players
    ]


def draw_seed(record: TournamentFile) -> int:
    """The round-1 draw is seeded from the tournament's name, so the same file pairs the same way."""
    return zlib.crc32(record.name.encode())


def pair_next(record: TournamentFile) -> RoundPairing:
    round_number = next_round_number(record)
    players = entrants(record, round_number)
    if record.settings.system == "all-play-all":
        return pair_all_play_all(players, round_number)
    if round_number > record.settings.rounds:
        raise NotReady(f"all {record.settings.rounds} announced rounds are paired")
    return pair_swiss(players, round_number, random.Random(draw_seed(record)))
