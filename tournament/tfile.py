"""The tournament file `ingenious-tournament/1` (`shared/spec/tournament-json.md`).

`parse(obj)` checks a parsed file and returns plain dataclasses, or raises
`FileFault` naming the place: `rounds[2].matches[5].scores[1][3]: 19 is
above 18`.  Nothing here touches the database; `import_tournament` and
`pair_next` both start from it.

Import accepts any well-formed history, even one the pairer would never make
(a rematch, a second bye): it was played, and it is the record.  What the
database cannot hold is a fault of the file, found here with its place rather
than halfway through the import: numbers beyond the columns' ranges (`MAX_*`),
names longer than theirs, a NUL or an unpaired surrogate in any text, a number
that is not finite (`NaN`, `1e400`) anywhere, logs included.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from games.engine import replay
from games.engine.log import is_int

FORMAT = "ingenious-tournament/1"
SYSTEMS = ("swiss", "all-play-all")
PROGRESSIVE = ("sum", "running")
STATUSES = ("played", "forfeit", "bye", "pending")

# What the database can hold (tournament/models.py): a file beyond these is refused with its place,
# not left to fail in the middle of the import.
MAX_ROUND = 32_767  # round numbers, rounds announced, joined/withdrawn rounds, tables (small integers)
MAX_INT = 2_147_483_647  # player ids, ratings (either sign), the clock (integers)
MAX_TOURNAMENT_NAME = 200
MAX_PLAYER_TEXT = 120  # a player's name and club


class FileFault(ValueError):
    def __init__(self, place: str, problem: str):
        super().__init__(f"{place}: {problem}" if place else problem)
        self.place = place
        self.problem = problem


@dataclass
class Settings:
    system: str = "swiss"
    rounds: int = 7
    bye_half_points: int = 2
    progressive: str = "sum"
    clock_s: int = 600
    late_entry_half_points: int = 0


@dataclass
class PlayerRecord:
    id: int
    name: str
    seed: int  # 1 = first in the file's player list
    rating: int | None = None
    club: str | None = None
    withdrawn_after_round: int | None = None
    joined_round: int = 1

    def plays_in(self, round_number: int) -> bool:
        if round_number < self.joined_round:
            return False
        return self.withdrawn_after_round is None or self.withdrawn_after_round >= round_number


@dataclass
class MatchRecord:
    first: int
    second: int | None
    status: str
    scores: list[list[int]] | None = None
    flagged: list[bool] = field(default_factory=lambda: [False, False])
    log: dict | None = None
    winner: int | None = None


@dataclass
class RoundRecord:
    number: int
    matches: list[MatchRecord]

    @property
    def pending(self) -> bool:
        return any(m.status == "pending" for m in self.matches)


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


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def load_text(text: str | bytes) -> TournamentFile:
    try:
        obj = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise FileFault("", f"the file is not JSON: {error}") from None
    return parse(obj)


def _check_values(obj: Any) -> None:
    """Every number finite, every text storable: no NUL and no unpaired surrogate (`"\\ud800"`) anywhere."""
    if storable(obj):
        return
    stack = [(obj, "")]  # again, slower, to name the first place at fault
    while stack:
        value, place = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            raise FileFault(place, f"{value} is not a finite number")
        if isinstance(value, str):
            _check_text(value, place)
        elif isinstance(value, dict):
            for key in value:
                if isinstance(key, str):
                    _check_text(key, place)
            stack.extend((item, f"{place}.{key}" if place else str(key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, f"{place}[{i}]") for i, item in reversed(list(enumerate(value))))


def storable(obj: Any) -> bool:
    """Whether the database can hold the value: no NUL nor unpaired surrogate in any text, every number finite."""
    stack = [obj]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value or not value.isascii() and not _utf8(value):
                return False
        elif isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, float) and not math.isfinite(value):
            return False
    return True


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_text(text: str, place: str) -> None:
    if "\x00" in text:
        raise FileFault(place, "text may not hold the NUL character (\\u0000)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(text[error.start])
        raise FileFault(place, f"text holds an unpaired surrogate (\\u{code:04x}), which is not Unicode") from None


def _show(value: Any) -> str:
    """A value as JSON for a message (one nested too deeply to write out is only named)."""
    try:
        return json.dumps(value)
    except (RecursionError, ValueError):
        return "a value nested too deeply to show"


def _whole(value: Any, low: int, high: int) -> bool:
    return is_int(value) and low <= value <= high


def parse(obj: Any) -> TournamentFile:
    if not isinstance(obj, dict):
        raise FileFault("", "the file must hold one JSON object")
    _check_values(obj)
    if obj.get("format") != FORMAT:
        raise FileFault("format", f'must be "{FORMAT}", not {_show(obj.get("format"))}')
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise FileFault("name", "the tournament needs a name")
    if len(name.strip()) > MAX_TOURNAMENT_NAME:
        raise FileFault("name", f"is {len(name.strip())} characters long; at most {MAX_TOURNAMENT_NAME}")
    settings = _settings(obj.get("settings", {}))
    players = _players(obj.get("players"))
    ids = {p.id for p in players}
    rounds = _rounds(obj.get("rounds", []), ids, settings)
    return TournamentFile(name.strip(), settings, players, rounds)


def _settings(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        raise FileFault("settings", "must be an object")
    settings = Settings()
    system = raw.get("system", "swiss")
    if system not in SYSTEMS:
        raise FileFault("settings.system", f'must be "swiss" or "all-play-all", not {_show(system)}')
    settings.system = system
    rounds = raw.get("rounds", 7)
    if not _whole(rounds, 1, MAX_ROUND):
        raise FileFault("settings.rounds",
                        f"must be a whole number of rounds, 1 to {MAX_ROUND}, not {_show(rounds)}")
    settings.rounds = rounds
    settings.bye_half_points = _half_points(raw.get("bye_vp", 1), "settings.bye_vp", (0, 1, 2))
    progressive = raw.get("progressive", "sum")
    if progressive not in PROGRESSIVE:
        raise FileFault("settings.progressive", f'must be "sum" or "running", not {_show(progressive)}')
    settings.progressive = progressive
    clock = raw.get("clock_s", 600)
    if not _whole(clock, 1, MAX_INT):
        raise FileFault("settings.clock_s",
                        f"must be a whole number of seconds, 1 to {MAX_INT}, not {_show(clock)}")
    settings.clock_s = clock
    settings.late_entry_half_points = _half_points(raw.get("late_entry_vp", 0), "settings.late_entry_vp", (0, 1, 2))
    return settings


def _half_points(value: Any, place: str, allowed: tuple[int, ...]) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value * 2 not in allowed:
        choices = ", ".join(str(a / 2).replace(".0", "") for a in allowed)
        raise FileFault(place, f"must be one of {choices}, not {_show(value)}")
    return int(value * 2)


def _players(raw: Any) -> list[PlayerRecord]:
    if not isinstance(raw, list) or not raw:
        raise FileFault("players", "must be a non-empty list")
    players, seen = [], set()
    for index, item in enumerate(raw):
        place = f"players[{index}]"
        if not isinstance(item, dict):
            raise FileFault(place, "must be an object")
        player_id = item.get("id")
        if not _whole(player_id, 1, MAX_INT):
            raise FileFault(f"{place}.id", f"must be a whole number from 1 to {MAX_INT}, not {_show(player_id)}")
        if player_id in seen:
            raise FileFault(f"{place}.id", f"{player_id} is used twice")
        seen.add(player_id)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise FileFault(f"{place}.name", "every player needs a name")
        if len(name.strip()) > MAX_PLAYER_TEXT:
            raise FileFault(f"{place}.name", f"is {len(name.strip())} characters long; at most {MAX_PLAYER_TEXT}")
        rating = item.get("rating")
        if rating is not None and not _whole(rating, -MAX_INT, MAX_INT):
            raise FileFault(f"{place}.rating",
                            f"must be a whole number from {-MAX_INT} to {MAX_INT}, or null, not {_show(rating)}")
        club = item.get("club")
        if club is not None and not isinstance(club, str):
            raise FileFault(f"{place}.club", "must be text or null")
        if club is not None and len(club) > MAX_PLAYER_TEXT:
            raise FileFault(f"{place}.club", f"is {len(club)} characters long; at most {MAX_PLAYER_TEXT}")
        withdrawn = item.get("withdrawn_after_round")
        if withdrawn is not None and not _whole(withdrawn, 0, MAX_ROUND):
            raise FileFault(f"{place}.withdrawn_after_round",
                            f"must be a round number (0 to {MAX_ROUND}) or null, not {_show(withdrawn)}")
        joined = item.get("joined_round", 1)
        if not _whole(joined, 1, MAX_ROUND):
            raise FileFault(f"{place}.joined_round",
                            f"must be a round number, 1 to {MAX_ROUND}, not {_show(joined)}")
        players.append(PlayerRecord(player_id, name.strip(), index + 1, rating, club, withdrawn, joined))
    return players


def _rounds(raw: Any, ids: set[int], settings: Settings) -> list[RoundRecord]:
    if not isinstance(raw, list):
        raise FileFault("rounds", "must be a list")
    if len(raw) > MAX_ROUND:
        raise FileFault("rounds", f"holds {len(raw)} rounds; at most {MAX_ROUND}")
    rounds = []
    for index, item in enumerate(raw):
        place = f"rounds[{index}]"
        if not isinstance(item, dict):
            raise FileFault(place, "must be an object")
        number = item.get("number")
        if number != index + 1 or not is_int(number):
            raise FileFault(f"{place}.number", f"must be {index + 1} (rounds in order from 1), not {_show(number)}")
        matches_raw = item.get("matches")
        if not isinstance(matches_raw, list):
            raise FileFault(f"{place}.matches", "must be a list")
        if len(matches_raw) > MAX_ROUND:
            raise FileFault(f"{place}.matches", f"holds {len(matches_raw)} matches; at most {MAX_ROUND}")
        seen: set[int] = set()
        matches = [_match(m, f"{place}.matches[{i}]", ids, seen, settings) for i, m in enumerate(matches_raw)]
        rounds.append(RoundRecord(number, matches))
    for record in rounds[:-1]:
        if record.pending:
            raise FileFault(f"rounds[{record.number - 1}]", "only the last round may have pending matches")
    return rounds


def _player_ref(value: Any, place: str, ids: set[int], seen: set[int]) -> int:
    if not is_int(value):
        raise FileFault(place, f"must be a player id, not {_show(value)}")
    if value not in ids:
        raise FileFault(place, f"{value} is not the id of any player")
    if value in seen:
        raise FileFault(place, f"player {value} appears twice in this round")
    seen.add(value)
    return value


def _match(raw: Any, place: str, ids: set[int], seen: set[int], settings: Settings) -> MatchRecord:
    if not isinstance(raw, dict):
        raise FileFault(place, "must be an object")
    status = raw.get("status")
    if status not in STATUSES:
        raise FileFault(f"{place}.status", f'must be one of {", ".join(STATUSES)}, not {_show(status)}')
    first = _player_ref(raw.get("first"), f"{place}.first", ids, seen)
    if status == "bye":
        if raw.get("second") is not None:
            raise FileFault(f"{place}.second", "a bye has no second player (null)")
        return MatchRecord(first, None, "bye")
    second = _player_ref(raw.get("second"), f"{place}.second", ids, seen)
    match = MatchRecord(first, second, status)
    if status == "forfeit":
        winner = raw.get("winner")
        if winner is not None and (not is_int(winner) or winner not in (first, second)):
            raise FileFault(f"{place}.winner", f"must be {first}, {second} or null, not {_show(winner)}")
        match.winner = winner
    elif status == "played":
        match.scores = _scores(raw.get("scores"), f"{place}.scores")
        match.flagged = _flags(raw.get("flagged", [False, False]), f"{place}.flagged")
        match.log = raw.get("log")
        if match.log is not None:
            _check_log(match, f"{place}.log")
    return match


def _scores(raw: Any, place: str) -> list[list[int]]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise FileFault(place, "must be two lists of six scores (first player's first)")
    for p, row in enumerate(raw):
        if not isinstance(row, list) or len(row) != 6:
            raise FileFault(f"{place}[{p}]", "must be six scores in colour order R O Y G B P")
        for c, value in enumerate(row):
            if not is_int(value):
                raise FileFault(f"{place}[{p}][{c}]", f"{_show(value)} is not a whole number")
            if value > 18:
                raise FileFault(f"{place}[{p}][{c}]", f"{value} is above 18")
            if value < 0:
                raise FileFault(f"{place}[{p}][{c}]", f"{value} is below 0")
    return [list(row) for row in raw]


def _flags(raw: Any, place: str) -> list[bool]:
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(f, bool) for f in raw):
        raise FileFault(place, "must be two true/false values")
    return list(raw)


def _check_log(match: MatchRecord, place: str) -> None:
    report = replay(match.log)
    if report.valid and len(report.players) != 2:
        raise FileFault(place, f"a match is a game for two, but the move log has {len(report.players)} players")
    if not report.valid:
        where = "" if report.event is None else f"event {report.event}: "
        raise FileFault(place, f"the move log is invalid ({report.code}): {where}{report.message}")
    if report.levels is None:
        raise FileFault(place, "a tournament game is played under mso or kosmos rules, not the duel")
    if report.scores != match.scores:
        raise FileFault(place, f"the move log gives the scores {report.scores}, but the match says {match.scores}")
    if report.flagged != match.flagged:
        raise FileFault(place, f"the move log has {report.flagged} for ran out of time, but the match says {match.flagged}")


def dump(record: TournamentFile) -> dict:
    """The file object for a record: `parse(dump(record))` gives the record back."""
    settings = record.settings
    return {
        "format": FORMAT,
        "name": record.name,
        "settings": {
            "system": settings.system,
            "rounds": settings.rounds,
            "bye_vp": _vp(settings.bye_half_points),
            "progressive": settings.progressive,
            "clock_s": settings.clock_s,
            "late_entry_vp": _vp(settings.late_entry_half_points),
        },
        "players": [_dump_player(p) for p in sorted(record.players, key=lambda p: p.seed)],
        "rounds": [{"number": r.number, "matches": [_dump_match(m) for m in r.matches]} for r in record.rounds],
    }


def _dump_player(player: PlayerRecord) -> dict:
    out = {"id": player.id, "name": player.name, "rating": player.rating}
    if player.club:
        out["club"] = player.club  # ours: the spec's list of player fields may grow
    out["withdrawn_after_round"] = player.withdrawn_after_round
    out["joined_round"] = player.joined_round
    return out


def _vp(half_points: int) -> float | int:
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


def _dump_match(match: MatchRecord) -> dict:
    out = {"first": match.first, "second": match.second, "status": match.status}
    if match.status == "forfeit":
        out["winner"] = match.winner
    elif match.status == "played":
        out.update(scores=match.scores, flagged=match.flagged, log=match.log)
    return out
