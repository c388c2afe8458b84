"""Standings and crosstable of a tournament (`shared/spec/tournament.md`, "Standings order").

Pure functions over the plain dataclasses of `tournament.tfile`
(`TournamentFile`, `PlayerRecord`, `RoundRecord`, `MatchRecord`); no Django.
VP are counted in half-points (VP × 2) so that sums stay exact.

    standings(record) -> list[Standing]          best first, with places
    crosstable(record) -> list[CrosstableRow]    in standings order
    standings_json(record) -> list[dict]         `standings SLUG --json`

Which rounds count: rounds are taken in order of their number, and a round
counts once at least one of its matches is not pending (a bye is a result:
the file marks only matches without results "pending").  A round with no
result yet is left out altogether: no VP, no late-entry VP, and no place in
the "running" reading.  In a round under way, a player whose match is
pending has sat that round out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from .metrics import DEFAULT_ORDER, METRICS, head_to_head_half_points, metrics_in_order
from .results import game_half_points, level

if TYPE_CHECKING:
    from tournament.tfile import MatchRecord, PlayerRecord, RoundRecord, Settings, TournamentFile

# What a player's round was.
PLAYED = "played"
FORFEIT_WIN = "forfeit win"
FORFEIT_LOSS = "forfeit loss"  # also both players of a double forfeit
BYE = "bye"
LATE_ENTRY = "late entry"  # a round before the player's joined_round
ABSENT = "absent"  # in no match: withdrawn, idle in all-play-all, or simply not paired
PENDING = "pending"  # the match has no result yet: the round is sat out for now

PROGRESSIVE_READINGS = {
    "sum": "Progressive difference and level are the sums over the player's games.",
    "running": "Progressive difference and level are the sums of the running totals after each round "
    "(the chess reading); a round sat out carries the running total over.",
}


@dataclass(frozen=True)
class GameRecord:
    """One player's round: VP, level L and difference D for the tie-breaks, and whom they met."""

    round_number: int
    kind: str
    half_points: int = 0
    level: int = 0  # L: own lowest colour; 0 unless the game was played
    difference: int = 0  # D: own L − opponent's L; 0 unless the game was played
    opponent: int | None = None
    played_first: bool | None = None

    @property
    def vp(self) -> float:
        return self.half_points / 2

    @property
    def played(self) -> bool:
        """A game actually played: the only kind that counts for head-to-head."""
        return self.kind == PLAYED

    @property
    def mark(self) -> str:
        """Short text for a crosstable or a round column: 1, ½, 0, + / − for forfeits, bye, late."""
        if self.kind in (PLAYED, BYE, LATE_ENTRY):
            text = {0: "0", 1: "½", 2: "1"}[self.half_points]
            return {PLAYED: text, BYE: f"bye {text}", LATE_ENTRY: f"late {text}"}[self.kind]
        return {FORFEIT_WIN: "+", FORFEIT_LOSS: "−", PENDING: "…"}.get(self.kind, "")


@dataclass
class Tally:
    """A player with one `GameRecord` per counted round, in round order; what the metrics read."""

    player: PlayerRecord
    rounds: list[GameRecord]
    reading: str  # "sum" or "running"

    @property
    def half_points(self) -> int:
        return sum(r.half_points for r in self.rounds)

    @property
    def games_played(self) -> int:
        return sum(1 for r in self.rounds if r.played)


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    place: str  # "1", or "4-5" for a shared place
    player_id: int
    name: str
    seed: int
    vp: float
    half_points: int
    prog_diff: int
    prog_level: int
    head_to_head: float | None  # VP in games played against the others level on VP; None if nobody is
    games_played: int
    rounds: tuple[GameRecord, ...]  # one per counted round, in round order
    withdrawn_after_round: int | None = None
    joined_round: int = 1


@dataclass(frozen=True)
class CrosstableRow:
    """A player's results against each opponent, in standings order."""

    standing: Standing
    against: dict[int, tuple[str, ...]]  # opponent id -> marks of their games in round order ("1", "½", "0", "+", "−")
    cells: tuple[str, ...]  # one per row of the crosstable, same order; games joined by a space; "" for self / never met
    vp: float
    prog_diff: int
    prog_level: int


# --- Per-game records -------------------------------------------------------


def counted_rounds(record: TournamentFile) -> list[RoundRecord]:
    """Rounds in order of number, without a round that has no result yet."""
    ordered = sorted(record.rounds, key=lambda r: r.number)
    return [r for r in ordered if any(m.status != "pending" for m in r.matches)]


def match_records(match: MatchRecord, round_number: int, settings: Settings) -> dict[int, GameRecord]:
    """The records of the one or two players of a match, by player id."""
    if match.status == "bye":
        return {match.first: GameRecord(round_number, BYE, settings.bye_half_points)}
    first = dict(opponent=match.second, played_first=True)
    second = dict(opponent=match.first, played_first=False)
    if match.status == "pending":
        return {match.first: GameRecord(round_number, PENDING, **first),
                match.second: GameRecord(round_number, PENDING, **second)}
    if match.status == "forfeit":
        return {match.first: forfeit_record(match.first, match.winner, round_number, first),
                match.second: forfeit_record(match.second, match.winner, round_number, second)}
    return played_records(match, round_number, first, second)


def forfeit_record(player_id: int, winner: int | None, round_number: int, meeting: dict) -> GameRecord:
    """Forfeit: the present player 1 VP, the absent 0 (both absent: 0 each); L = D = 0."""
    if player_id == winner:
        return GameRecord(round_number, FORFEIT_WIN, 2, **meeting)
    return GameRecord(round_number, FORFEIT_LOSS, 0, **meeting)


def played_records(match: MatchRecord, round_number: int, first: dict, second: dict) -> dict[int, GameRecord]:
    first_scores, second_scores = match.scores
    first_points, second_points = game_half_points(first_scores, second_scores)
    first_level, second_level = level(first_scores), level(second_scores)
    return {
        match.first: GameRecord(round_number, PLAYED, first_points, first_level, first_level - second_level, **first),
        match.second: GameRecord(round_number, PLAYED, second_points, second_level, second_level - first_level, **second),
    }


def sat_out_record(player: PlayerRecord, round_number: int, settings: Settings) -> GameRecord:
    """A round the player is in no match of: late-entry VP before joining, otherwise nothing."""
    if round_number < player.joined_round:
        return GameRecord(round_number, LATE_ENTRY, settings.late_entry_half_points)
    return GameRecord(round_number, ABSENT)


def tallies(record: TournamentFile) -> list[Tally]:
    """Every player's records, one per counted round; players in seed order."""
    by_player: dict[int, list[GameRecord]] = {p.id: [] for p in record.players}
    for round_record in counted_rounds(record):
        in_matches: dict[int, GameRecord] = {}
        for match in round_record.matches:
            in_matches.update(match_records(match, round_record.number, record.settings))
        for player in record.players:
            game = in_matches.get(player.id) or sat_out_record(player, round_record.number, record.settings)
            by_player[player.id].append(game)
    reading = record.settings.progressive
    return [Tally(p, by_player[p.id], reading) for p in sorted(record.players, key=lambda p: p.seed)]


# --- Standings --------------------------------------------------------------


def ranked_groups(players: list[Tally], order: Sequence[str] = DEFAULT_ORDER) -> list[list[Tally]]:
    """Players cut into groups still tied after every metric of `order`, best first.

    Each metric splits only the groups left tied by the ones before it, so
    head-to-head never comes back once progressive difference or level has
    split a group.
    """
    groups = [list(players)]
    for metric in metrics_in_order(order):
        groups = [part for group in groups for part in metric.split(group)]
    return groups


def place_text(first_place: int, size: int) -> str:
    return str(first_place) if size == 1 else f"{first_place}-{first_place + size - 1}"


def standings(record: TournamentFile, order: Sequence[str] = DEFAULT_ORDER) -> list[Standing]:
    """The standings, best first; players still tied share a place and are listed by seed."""
    players = tallies(record)
    on_vp: dict[int, list[Tally]] = {}  # players level on VP, by half-points: found once, not per player
    for tally in players:
        on_vp.setdefault(tally.half_points, []).append(tally)
    lines, next_place = [], 1
    for group in ranked_groups(players, order):
        place = place_text(next_place, len(group))
        for tally in sorted(group, key=lambda t: t.player.seed):
            lines.append(standing_line(tally, place, on_vp[tally.half_points]))
        next_place += len(group)
    return lines


def standing_line(tally: Tally, place: str, level_group: list[Tally]) -> Standing:
    """The player's line; `level_group` holds every player level with them on VP (themselves included)."""
    player = tally.player
    head_to_head = head_to_head_half_points(tally, level_group) / 2 if len(level_group) > 1 else None
    return Standing(
        place=place,
        player_id=player.id,
        name=player.name,
        seed=player.seed,
        vp=tally.half_points / 2,
        half_points=tally.half_points,
        prog_diff=METRICS["prog_diff"]().value(tally),
        prog_level=METRICS["prog_level"]().value(tally),
        head_to_head=head_to_head,
        games_played=tally.games_played,
        rounds=tuple(tally.rounds),
        withdrawn_after_round=player.withdrawn_after_round,
        joined_round=player.joined_round,
    )


# --- Crosstable and JSON ------------------------------------------------------


def results_against(line: Standing) -> dict[int, tuple[str, ...]]:
    """Marks of the player's games against each opponent met (played or forfeited), in round order."""
    against: dict[int, list[str]] = {}
    for game in line.rounds:
        if game.kind in (PLAYED, FORFEIT_WIN, FORFEIT_LOSS):
            against.setdefault(game.opponent, []).append(game.mark)
    return {opponent: tuple(marks) for opponent, marks in against.items()}


def crosstable(record: TournamentFile) -> list[CrosstableRow]:
    """Each player's results against each opponent, rows and columns in standings order."""
    lines = standings(record)
    rows = []
    for line in lines:
        against = results_against(line)
        cells = tuple(" ".join(against.get(other.player_id, ())) for other in lines)
        rows.append(CrosstableRow(line, against, cells, line.vp, line.prog_diff, line.prog_level))
    return rows


def standings_json(record: TournamentFile) -> list[dict]:
    """The `standings SLUG --json` list (`shared/spec/tournament-json.md`), best first."""
    return [
        {
            "place": line.place,
            "id": line.player_id,
            "name": line.name,
            "vp": line.vp,
            "prog_diff": line.prog_diff,
            "prog_level": line.prog_level,
            "seed": line.seed,
            "head_to_head": line.head_to_head,
            "games_played": line.games_played,
        }
        for line in standings(record)
    ]
