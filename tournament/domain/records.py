"""The tournament as plain data: what the file holds and what the database is read into.

`TournamentFile` and its parts are the one shape every pure rule reads:
pairing (`tournament.pairing.next_round`), standings (`scoring`), TRF, the public
pages and the printed sheets.  `tournament.tfile` reads and writes them as
the `ingenious-tournament/1` file; `tournament.records` reads and writes
them as database rows.  No Django here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .enums import MatchStatus, Play, Progressive, System
from .names import display_names


@dataclass
class Settings:
    system: str = System.SWISS
    rounds: int = 7
    bye_half_points: int = 2
    progressive: str = Progressive.SUM
    clock_s: int = 600
    late_entry_half_points: int = 0
    excused_half_points: int = 0  # VP for an excused absence (a requested bye), in half points
    play: str = Play.TABLE  # where the games are played (docs/online-play.md): "table" or "online"
    auto: bool = False  # online rounds follow one another by themselves (docs/online-event.md, The timetable)
    round_break_s: int = 300  # from a round's last game's end to the next round's start
    round_lead_s: int = 60  # a round is paired and published this long before its start (at most the break)
    starts_at: str | None = None  # the event's start (round 1's), ISO 8601 with its offset, kept as written
    entries_close_at: str | None = None  # the entry form's closing time, the same way; None: the start less the lead
    time_zone: str | None = None  # an IANA name; None: the site's
    entries: str | None = None  # "open" or "approve" while the entry form is open


# The one source of the settings' defaults (docs/tournament-rules.md): the rows' column defaults and the
# file reader's, for a key the file leaves out, are read from it.
DEFAULT_SETTINGS = Settings()


@dataclass
class PlayerRecord:
    id: int
    name: str
    seed: int  # 1 = first in the file's player list
    rating: int | None = None
    club: str | None = None
    withdrawn_after_round: int | None = None
    joined_round: int = 1
    # Rounds the player is excused from (docs/tournament-rules.md, excused absence), paired or not yet.
    excused_rounds: frozenset[int] = frozenset()
    email: str | None = None  # private: only the organiser's private export carries it
    # The name as pages and sheets show it, told apart from a same-named entrant's (`names.display_names`):
    # set by the `TournamentFile` the player is in; the name itself until then.
    label: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self):
        self.label = self.name

    def plays_in(self, round_number: int) -> bool:
        """Entered by then and not withdrawn before it: the player takes part in that round."""
        if round_number < self.joined_round:
            return False
        return self.withdrawn_after_round is None or self.withdrawn_after_round >= round_number

    def excused_from(self, round_number: int) -> bool:
        """Excused from that round while taking part in the event: left out of its pairing, scores the excused VP.

        An excused round of a player withdrawn before it, or before a late
        entry joined, is moot: the withdrawal or the late entry decides.
        """
        return round_number in self.excused_rounds and self.plays_in(round_number)

    def paired_in(self, round_number: int) -> bool:
        """To be paired in that round: taking part in it and not excused from it."""
        return self.plays_in(round_number) and round_number not in self.excused_rounds


@dataclass
class MatchRecord:
    first: int
    second: int | None
    status: str
    scores: list[list[int]] | None = None
    flagged: list[bool] = field(default_factory=lambda: [False, False])
    log: dict | None = None
    winner: int | None = None
    # An arbiter's decision that ended the game (docs/tournament-file.md): {"reason": text, "log": log or None}.
    decision: dict | None = None

    @property
    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    @property
    def has_replay(self) -> bool:
        return can_replay(self.log is not None, self.decision)


def can_replay(has_log: bool, decision: dict | None) -> bool:
    """Whether the game viewer can replay a match: it has its move log, or its log up to an arbiter's decision
    (a forfeit decided for a player who never came has none)."""
    return has_log or (decision is not None and decision.get("log") is not None)


@dataclass
class RoundRecord:
    number: int
    matches: list[MatchRecord]
    # The site closes a round by hand; a file's round is closed once no match is pending (None: read it so).
    closed_on_site: bool | None = None
    # An online round's start time, ISO 8601 with its offset (docs/online-play.md: "starts_at"), as the file writes it.
    starts_at: str | None = None

    @property
    def closed(self) -> bool:
        """Closed: every result in (a file), or closed by the organiser (the site)."""
        return not self.pending if self.closed_on_site is None else self.closed_on_site

    @property
    def pending(self) -> bool:
        """Some match still waits for its result."""
        return any(m.status == MatchStatus.PENDING for m in self.matches)

    @property
    def has_result(self) -> bool:
        """At least one match has its result (a bye is a result): the round counts in the standings."""
        return any(m.status != MatchStatus.PENDING for m in self.matches)


@dataclass
class TournamentFile:
    name: str
    settings: Settings
    players: list[PlayerRecord]
    rounds: list[RoundRecord]

    def player(self, player_id: int) -> PlayerRecord:
        return self._by_id[player_id]

    def __post_init__(self):
        self._by_id = {p.id: p for p in self.players}
        # Once per record, over the whole field: a same-named pair is told apart on every page and sheet.
        for player_id, label in display_names(self.players).items():
            self._by_id[player_id].label = label

    def round(self, number: int) -> RoundRecord:
        """The round of that number; a `KeyError` naming it when there is none."""
        for round_record in self.rounds:
            if round_record.number == number:
                return round_record
        raise KeyError(f"round {number}")
