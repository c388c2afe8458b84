"""What the public pages show, computed from the plain record (no queries here)."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.results import game_half_points, level

from .pairing.model import format_vp
from .tfile import TournamentFile


@dataclass
class Board:
    table: int
    first: object
    second: object | None
    status: str
    result: str
    has_log: bool = False


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


def result_text(match) -> str:
    if match.status == "played":
        first, second = game_half_points(*match.scores)
        return f"{format_vp(first)}–{format_vp(second)}"
    if match.status == "forfeit":
        if match.winner is None:
            return "0–0 (both absent)"
        return "1–0 forfeit" if match.winner == match.first else "0–1 forfeit"
    if match.status == "bye":
        return "bye"
    return ""


def boards(record: TournamentFile, round_number: int) -> list[Board]:
    players = {p.id: p for p in record.players}
    round_ = record.rounds[round_number - 1]
    return [
        Board(table, players[m.first], players.get(m.second), m.status, result_text(m), m.log is not None)
        for table, m in enumerate(round_.matches, start=1)
    ]


def games_of(record: TournamentFile, player_id: int) -> list[Game]:
    players = {p.id: p for p in record.players}
    games = []
    for round_ in record.rounds:
        table, match = next(
            ((t, m) for t, m in enumerate(round_.matches, start=1) if player_id in (m.first, m.second)), (None, None)
        )
        if match is None:
            games.append(Game(round_.number, None, None, None, None, None, None, "–", "absent", "did not play"))
            continue
        is_first = match.first == player_id
        opponent = players.get(match.second if is_first else match.first)
        if match.status == "played":
            own, other = match.scores if is_first else match.scores[::-1]
            hp = game_half_points(own, other)[0]
            flagged = match.flagged[0 if is_first else 1]
            games.append(Game(round_.number, opponent, is_first, own, other, level(own), level(own) - level(other),
                              format_vp(hp), "played", "ran out of time" if flagged else "", table, match.log is not None))
        elif match.status == "forfeit":
            won = match.winner == player_id
            games.append(Game(round_.number, opponent, is_first, None, None, 0, 0, "1" if won else "0", "forfeit",
                              "won by forfeit" if won else "lost by forfeit"))
        elif match.status == "bye":
            games.append(Game(round_.number, None, None, None, None, 0, 0, format_vp(record.settings.bye_half_points),
                              "bye", "bye"))
        else:
            games.append(Game(round_.number, opponent, is_first, None, None, None, None, "", "pending", "result to come"))
    return games
