"""From a tournament's record to the next round's pairing, without the database.

Reads a `TournamentFile` (`tournament.domain.records`), builds each player's pairing state
as `shared/spec/tournament.md` defines it, and runs the pairing engine.
"""

from __future__ import annotations

import random
import zlib

from .domain.enums import System
from .domain.records import PlayerRecord, TournamentFile
from .domain.rounds import PlayerRound, RoundKind, player_rounds, rounds_before
from .pairing import Entrant, RoundPairing, pair_all_play_all, pair_swiss
from .pairing.model import FIRST, SECOND


class NotReady(ValueError):
    """The tournament cannot be paired now (a pending round, or all rounds paired)."""


def next_round_number(record: TournamentFile) -> int:
    if record.rounds and record.rounds[-1].pending:
        raise NotReady(f"round {record.rounds[-1].number} still has pending matches: enter their results first")
    return len(record.rounds) + 1


def entrants(record: TournamentFile, round_number: int) -> list[Entrant]:
    """Each player's VP, opponents met, first/second sequence and byes before `round_number`.

    `byes` counts byes and forfeit wins (a round won without playing);
    opponents and sides count games actually played.
    """
    before = player_rounds(record, rounds_before(record, round_number))
    return [entrant(player, before[player.id], round_number) for player in record.players]


def entrant(player: PlayerRecord, rounds: list[PlayerRound], round_number: int) -> Entrant:
    played = [r for r in rounds if r.played]
    return Entrant(
        id=player.id,
        seed=player.seed,
        half_points=sum(r.half_points for r in rounds),
        opponents=frozenset(r.opponent for r in played),
        sides="".join(FIRST if r.played_first else SECOND for r in played),
        byes=sum(1 for r in rounds if r.kind in (RoundKind.BYE, RoundKind.FORFEIT_WIN)),
        active=player.plays_in(round_number),
        name=player.name,
    )


def draw_seed(record: TournamentFile) -> int:
    """The round-1 draw is seeded from the tournament's name, so the same file pairs the same way."""
    return zlib.crc32(record.name.encode())


def pair_next(record: TournamentFile) -> RoundPairing:
    round_number = next_round_number(record)
    players = entrants(record, round_number)
    if record.settings.system == System.ALL_PLAY_ALL:
        return pair_all_play_all(players, round_number)
    if round_number > record.settings.rounds:
        raise NotReady(f"all {record.settings.rounds} announced rounds are paired")
    return pair_swiss(players, round_number, random.Random(draw_seed(record)))
