"""Reading the tournament file `ingenious-tournament/1` (`docs/tournament-file.md`).

`parse(obj)` checks a parsed file and returns the plain records of
`tournament.domain.records`, or raises `FileFault` naming the place:
`rounds[2].matches[5].scores[1][3]: 19 is above 18`.  Nothing here touches
the database; `import_tournament` and `pair_next` both start from it.

Import accepts any well-formed history, even one the pairer would never make (a rematch, a second bye): it was
played, and it is the record.  What the database cannot hold is a fault of the file, found here with its place
rather than halfway through the import: numbers beyond the columns' ranges (`tournament.domain.limits`), names
longer than theirs, a NUL or an unpaired surrogate in any text, a number not finite (`NaN`, `1e400`) anywhere.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

from games.engine import replay
from games.engine.log import reject_constant

from ..domain.enums import SOLO_STATUSES, MatchStatus, Play, Progressive, System
from ..domain.limits import MAX_INT, MAX_ROUND, MAX_TOURNAMENT_NAME
from ..domain.names import NameFault, checked_text
from ..domain.records import DEFAULT_SETTINGS, MatchRecord, PlayerRecord, RoundRecord, Settings, TournamentFile
from ..domain.results import ScoreFault, check_scores
from ..domain.game_logs import log_mismatch
from ..domain.timetable import settings_problem
from ..domain.values import RATING_RULE, first_unstorable, is_rating, is_whole, show_json

FORMAT = "ingenious-tournament/1"
SYSTEMS = tuple(System)
PROGRESSIVE = tuple(Progressive)
PLAYS = tuple(Play)  # "table" first: the default
STATUSES = tuple(MatchStatus)
EMAIL = re.compile(r"[^@\s,;<>]{1,64}@[^@\s,;<>]{1,189}\.[^@\s,;<>.]{1,63}")  # one address, as a player's


class FileFault(ValueError):
    def __init__(self, place: str, problem: str):
        super().__init__(f"{place}: {problem}" if place else problem)
        self.place = place
        self.problem = problem


def load_text(text: str | bytes) -> TournamentFile:
    try:
        obj = json.loads(text, parse_constant=reject_constant)
    except RecursionError:
        raise FileFault("", "the file is not JSON this site reads: it is nested too deeply") from None
    except ValueError as error:
        raise FileFault("", f"the file is not JSON: {error}") from None
    return parse(obj)


def _whole(value: Any, low: int, high: int) -> bool:
    return is_whole(value) and low <= value <= high


def parse(obj: Any) -> TournamentFile:
    if not isinstance(obj, dict):
        raise FileFault("", "the file must hold one JSON object")
    fault = first_unstorable(obj)
    if fault:
        raise FileFault(*fault)
    if obj.get("format") != FORMAT:
        raise FileFault("format", f'must be "{FORMAT}", not {show_json(obj.get("format"))}')
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise FileFault("name", "the tournament needs a name")
    if len(name.strip()) > MAX_TOURNAMENT_NAME:
        raise FileFault("name", f"is {len(name.strip())} characters long; at most {MAX_TOURNAMENT_NAME}")
    if "settings" not in obj:
        raise FileFault("settings", 'missing: the file must say at least "system" and "rounds"')
    settings = _settings(obj["settings"])
    players = _players(obj.get("players"))
    rounds = _rounds(obj.get("rounds", []), players, settings)
    return TournamentFile(name.strip(), settings, players, rounds)


def _settings(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        raise FileFault("settings", "must be an object")
    # No default for these two: the system follows the field's size (docs/tournament-rules.md) and the rounds are announced.
    for key, what in (("system", '"swiss" or "all-play-all"'), ("rounds", "the announced number of rounds")):
        if key not in raw:
            raise FileFault(f"settings.{key}", f"missing: {what}")
    default = DEFAULT_SETTINGS
    return Settings(
        system=_one_of(raw, "system", SYSTEMS),
        rounds=_whole_setting(raw, "rounds", default.rounds, MAX_ROUND, "rounds"),
        bye_half_points=_vp_setting(raw, "bye_vp", default.bye_half_points),
        progressive=_one_of(raw, "progressive", PROGRESSIVE),
        clock_s=_whole_setting(raw, "clock_s", default.clock_s, MAX_INT, "seconds"),
        late_entry_half_points=_vp_setting(raw, "late_entry_vp", default.late_entry_half_points),
        excused_half_points=_vp_setting(raw, "excused_vp", default.excused_half_points),
        play=_one_of(raw, "play", PLAYS),
        **_timetable(raw),
    )


def _timetable(raw: dict) -> dict:
    """`auto`, `round_break_s`, `round_lead_s`, `starts_at`, `entries_close_at`, `time_zone` and `entries`
    (docs/online-event.md): checked as the settings page checks them."""
    auto, round_break_s = raw.get("auto", False), raw.get("round_break_s", DEFAULT_SETTINGS.round_break_s)
    round_lead_s, time_zone = raw.get("round_lead_s", DEFAULT_SETTINGS.round_lead_s), raw.get("time_zone")
    if not isinstance(auto, bool):
        raise FileFault("settings.auto", f"must be true or false, not {show_json(auto)}")
    problem = settings_problem(raw.get("play", PLAYS[0]), auto, round_break_s, round_lead_s, time_zone)
    if problem:
        raise FileFault(f"settings.{problem[0]}", problem[1])
    entries = raw.get("entries")
    if entries not in (None, "open", "approve"):
        raise FileFault("settings.entries", f'must be "open" or "approve", or absent, not {show_json(entries)}')
    return {"auto": auto, "round_break_s": round_break_s, "round_lead_s": round_lead_s, "time_zone": time_zone,
            "starts_at": _starts_at(raw, "settings"), "entries_close_at": _starts_at(raw, "settings", "entries_close_at"),
            "entries": entries}


def _starts_at(item: dict, place: str, key: str = "starts_at") -> str | None:
    """A round's `starts_at` (docs/online-play.md), or a setting's time (`settings.starts_at`,
    `settings.entries_close_at`): an ISO 8601 time with its offset, kept as written; or None."""
    if item.get(key) is None:
        return None
    value = item[key]
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) and len(value) <= 40 else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise FileFault(f"{place}.{key}", f"must be an ISO 8601 time with its offset, such as "
                                          f"\"2026-11-25T19:30:00+00:00\", not {show_json(value)}")
    return value


def _one_of(raw: dict, key: str, allowed: tuple[str, ...]) -> str:
    """The setting, one of `allowed` (the first is the default)."""
    value = raw.get(key, allowed[0])
    if value not in allowed:
        choices = " or ".join(f'"{a}"' for a in allowed)
        raise FileFault(f"settings.{key}", f"must be {choices}, not {show_json(value)}")
    return value


def _whole_setting(raw: dict, key: str, default: int, high: int, unit: str) -> int:
    value = raw.get(key, default)
    if not _whole(value, 1, high):
        raise FileFault(f"settings.{key}", f"must be a whole number of {unit}, 1 to {high}, not {show_json(value)}")
    return value


def _vp_setting(raw: dict, key: str, default_half_points: int) -> int:
    """A VP setting of 0, ½ or 1, in half points; the default when the file leaves it out."""
    return _half_points(raw[key], f"settings.{key}", (0, 1, 2)) if key in raw else default_half_points


def _half_points(value: Any, place: str, allowed: tuple[int, ...]) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value * 2 not in allowed:
        choices = ", ".join(str(a / 2).replace(".0", "") for a in allowed)
        raise FileFault(place, f"must be one of {choices}, not {show_json(value)}")
    return int(value * 2)


def _players(raw: Any) -> list[PlayerRecord]:
    if not isinstance(raw, list) or not raw:
        raise FileFault("players", "must be a non-empty list")
    players, seen, addresses = [], set(), {}
    for index, item in enumerate(raw):
        place = f"players[{index}]"
        if not isinstance(item, dict):
            raise FileFault(place, "must be an object")
        player_id = item.get("id")
        if not _whole(player_id, 1, MAX_INT):
            raise FileFault(f"{place}.id", f"must be a whole number from 1 to {MAX_INT}, not {show_json(player_id)}")
        if player_id in seen:
            raise FileFault(f"{place}.id", f"{player_id} is used twice")
        seen.add(player_id)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise FileFault(f"{place}.name", "every player needs a name")
        name = _checked(name, f"{place}.name", "name")
        rating = item.get("rating")
        if rating is not None and not is_rating(rating):
            raise FileFault(f"{place}.rating", f"must be {RATING_RULE}, or null, not {show_json(rating)}")
        club = item.get("club")
        if club is not None and not isinstance(club, str):
            raise FileFault(f"{place}.club", "must be text or null")
        if club is not None:
            club = _checked(club, f"{place}.club", "club", required=False)
        withdrawn = item.get("withdrawn_after_round")
        if withdrawn is not None and not _whole(withdrawn, 0, MAX_ROUND):
            raise FileFault(f"{place}.withdrawn_after_round",
                            f"must be a round number (0 to {MAX_ROUND}) or null, not {show_json(withdrawn)}")
        joined = item.get("joined_round", 1)
        if not _whole(joined, 1, MAX_ROUND):
            raise FileFault(f"{place}.joined_round",
                            f"must be a round number, 1 to {MAX_ROUND}, not {show_json(joined)}")
        if withdrawn is not None and joined > withdrawn + 1:
            # Withdrawn after round w, a player takes part in no round after w: joining later than w + 1
            # (entered for round w + 1 and gone before playing it) is a history that cannot have happened.
            raise FileFault(f"{place}.joined_round", f"{joined} is after the player withdrew (after round "
                                                     f"{withdrawn}): a player withdrawn after round {withdrawn} "
                                                     f"joined at round {withdrawn + 1} at the latest")
        excused = _excused_rounds(item.get("excused_rounds", []), f"{place}.excused_rounds")
        email = item.get("email")
        if email is not None and not (isinstance(email, str) and EMAIL.fullmatch(email)):
            raise FileFault(f"{place}.email", f"must be an email address or null, not {show_json(email)[:80]}")
        if email and addresses.setdefault(email.lower(), player_id) != player_id:  # one address, one player
            raise FileFault(f"{place}.email", f"is also player {addresses[email.lower()]}'s: one address is one "
                                              "player's")
        players.append(PlayerRecord(player_id, name, index + 1, rating, club, withdrawn, joined, excused,
                                    email))
    return players


def _checked(text: str, place: str, what: str, required: bool = True) -> str:
    """A name or club under the site's names rule (`domain.names.checked_text`), normalised; else `FileFault`."""
    try:
        return checked_text(text, what, required)
    except NameFault as fault:
        raise FileFault(place, str(fault).rstrip(".")) from None


def _excused_rounds(raw: Any, place: str) -> frozenset[int]:
    """A list of round numbers, each once (rounds not yet paired included)."""
    if not isinstance(raw, list):
        raise FileFault(place, f"must be a list of round numbers, not {show_json(raw)}")
    if len(raw) > MAX_ROUND:
        raise FileFault(place, f"holds {len(raw)} rounds; at most {MAX_ROUND}")
    seen: set[int] = set()
    for index, number in enumerate(raw):
        if not _whole(number, 1, MAX_ROUND):
            raise FileFault(f"{place}[{index}]", f"must be a round number, 1 to {MAX_ROUND}, not {show_json(number)}")
        if number in seen:
            raise FileFault(f"{place}[{index}]", f"round {number} is listed twice")
        seen.add(number)
    return frozenset(seen)


def _rounds(raw: Any, players: list[PlayerRecord], settings: Settings) -> list[RoundRecord]:
    """The rounds in order of number, whatever their order in the file: numbered 1..n, each once."""
    names = {p.id: p.name for p in players}
    excused = {p.id: (index, p.excused_rounds) for index, p in enumerate(players)}
    if not isinstance(raw, list):
        raise FileFault("rounds", "must be a list")
    if len(raw) > MAX_ROUND:
        raise FileFault("rounds", f"holds {len(raw)} rounds; at most {MAX_ROUND}")
    places: dict[int, str] = {}  # round number -> where the file lists it
    rounds = []
    for index, item in enumerate(raw):
        place = f"rounds[{index}]"
        if not isinstance(item, dict):
            raise FileFault(place, "must be an object")
        number = item.get("number")
        if not _whole(number, 1, len(raw)):
            raise FileFault(f"{place}.number", f"must be a round number from 1 to {len(raw)} (the file lists "
                                                f"{len(raw)} rounds), not {show_json(number)}")
        if number in places:
            raise FileFault(f"{place}.number", f"round {number} is listed twice (also at {places[number]})")
        places[number] = place
        matches_raw = item.get("matches")
        if not isinstance(matches_raw, list):
            raise FileFault(f"{place}.matches", "must be a list")
        if len(matches_raw) > MAX_ROUND:
            raise FileFault(f"{place}.matches", f"holds {len(matches_raw)} matches; at most {MAX_ROUND}")
        if not matches_raw:
            _check_empty_round(number, f"{place}.matches", players, settings)
        seen: set[int] = set()
        matches = [_match(m, f"{place}.matches[{i}]", names, seen, settings) for i, m in enumerate(matches_raw)]
        for i, match in enumerate(matches):
            if match.status == MatchStatus.EXCUSED and number not in excused[match.first][1]:
                raise FileFault(f"{place}.matches[{i}].status",
                                f"player {match.first} is not excused from round {number} "
                                f"(players[{excused[match.first][0]}].excused_rounds)")
            for player in match.players:  # excused, a player is only absent: an excused match, or a forfeit lost
                absent = match.status == MatchStatus.EXCUSED or (
                    match.status == MatchStatus.FORFEIT and match.winner != player)
                if number in excused[player][1] and not absent:
                    doing = {MatchStatus.BYE: "gives them a bye", MatchStatus.FORFEIT: "has them winning by forfeit",
                             MatchStatus.PENDING: "pairs them"}.get(match.status, "has them playing")
                    raise FileFault(f"{place}.matches[{i}]",
                                    f"player {player} is excused from round {number} "
                                    f"(players[{excused[player][0]}].excused_rounds), but this match {doing}")
        rounds.append(RoundRecord(number, matches, starts_at=_starts_at(item, place)))
    rounds.sort(key=lambda r: r.number)
    for record in rounds[:-1]:
        if record.pending:
            raise FileFault(places[record.number], "only the last round may have pending matches")
    return rounds


def _check_empty_round(number: int, place: str, players: list[PlayerRecord], settings: Settings) -> None:
    """A round with no match: only when nobody takes part in it (all withdrawn), and within the announced rounds.

    Anything else is a history that cannot have happened, and thousands of such rounds would be thousands of
    rows for nothing.
    """
    playing = [p for p in players if p.plays_in(number)]
    if playing:
        raise FileFault(place, f"round {number} has no match, but {len(playing)} player"
                               f"{'s take' if len(playing) > 1 else ' takes'} part in it (player {playing[0].id} "
                               "first): a round seats each of them, or gives a bye")
    if number > settings.rounds:
        raise FileFault(place, f"round {number} has no match and nobody in it, beyond the {settings.rounds} "
                               "announced rounds: leave it out")


def _player_ref(value: Any, place: str, ids: dict[int, str], seen: set[int]) -> int:
    if not is_whole(value):
        raise FileFault(place, f"must be a player id, not {show_json(value)}")
    if value not in ids:
        raise FileFault(place, f"{value} is not the id of any player")
    if value in seen:
        raise FileFault(place, f"player {value} appears twice in this round")
    seen.add(value)
    return value


def _match(raw: Any, place: str, names: dict[int, str], seen: set[int], settings: Settings) -> MatchRecord:
    if not isinstance(raw, dict):
        raise FileFault(place, "must be an object")
    status = raw.get("status")
    if status not in STATUSES:
        raise FileFault(f"{place}.status", f'must be one of {", ".join(STATUSES)}, not {show_json(status)}')
    first = _player_ref(raw.get("first"), f"{place}.first", names, seen)
    if status in SOLO_STATUSES:
        if raw.get("second") is not None:
            raise FileFault(f"{place}.second", f"{'a bye' if status == MatchStatus.BYE else 'an excused absence'} "
                                                "has no second player (null)")
        return MatchRecord(first, None, status)
    second = _player_ref(raw.get("second"), f"{place}.second", names, seen)
    match = MatchRecord(first, second, status)
    if status == MatchStatus.FORFEIT:
        winner = raw.get("winner")
        if winner is not None and (not is_whole(winner) or winner not in (first, second)):
            raise FileFault(f"{place}.winner", f"must be {first}, {second} or null, not {show_json(winner)}")
        match.winner = winner
        match.decision = _decision(raw, place, names, settings)
    elif status == MatchStatus.PLAYED:
        match.scores = _scores(raw.get("scores"), f"{place}.scores")
        match.flagged = _flags(raw.get("flagged", [False, False]), f"{place}.flagged")
        match.log = raw.get("log")
        if match.log is not None:
            _check_log(match, f"{place}.log", names, settings)
        match.decision = _decision(raw, place, names, settings)
    return match


def _decision(raw: dict, place: str, names: dict[int, str], settings: Settings) -> dict | None:
    """A match ended by an arbiter's decision: its reason, and the room's log up to it, checked as far as it goes
    (an unfinished game is expected; it is not compared with the decided result)."""
    decision = raw.get("decision")
    if decision is None:
        return None
    place = f"{place}.decision"
    if not isinstance(decision, dict):
        raise FileFault(place, "must be an object with a reason and a log (or null)")
    reason = decision.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise FileFault(f"{place}.reason", f"must be the decision's reason in words, not {show_json(reason)}")
    log = decision.get("log")
    if log is not None:
        report = replay(log)
        if not report.valid and report.code != "unfinished":
            where = "" if report.event is None else f"event {report.event}: "
            raise FileFault(f"{place}.log", f"the move log is invalid ({report.code}): {where}{report.message}")
        mismatch = log_mismatch(log, names[raw["first"]], names[raw["second"]], settings.clock_s)
        if mismatch:
            raise FileFault(f"{place}.log", mismatch)
    return {"reason": reason, "log": log}


def _scores(raw: Any, place: str) -> list[list[int]]:
    try:
        return check_scores(raw)
    except ScoreFault as fault:
        raise FileFault(f"{place}{fault.place}", fault.problem) from None


def _flags(raw: Any, place: str) -> list[bool]:
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(f, bool) for f in raw):
        raise FileFault(place, "must be two true/false values")
    return list(raw)


def _check_log(match: MatchRecord, place: str, names: dict[int, str], settings: Settings) -> None:
    """The log replays, is this match's game (players, order, rules, clock), and gives the match's result."""
    report = replay(match.log)
    if not report.valid:
        where = "" if report.event is None else f"event {report.event}: "
        raise FileFault(place, f"the move log is invalid ({report.code}): {where}{report.message}")
    mismatch = log_mismatch(match.log, names[match.first], names[match.second], settings.clock_s)
    if mismatch:
        raise FileFault(place, mismatch)
    if report.scores != match.scores:
        raise FileFault(place, f"the move log gives the scores {report.scores}, but the match says {match.scores}")
    if report.flagged != match.flagged:
        raise FileFault(place, f"the move log has {report.flagged} for ran out of time, but the match says {match.flagged}")
