"""Writing the tournament file `ingenious-tournament/1`: `parse(dump(record))` gives the record back."""

from __future__ import annotations

import json

from ..domain.enums import MatchStatus, Play
from ..domain.records import DEFAULT_SETTINGS, MatchRecord, PlayerRecord, RoundRecord, TournamentFile
from .reader import FORMAT


def dumps(record: TournamentFile, private: bool = False) -> str:
    """The file as the site writes it (the organisers' download, `export_tournament`): compact JSON, UTF-8 text.

    No indentation and no spaces: a 500-player, 9-round event with a third of its games logged is 3.8 MB
    this way and was 17.7 MB indented, over what the import takes (`forms.MAX_TOURNAMENT_FILE_BYTES`).
    """
    return json.dumps(dump(record, private), ensure_ascii=False, separators=(",", ":"))


def dump(record: TournamentFile, private: bool = False) -> dict:
    """The file object for a record; `private` (the organiser's private export only) adds the players' addresses."""
    settings = record.settings
    file = {
        "format": FORMAT,
        "name": record.name,
        "settings": {
            "system": settings.system,
            "rounds": settings.rounds,
            "bye_vp": _vp(settings.bye_half_points),
            "progressive": settings.progressive,
            "clock_s": settings.clock_s,
            "late_entry_vp": _vp(settings.late_entry_half_points),
            "excused_vp": _vp(settings.excused_half_points),
        },
        "players": [_dump_player(p, private) for p in sorted(record.players, key=lambda p: p.seed)],
        "rounds": [_dump_round(r) for r in record.rounds],
    }
    if settings.play != Play.TABLE:  # a tournament at the tables writes no "play", as before the setting existed
        file["settings"]["play"] = settings.play
    if settings.auto or settings.round_break_s != DEFAULT_SETTINGS.round_break_s:  # as before the timetable existed
        file["settings"].update(auto=settings.auto, round_break_s=settings.round_break_s)
    if settings.round_lead_s != DEFAULT_SETTINGS.round_lead_s:
        file["settings"]["round_lead_s"] = settings.round_lead_s
    for key in ("starts_at", "entries_close_at", "time_zone"):  # each written only when set
        if getattr(settings, key):
            file["settings"][key] = getattr(settings, key)
    if settings.entries:
        file["settings"]["entries"] = settings.entries
    return file


def _dump_round(round_: RoundRecord) -> dict:
    out = {"number": round_.number, "matches": [_dump_match(m) for m in round_.matches]}
    if round_.starts_at is not None:
        out["starts_at"] = round_.starts_at
    return out


def _dump_player(player: PlayerRecord, private: bool) -> dict:
    out = {"id": player.id, "name": player.name, "rating": player.rating}
    if player.club:
        out["club"] = player.club  # ours: the spec's list of player fields may grow
    out["withdrawn_after_round"] = player.withdrawn_after_round
    out["joined_round"] = player.joined_round
    out["excused_rounds"] = sorted(player.excused_rounds)
    if private and player.email:
        out["email"] = player.email
    return out


def _vp(half_points: int) -> float | int:
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


def _dump_match(match: MatchRecord) -> dict:
    out = {"first": match.first, "second": match.second, "status": match.status}
    if match.status == MatchStatus.FORFEIT:
        out["winner"] = match.winner
    elif match.status == MatchStatus.PLAYED:
        out.update(scores=match.scores, flagged=match.flagged, log=match.log)
    if match.decision is not None and match.status in (MatchStatus.PLAYED, MatchStatus.FORFEIT):
        out["decision"] = match.decision
    return out
