"""How long a tournament is, and when it is over (`docs/tournament-rules.md`, "All-play-all", "End of a tournament").

- Swiss: the announced number of rounds (`settings.rounds`), which the
  organiser may raise to go on.
- All-play-all: the Berger table's, fixed when round 1 is paired: n − 1
  rounds for an even n, n for an odd n, where n is the field closed at
  round 1 (`all_play_all_field`); it replaces the announced number.

A tournament is finished when its last round is closed, and no earlier round is open again.
"""

from __future__ import annotations

from .enums import Play, System
from .records import PlayerRecord, TournamentFile


def all_play_all_field(record: TournamentFile) -> list[PlayerRecord]:
    """The players of the Berger table, in seed order: those entered for round 1.

    The field is closed at round 1: a late entry (`joined_round` > 1) is in
    no game of the table, and a player withdrawn before round 1 who is in no
    match of it was never in the table.  One withdrawn "after round 0" once
    round 1 was paired (their round-1 game forfeited) stays in it, so the
    table is never re-drawn; so does a player excused from round 1.
    """
    in_round_one = {player for r in record.rounds if r.number == 1 for m in r.matches for player in m.players}
    return [p for p in sorted(record.players, key=lambda p: p.seed)
            if p.joined_round <= 1 and (p.plays_in(1) or p.id in in_round_one)]


def all_play_all_rounds(players: int) -> int:
    """Rounds of an all-play-all of that many players: n − 1 for an even n, n for an odd n (none below 2)."""
    if players < 2:
        return 0
    return players - 1 if players % 2 == 0 else players


def last_round(record: TournamentFile) -> int:
    """The number of the tournament's last round: the announced one (Swiss) or the table's (all-play-all)."""
    if record.settings.system == System.ALL_PLAY_ALL:
        return all_play_all_rounds(len(all_play_all_field(record)))
    return record.settings.rounds


def finished(record: TournamentFile) -> bool:
    """The last round (or a later one) exists and every round is closed: no further round is paired.

    A round reopened to correct a result, the last or an earlier one, makes the tournament unfinished
    until it is closed again: its standings are not final while a result may still change.
    """
    if not record.rounds:
        return False
    latest = max(record.rounds, key=lambda r: r.number)
    return latest.number >= last_round(record) and all(r.closed for r in record.rounds)


def idle_players(record: TournamentFile, round_number: int) -> list[PlayerRecord]:
    """An all-play-all round's idle players, in seed order: those of the table who take part in the round and are
    in no match of it (docs/tournament-rules.md, Byes: the odd field's idle player "appears in no match of that round")."""
    if record.settings.system != System.ALL_PLAY_ALL:
        return []
    seated = {player for match in record.round(round_number).matches for player in match.players}
    return [p for p in all_play_all_field(record) if p.id not in seated and p.plays_in(round_number)]


def absent_from(record: TournamentFile, round_number: int, player_id: int) -> str:
    """Why a player takes no part in the round: "withdrawn" (or not yet entered), "excused", or "" (they play)."""
    player = record.player(player_id)
    if not player.plays_in(round_number):
        return "withdrawn" if round_number >= player.joined_round else "not yet entered"
    return "excused" if player.excused_from(round_number) else ""


def played_online(record: TournamentFile, round_number: int) -> bool:
    """The round is played in the site's game rooms (docs/online-play.md): it has a start time, or it is the pending last
    round of a tournament whose `play` is online (a file's published online round, "none meaning now")."""
    round_record = record.round(round_number)
    if round_record.starts_at is not None:
        return True
    last = max(r.number for r in record.rounds)
    return record.settings.play == Play.ONLINE and round_number == last and round_record.pending
