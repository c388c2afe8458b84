"""What the public pages show, computed from the plain record (no queries here)."""

from __future__ import annotations

from dataclasses import dataclass

from .domain.records import TournamentFile
from .domain.enums import MatchStatus
from .domain.rounds import PlayerRound, RoundKind, half_points_before, in_order, player_rounds
from .domain.text import format_vp, name_order, result_text


@dataclass
class Board:
    table: int
    first: object
    second: object | None
    status: str
    result: str
    has_log: bool = False
    first_vp: str = ""  # before the round
    second_vp: str = ""


@dataclass
class Seat:
    """Where a player sits in a round, for the lists by name: table and side, or a bye or excused absence."""

    player: object
    table: int | None
    plays: str  # "first", "second", "bye", "excused"
    opponent: object | None
    vp: str = ""  # before the round


@dataclass
class Game:
    round: int
    opponent: object | None
    played_first: bool | None
    own_scores: list | None
    opponent_scores: list | None
    own_level: int | None
    difference: int | None
    vp: str
    status: str
    note: str = ""
    table: int | None = None
    has_log: bool = False


def boards(record: TournamentFile, round_number: int) -> list[Board]:
    """The round's tables, each player with their VP before the round."""
    players = {p.id: p for p in record.players}
    round_ = record.round(round_number)
    vp = half_points_before(record, round_number)
    return [
        Board(table, players[m.first], players.get(m.second), m.status, result_text(m), m.log is not None,
              format_vp(vp.get(m.first, 0)), format_vp(vp.get(m.second, 0)) if m.second is not None else "")
        for table, m in enumerate(round_.matches, start=1)
    ]


def by_name(record: TournamentFile, round_number: int) -> list[Seat]:
    """Every player of the round in name order (accents aside), with their table, side and opponent."""
    players = {p.id: p for p in record.players}
    vp = half_points_before(record, round_number)
    seats = []
    for table, match in enumerate(record.round(round_number).matches, start=1):
        first, second = players[match.first], players.get(match.second)
        if second is None:
            plays = "bye" if match.status == MatchStatus.BYE else "excused"
            seats.append(Seat(first, None, plays, None, format_vp(vp.get(first.id, 0))))
            continue
        seats.append(Seat(first, table, "first", second, format_vp(vp.get(first.id, 0))))
        seats.append(Seat(second, table, "second", first, format_vp(vp.get(second.id, 0))))
    return sorted(seats, key=lambda seat: (name_order(seat.player.name), seat.player.name, seat.player.id))


def games_of(record: TournamentFile, player_id: int) -> list[Game]:
    """The player's round in every published round, in order (a round under way included)."""
    players = {p.id: p for p in record.players}
    rounds = player_rounds(record, in_order(record))[player_id]
    return [_game(game, players.get(game.opponent)) for game in rounds]


def _game(game: PlayerRound, opponent) -> Game:
    number, first = game.round_number, game.played_first
    if game.kind == RoundKind.PLAYED:
        match, side = game.match, game.own_side
        own, other = match.scores[side], match.scores[1 - side]
        note = "ran out of time" if match.flagged[side] else ""
        return Game(number, opponent, first, own, other, game.level, game.difference, format_vp(game.half_points),
                    "played", note, game.table, match.log is not None)
    if game.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
        won = game.kind == RoundKind.FORFEIT_WIN
        return Game(number, opponent, first, None, None, 0, 0, format_vp(game.half_points), "forfeit",
                    "won by forfeit" if won else "lost by forfeit")
    if game.kind == RoundKind.BYE:
        return Game(number, None, None, None, None, 0, 0, format_vp(game.half_points), "bye", "bye")
    if game.kind == RoundKind.EXCUSED:
        return Game(number, None, None, None, None, 0, 0, format_vp(game.half_points), "excused", "excused absence")
    if game.kind == RoundKind.PENDING:
        return Game(number, opponent, first, None, None, None, None, "", "pending", "result to come")
    return Game(number, None, None, None, None, None, None, "–", "absent", "did not play")
