"""What the public pages show, computed from the plain record (no queries here)."""

from __future__ import annotations

from dataclasses import dataclass

from ..domain.records import MatchRecord, TournamentFile
from ..domain.enums import MatchStatus
from ..domain.rounds import PlayerRound, RoundKind, half_points_before, in_order, player_rounds
from ..domain.schedule import absent_from, idle_players
from ..domain.names import player_order
from ..domain.text import format_vp, result_text


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
    scheduled_forfeit: bool = False  # an all-play-all's game of a withdrawn or excused player: nobody sits at it
    room: bool = False  # played in a game room (an online round's game): the page shows it live

    @property
    def no_table(self) -> str:
        """For a row no one sits at, what the table column says instead of a number (as the printed pairing
        sheet does): "bye", "excused" or "forfeit"; "" for a game."""
        if self.second is None:
            return "bye" if self.status == MatchStatus.BYE else "excused"
        return "forfeit" if self.scheduled_forfeit else ""


@dataclass
class Seat:
    """Where a player sits in a round, for the lists by name: table and side, or a bye or excused absence; in an
    all-play-all also idle (an odd field), or a forfeit of the table's game of a withdrawn or excused player."""

    player: object
    table: int | None
    plays: str  # "first", "second", "bye", "excused", "idle", "forfeit"
    opponent: object | None
    vp: str = ""  # before the round
    forfeit: str = ""  # "wins by forfeit", "loses by forfeit"
    absent: str = ""  # why the player takes no part in the round: "withdrawn", "excused"


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


def boards(record: TournamentFile, round_number: int, vp: dict[int, int] | None = None) -> list[Board]:
    """The round's tables, each player with their VP before the round (`vp`, in half-points, if known: as
    `by_name`)."""
    players = {p.id: p for p in record.players}
    round_ = record.round(round_number)
    vp = vp if vp is not None else half_points_before(record, round_number)
    return [
        Board(table, players[m.first], players.get(m.second), m.status, result_text(m), m.has_replay,
              format_vp(vp.get(m.first, 0)), format_vp(vp.get(m.second, 0)) if m.second is not None else "",
              scheduled_forfeit(record, round_number, m))
        for table, m in enumerate(round_.matches, start=1)
    ]


def scheduled_forfeit(record: TournamentFile, round_number: int, match: MatchRecord) -> bool:
    """A forfeit because a player takes no part in the round (withdrawn or excused): the all-play-all table's
    game of an absent player (docs/tournament-rules.md, All-play-all), never sat at; a no-show's forfeit had its table."""
    return match.status == MatchStatus.FORFEIT and any(absent_from(record, round_number, p) for p in match.players)


def by_name(record: TournamentFile, round_number: int, vp: dict[int, int] | None = None) -> list[Seat]:
    """Every player of the round in name order (accents aside), with their table, side and opponent; the bye,
    an excused absence, an all-play-all's idle player and its forfeits said as such.  `vp`: each player's
    half-points before the round, if known (the standings report's), else counted here."""
    players = {p.id: p for p in record.players}
    vp = vp if vp is not None else half_points_before(record, round_number)
    seats = [Seat(p, None, "idle", None, format_vp(vp.get(p.id, 0))) for p in idle_players(record, round_number)]
    for table, match in enumerate(record.round(round_number).matches, start=1):
        first, second = players[match.first], players.get(match.second)
        if second is None:
            plays = "bye" if match.status == MatchStatus.BYE else "excused"
            seats.append(Seat(first, None, plays, None, format_vp(vp.get(first.id, 0))))
        elif scheduled_forfeit(record, round_number, match):
            seats += [Seat(player, None, "forfeit", other, format_vp(vp.get(player.id, 0)),
                           "wins by forfeit" if match.winner == player.id else "loses by forfeit",
                           absent_from(record, round_number, player.id))
                      for player, other in ((first, second), (second, first))]
        else:
            seats.append(Seat(first, table, "first", second, format_vp(vp.get(first.id, 0))))
            seats.append(Seat(second, table, "second", first, format_vp(vp.get(second.id, 0))))
    return sorted(seats, key=lambda seat: player_order(seat.player))


def games_of(record: TournamentFile, player_id: int) -> list[Game]:
    """The player's round in every published round, in order (a round under way included)."""
    players = {p.id: p for p in record.players}
    rounds = player_rounds(record, in_order(record), only={player_id})[player_id]
    return [_game(game, players.get(game.opponent)) for game in rounds]


def _game(game: PlayerRound, opponent) -> Game:
    number, first = game.round_number, game.played_first
    if game.kind == RoundKind.PLAYED:
        match, side = game.match, game.own_side
        own, other = match.scores[side], match.scores[1 - side]
        note = "ran out of time" if match.flagged[side] else ""
        return Game(number, opponent, first, own, other, game.level, game.difference, format_vp(game.half_points),
                    "played", note, game.table, match.has_replay)
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


@dataclass(frozen=True)
class FinalPlace:
    place: str  # "1", "2-3"
    name: str
    number: int  # the player's id in the record
    vp: str  # "4½"
    of: int  # how many players the standings rank


def final_places(lines) -> list[FinalPlace]:
    """The final standings' lines (`scoring.standings.standings` of a finished record) as a finished page says
    them: "1. Ann Able (5 VP)"."""
    return [FinalPlace(line.place, line.label, line.player.id, format_vp(line.half_points), len(lines))
            for line in lines]


def podium(places: list[FinalPlace]) -> list[FinalPlace]:
    """The places 1 to 3 (a shared third place brings all who share it)."""
    return [p for p in places if int(p.place.split("-")[0]) <= 3]
