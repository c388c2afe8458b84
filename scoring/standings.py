"""Standings and crosstable of a tournament (`docs/tournament-rules.md`, "Standings order").

Pure functions over the plain records of `tournament.domain.records`; no
Django.  VP are counted in half-points (VP × 2) so that sums stay exact.
Which rounds count, and what a player got in each, is
`tournament.domain.rounds`: the standings read its `counted_rounds`.

    standings(record) -> list[Standing]          best first, with places
    crosstable(record) -> list[CrosstableRow]    in standings order, an n × n grid
    round_chart(record) -> (rounds, list[ChartRow])  the same round by round, n × rounds
    full_grid(record) -> bool                    which of the two a page shows
    standings_json(record) -> list[dict]         `standings SLUG --json`

Each line carries its metrics (`Standing.metrics`, by key) as the registry
of `scoring.metrics` computes them, so a page, the JSON and the sheets take
their columns from the registry, not from a field per tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from tournament.domain.enums import System
from tournament.domain.names import player_order
from tournament.domain.rounds import PlayerRound, RoundKind, counted_rounds, player_rounds

from .metrics import DEFAULT_ORDER, Metric, metrics_in_order
from .tally import Tally

if TYPE_CHECKING:
    from tournament.domain.records import PlayerRecord, TournamentFile


@dataclass(frozen=True)
class Standing:
    """One line of the standings: the player, the place, and the value of every metric by its key."""

    place: str  # "1", or "4-5" for a shared place
    player: PlayerRecord
    half_points: int
    metrics: dict  # metric key -> value (`Metric.value_for`): {"vp": 4.5, "head_to_head": None, ...}
    metric_texts: tuple[str, ...]  # the same values written for people, in the order applied
    games_played: int
    rounds: tuple[PlayerRound, ...]  # one per counted round, in round order

    @property
    def vp(self) -> float:
        return self.half_points / 2

    @property
    def player_id(self) -> int:
        return self.player.id

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def label(self) -> str:
        """The name as pages and sheets show it, told apart from a same-named player's (`PlayerRecord.label`)."""
        return self.player.label

    @property
    def name_order(self) -> tuple:
        """Where the line files when the standings are sorted by name: as every list by name (`player_order`)."""
        return player_order(self.player)

    @property
    def seed(self) -> int:
        return self.player.seed

    @property
    def withdrawn_after_round(self) -> int | None:
        return self.player.withdrawn_after_round


@dataclass(frozen=True)
class CrosstableRow:
    """A player's results against each opponent, in standings order."""

    standing: Standing
    against: dict[int, tuple[str, ...]]  # opponent id -> marks of their games in round order ("1", "½", "0", "+", "−")
    cells: tuple[str, ...]  # one per row of the crosstable, same order; games joined by a space; "" for self / never met


def tallies(record: TournamentFile) -> list[Tally]:
    """Every player's rounds, one per counted round; players in seed order."""
    by_player = player_rounds(record, counted_rounds(record))
    reading = record.settings.progressive
    return [Tally(p, by_player[p.id], reading) for p in sorted(record.players, key=lambda p: p.seed)]


# --- Standings --------------------------------------------------------------


@dataclass(frozen=True)
class Ranking:
    """The standings and how they were decided: what a page, a sheet and the note under the table read."""

    lines: list[Standing]  # best first
    level_on_vp: list[list[Tally]]  # every group of players level on VP, best VP first, in seed order
    decisions: dict  # (metric key, frozenset of the group's player ids) -> the metric's `decide` value


def ranked_groups(players: list[Tally], order: Sequence[str] = DEFAULT_ORDER,
                  decisions: dict | None = None) -> list[list[Tally]]:
    """Players cut into groups still tied after every metric of `order`, best first.

    Each metric splits only the groups left tied by the ones before it, so
    head-to-head never comes back once progressive difference or level has
    split a group.  What a metric that explains itself decided (`Metric.decide`)
    goes into `decisions`, by metric key and the group's player ids.
    """
    groups = [list(players)]
    for metric in metrics_in_order(order):
        cut = []
        for group in groups:
            decision = metric.decide(group) if len(group) > 1 else None
            if decision is None:
                cut += metric.split(group)
                continue
            cut += decision.groups()
            if decisions is not None:
                decisions[metric.key, frozenset(t.player.id for t in group)] = decision
        groups = cut
    return groups


def place_text(first_place: int, size: int) -> str:
    return str(first_place) if size == 1 else f"{first_place}-{first_place + size - 1}"


def rank(record: TournamentFile, order: Sequence[str] = DEFAULT_ORDER) -> Ranking:
    """The standings, best first, with the groups level on VP and what each explaining metric decided."""
    players = tallies(record)
    metrics = metrics_in_order(order)
    on_vp: dict[int, list[Tally]] = {}  # players level on VP, by half-points: found once, not per player
    for tally in players:
        on_vp.setdefault(tally.half_points, []).append(tally)
    decisions: dict = {}
    lines, next_place = [], 1
    for group in ranked_groups(players, order, decisions):
        place = place_text(next_place, len(group))
        for tally in sorted(group, key=lambda t: t.player.seed):
            lines.append(standing_line(tally, place, on_vp[tally.half_points], metrics))
        next_place += len(group)
    return Ranking(lines, [on_vp[h] for h in sorted(on_vp, reverse=True)], decisions)


def standings(record: TournamentFile, order: Sequence[str] = DEFAULT_ORDER) -> list[Standing]:
    """The standings, best first; players still tied share a place and are listed by seed."""
    return rank(record, order).lines


def standing_line(tally: Tally, place: str, level_group: list[Tally], metrics: list[Metric]) -> Standing:
    """The player's line; `level_group` holds every player level with them on VP (themselves included)."""
    values = {metric.key: metric.value_for(tally, level_group) for metric in metrics}
    texts = tuple(metric.text(values[metric.key]) for metric in metrics)
    return Standing(place, tally.player, tally.half_points, values, texts, tally.games_played, tuple(tally.rounds))


# --- Crosstable and JSON ------------------------------------------------------

MET = (RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)


def results_against(line: Standing) -> dict[int, tuple[str, ...]]:
    """Marks of the player's games against each opponent met (played or forfeited), in round order."""
    against: dict[int, list[str]] = {}
    for game in line.rounds:
        if game.kind in MET:
            against.setdefault(game.opponent, []).append(game.mark)
    return {opponent: tuple(marks) for opponent, marks in against.items()}


def crosstable(record: TournamentFile) -> list[CrosstableRow]:
    """Each player's results against each opponent, rows and columns in standings order."""
    return crosstable_of(standings(record))


def crosstable_of(lines: Sequence[Standing]) -> list[CrosstableRow]:
    """The crosstable of standings already made (`crosstable`)."""
    rows = []
    for line in lines:
        against = results_against(line)
        cells = tuple(" ".join(against.get(other.player_id, ())) for other in lines)
        rows.append(CrosstableRow(line, against, cells))
    return rows


# A Swiss field larger than this is shown round by round: an n × n grid grows as n² (a 500-player
# one is 250,000 cells, a 20,000-player one 400 million), a round chart only as n × rounds.
FULL_GRID_MAX = 30


def full_grid(record: TournamentFile) -> bool:
    """Whether the crosstable is best an n × n grid: in an all-play-all (every pair meets), or up to 30 players."""
    return record.settings.system == System.ALL_PLAY_ALL or len(record.players) <= FULL_GRID_MAX


@dataclass(frozen=True)
class ChartRow:
    """A player's line of the round-by-round crosstable: their number in it, their standing, a cell per round."""

    number: int  # the row's number, standings order: the cells name opponents by it
    standing: Standing
    cells: tuple[str, ...]  # one per counted round, in round order (`round_cell`)


def round_chart(record: TournamentFile) -> tuple[list[int], list[ChartRow]]:
    """The counted rounds' numbers, and each player's opponent, side and result in each of them, best first."""
    return round_chart_of(standings(record))


def round_chart_of(lines: Sequence[Standing]) -> tuple[list[int], list[ChartRow]]:
    """The round chart of standings already made (`round_chart`)."""
    number = {line.player_id: n for n, line in enumerate(lines, start=1)}
    rounds = [game.round_number for game in lines[0].rounds] if lines else []
    return rounds, [ChartRow(number[line.player_id], line, tuple(round_cell(game, number) for game in line.rounds))
                    for line in lines]


def other_rounds(line: Standing) -> str:
    """The player's rounds with no opponent in the grid, for its last column: "R3 bye 1, R5 exc ½", "R1 late ½"."""
    return ", ".join(f"R{game.round_number} {game.mark}" for game in line.rounds
                     if game.kind in (RoundKind.BYE, RoundKind.EXCUSED, RoundKind.LATE_ENTRY))


def running_vp(line: Standing) -> tuple[int, ...]:
    """The player's VP (in half-points) after each counted round, as a round-by-round crosstable shows it."""
    total, after = 0, []
    for game in line.rounds:
        total += game.half_points
        after.append(total)
    return tuple(after)


def round_cell(game: PlayerRound, number: dict[int, int]) -> str:
    """ "12f 1": met No. 12, played first, won; a round without an opponent is its mark ("bye 1") or "–"."""
    if game.opponent not in number:
        return game.mark or "–"
    return f"{number[game.opponent]}{'f' if game.played_first else 's'} {game.mark}"


# The JSON's fields in the order of `docs/command-line.md` (`standings --json`); a metric's value goes under its key.
JSON_FIELDS = ("place", "id", "name", "vp", "prog_diff", "prog_level", "seed", "head_to_head", "games_played")


def standings_json(record: TournamentFile) -> list[dict]:
    """The `standings SLUG --json` list, best first; metrics the spec does not name follow its fields."""
    return json_of(standings(record))


def json_of(lines: Sequence[Standing]) -> list[dict]:
    """The JSON list of standings already made (`standings_json`)."""
    rows = []
    for line in lines:
        known = {"place": line.place, "id": line.player_id, "name": line.name, "seed": line.seed,
                 "games_played": line.games_played, **line.metrics}
        rows.append({**{key: known[key] for key in JSON_FIELDS},
                     **{key: value for key, value in line.metrics.items() if key not in JSON_FIELDS}})
    return rows
