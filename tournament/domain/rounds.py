"""What each player got in each round, and which rounds count (`docs/tournament-rules.md`).

The one derivation everything reads: standings and tie-breaks, the pairing
state before a round, TRF-16 blocks, the public player pages and the
printed sheets.

Which rounds count: rounds are taken in order of their number.

- In the standings (`counted_rounds`) a round counts once at least one of
  its matches has a result (a bye is one); a round with none yet is left out
  altogether: no VP, no late-entry VP, no place in the "running" reading.
  In a round under way, a player whose match is pending has sat it out.
- TRF-16 has no code for "not played yet", so it describes the rounds with
  every result in (`completed_rounds`).
- A pairing, and the VP printed on a pairing sheet, read the rounds before
  the one being paired (`rounds_before`).

An excused absence (a requested bye) is its own kind of round: the
excused VP with L = D = 0, not a bye nor a forfeit win (for the bye
choice), not a game (for first/second counts and head-to-head), and a round
sat out in the running reading (L and D add nothing, the total carries
over).  A player excused from a round has it whether the round holds an
`excused` match for them or no match at all; a match they are in decides
(in an all-play-all their scheduled game is a forfeit loss).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Collection, Iterable, NamedTuple

from .enums import MatchStatus
from .records import MatchRecord, PlayerRecord, RoundRecord, Settings, TournamentFile
from .results import game_half_points, level
from .schedule import finished


class RoundKind(StrEnum):
    """What a player's round was."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"  # also both players of a double forfeit
    BYE = "bye"
    EXCUSED = "excused"  # an excused absence: the excused VP, not a bye, not a game
    LATE_ENTRY = "late entry"  # a round before the player's joined_round
    ABSENT = "absent"  # in no match: withdrawn, idle in all-play-all, or simply not paired
    PENDING = "pending"  # the match has no result yet: the round is sat out for now


HALF_POINT_MARKS = {0: "0", 1: "½", 2: "1"}
# The word before the VP in a round's mark; a played game's mark is its VP alone.
MARK_WORDS = {RoundKind.PLAYED: "", RoundKind.BYE: "bye", RoundKind.EXCUSED: "exc", RoundKind.LATE_ENTRY: "late"}


class PlayerRound(NamedTuple):
    """One player's round: VP (half-points), level L and difference D for the tie-breaks, and whom they met.

    A named tuple, not a frozen dataclass: as unchangeable, and made three times as fast (a frozen dataclass
    sets each field through `object.__setattr__`), which a big event's pages pay 4,500 times each."""

    round_number: int
    kind: RoundKind
    half_points: int = 0
    level: int = 0  # L: own lowest colour; 0 unless the game was played
    difference: int = 0  # D: own L − opponent's L; 0 unless the game was played
    opponent: int | None = None
    played_first: bool | None = None
    table: int | None = None  # tables are numbered 1 up in the round's match order
    match: MatchRecord | None = None

    @property
    def vp(self) -> float:
        return self.half_points / 2

    @property
    def played(self) -> bool:
        """A game actually played: the only kind that counts for head-to-head, sides and rematches."""
        return self.kind == RoundKind.PLAYED

    @property
    def own_side(self) -> int:
        """0 when the player played first in the match, 1 when second."""
        return 0 if self.played_first in (True, None) else 1

    @property
    def mark(self) -> str:
        """Short text for a crosstable or a round column: 1, ½, 0, + / − for forfeits, bye, exc(used), late, … to come."""
        if self.kind in MARK_WORDS:
            text = HALF_POINT_MARKS[self.half_points]
            return f"{MARK_WORDS[self.kind]} {text}".lstrip()
        return {RoundKind.FORFEIT_WIN: "+", RoundKind.FORFEIT_LOSS: "−", RoundKind.PENDING: "…"}.get(self.kind, "")


# --- Which rounds count -------------------------------------------------------------


def in_order(record: TournamentFile) -> list[RoundRecord]:
    return sorted(record.rounds, key=lambda r: r.number)


def counted_rounds(record: TournamentFile) -> list[RoundRecord]:
    """The standings' rounds: in order of number, without a round that has no result yet."""
    return [r for r in in_order(record) if r.has_result]


def completed_rounds(record: TournamentFile) -> list[RoundRecord]:
    """The rounds with every result in (TRF-16's rounds)."""
    return [r for r in in_order(record) if not r.pending]


def rounds_before(record: TournamentFile, round_number: int) -> list[RoundRecord]:
    """The rounds a pairing of `round_number` reads: those numbered below it."""
    return [r for r in in_order(record) if r.number < round_number]


@dataclass(frozen=True)
class Progress:
    """Where the tournament stands: the last round with a result, whether it is under way, whether it is over."""

    last_counted: int | None
    under_way: bool
    finished: bool = False

    @property
    def phrase(self) -> str:
        """ "before round 1", "during round 5", "after round 4": for titles of standings pages and sheets."""
        if self.last_counted is None:
            return "before round 1"
        return f"{'during' if self.under_way else 'after'} round {self.last_counted}"

    def title(self, what: str = "Standings") -> str:
        """A page's or sheet's title: "Standings after round 4"; once finished (docs/tournament-rules.md, End of a
        tournament), "Final standings", and for another listing "Crosstable, final standings"."""
        if not self.finished:
            return f"{what} {self.phrase}"
        return "Final standings" if what == "Standings" else f"{what}, final standings"

    @property
    def standings_title(self) -> str:
        return self.title("Standings")

    @property
    def crosstable_title(self) -> str:
        return self.title("Crosstable")


def progress(record: TournamentFile) -> Progress:
    """The one reading of where the tournament stands, for every page and sheet."""
    counted = counted_rounds(record)
    if not counted:
        return Progress(None, False)
    return Progress(counted[-1].number, counted[-1].pending, finished(record))


# --- A player's round ------------------------------------------------------------------


def match_rounds(match: MatchRecord, round_number: int, settings: Settings, table: int | None = None) -> dict[int, PlayerRound]:
    """The rounds of the one or two players of a match, by player id."""
    # Positional arguments, in PlayerRound's field order: every page of a big event makes thousands of these.
    first, second = match.first, match.second
    if match.status == MatchStatus.BYE:
        return {first: PlayerRound(round_number, RoundKind.BYE, settings.bye_half_points, table=table, match=match)}
    if match.status == MatchStatus.EXCUSED:
        return {first: PlayerRound(round_number, RoundKind.EXCUSED, settings.excused_half_points, table=table,
                                   match=match)}
    if match.status == MatchStatus.PENDING:
        return {first: PlayerRound(round_number, RoundKind.PENDING, 0, 0, 0, second, True, table, match),
                second: PlayerRound(round_number, RoundKind.PENDING, 0, 0, 0, first, False, table, match)}
    if match.status == MatchStatus.FORFEIT:
        return {first: _forfeit(first, match.winner, round_number, second, True, table, match),
                second: _forfeit(second, match.winner, round_number, first, False, table, match)}
    return _played(match, round_number, table)


def _forfeit(player_id: int, winner: int | None, round_number: int, opponent: int, played_first: bool,
             table: int | None, match: MatchRecord) -> PlayerRound:
    """Forfeit: the present player 1 VP, the absent 0 (both absent: 0 each); L = D = 0."""
    if player_id == winner:
        return PlayerRound(round_number, RoundKind.FORFEIT_WIN, 2, 0, 0, opponent, played_first, table, match)
    return PlayerRound(round_number, RoundKind.FORFEIT_LOSS, 0, 0, 0, opponent, played_first, table, match)


def _played(match: MatchRecord, round_number: int, table: int | None) -> dict[int, PlayerRound]:
    first_scores, second_scores = match.scores
    first_points, second_points = game_half_points(first_scores, second_scores)
    first_level, second_level = level(first_scores), level(second_scores)
    return {
        match.first: PlayerRound(round_number, RoundKind.PLAYED, first_points, first_level, first_level - second_level,
                                 match.second, True, table, match),
        match.second: PlayerRound(round_number, RoundKind.PLAYED, second_points, second_level,
                                  second_level - first_level, match.first, False, table, match),
    }


def sat_out(player: PlayerRecord, round_number: int, settings: Settings) -> PlayerRound:
    """A round the player is in no match of: late-entry VP before joining, the excused VP when excused, else nothing."""
    if round_number < player.joined_round:
        return PlayerRound(round_number, RoundKind.LATE_ENTRY, settings.late_entry_half_points)
    if player.excused_from(round_number):
        return PlayerRound(round_number, RoundKind.EXCUSED, settings.excused_half_points)
    return PlayerRound(round_number, RoundKind.ABSENT)


def player_rounds(record: TournamentFile, rounds: Iterable[RoundRecord],
                  only: Collection[int] | None = None) -> dict[int, list[PlayerRound]]:
    """Every player's round (or only those of the player ids in `only`), one per round given (in the order
    given), by player id."""
    players = record.players if only is None else [p for p in record.players if p.id in only]
    settings = record.settings
    by_player: dict[int, list[PlayerRound]] = {p.id: [] for p in players}
    for round_record in rounds:
        number = round_record.number
        in_matches: dict[int, PlayerRound] = {}
        for table, match in enumerate(round_record.matches, start=1):
            if only is None or match.first in only or match.second in only:
                in_matches.update(match_rounds(match, number, settings, table))
        for player in players:
            game = in_matches.get(player.id)
            by_player[player.id].append(game if game is not None else sat_out(player, number, settings))
    return by_player


def half_points_before(record: TournamentFile, round_number: int) -> dict[int, int]:
    """Each player's VP (in half-points) after the rounds before `round_number`: what a pairing list shows."""
    earlier = player_rounds(record, rounds_before(record, round_number))
    return {player_id: sum(r.half_points for r in rounds) for player_id, rounds in earlier.items()}
