"""From a tournament's record to the next round's pairing, without the database.

Reads a `TournamentFile` (`tournament.domain.records`), builds each player's pairing state
as `docs/tournament-rules.md` defines it, and runs the pairing engine.
"""

from __future__ import annotations

import random
import zlib

from ..domain.enums import System
from ..domain.records import PlayerRecord, TournamentFile
from ..domain.rounds import PlayerRound, RoundKind, in_order, player_rounds, rounds_before
from ..domain.schedule import all_play_all_field, finished, last_round
from . import Entrant, PairingImpossible, RoundPairing, pair_all_play_all, pair_swiss
from .robin import idle_seat
from .model import FIRST, SECOND


class NotReady(ValueError):
    """The tournament cannot be paired now (a pending round, or all rounds paired)."""


class Finished(NotReady):
    """The tournament is over: its last round is closed (docs/tournament-rules.md, End of a tournament)."""


def next_round_number(record: TournamentFile) -> int:
    """The round that can be paired next, one after the highest: the one place that decides whether it can be.

    Raises `NotReady` saying why not (in words for a sentence, without its capital and full stop): the
    highest round is not closed (a file's has a pending match; the site's is not closed by the organiser),
    an all-play-all has fewer than two players, or the event is at its end (`beyond_the_end`: `Finished`
    once it is finished).
    """
    rounds = in_order(record)
    if rounds and not rounds[-1].closed:
        latest = rounds[-1]
        if latest.closed_on_site is None:
            raise NotReady(f"round {latest.number} still has pending matches: enter their results first")
        raise NotReady(f"round {latest.number} is not closed yet: enter its results and close it first")
    number = rounds[-1].number + 1 if rounds else 1
    if last_round(record) == 0 and not record.rounds:
        raise NotReady("an all-play-all needs at least two players in round 1")
    refusal = beyond_the_end(record, number)
    if refusal is not None:
        raise refusal
    return number


def entrants(record: TournamentFile, round_number: int) -> list[Entrant]:
    """Each player's VP, opponents met, first/second sequence and byes before `round_number`.

    `byes` counts byes and forfeit wins (a round won without playing), not
    excused absences; opponents and sides count games actually played.
    """
    before = player_rounds(record, rounds_before(record, round_number))
    return [entrant(player, before[player.id], round_number) for player in record.players]


def entrant(player: PlayerRecord, rounds: list[PlayerRound], round_number: int) -> Entrant:
    played = [r for r in rounds if r.played]
    return Entrant(
        id=player.id,
        seed=player.seed,
        half_points=sum(r.half_points for r in rounds),
        opponents=frozenset(r.opponent for r in played),
        sides="".join(FIRST if r.played_first else SECOND for r in played),
        byes=sum(1 for r in rounds if r.kind in (RoundKind.BYE, RoundKind.FORFEIT_WIN)),
        active=player.paired_in(round_number),
        name=player.label,  # the reasons name the player as the pages do (two of one name told apart)
        excused=player.excused_from(round_number),
    )


def draw_seed(record: TournamentFile) -> int:
    """The round-1 draw is seeded from the tournament's name, so the same file pairs the same way."""
    return zlib.crc32(record.name.encode())


def finished_reason(record: TournamentFile) -> str:
    """Why no further round is offered, in the organiser's words."""
    return f"the tournament is finished: {finished_detail(record)}"


def finished_detail(record: TournamentFile) -> str:
    """What makes a finished tournament finished: "all 7 announced rounds are paired and closed (...)"."""
    last = last_round(record)
    if record.settings.system == System.ALL_PLAY_ALL:
        return f"all {last} rounds of the all-play-all table are paired and closed"
    return f"all {last} announced rounds are paired and closed (raise the number of rounds to go on)"


def table_idle(record: TournamentFile, round_number: int) -> int | None:
    """The player the all-play-all table leaves idle in that round (an odd field), or None (docs/tournament-rules.md,
    Byes: the idle player "appears in no match of that round")."""
    field = all_play_all_field(record)
    seat = idle_seat(len(field), round_number)
    return field[seat - 1].id if seat else None


def outside_table(record: TournamentFile) -> frozenset[int]:
    """The players in no game of the all-play-all table: entered after the field closed at round 1."""
    field = {p.id for p in all_play_all_field(record)}
    return frozenset(p.id for p in record.players if p.id not in field)


def beyond_the_end(record: TournamentFile, round_number: int) -> NotReady | None:
    """Why `round_number` is not offered (docs/tournament-rules.md, End of a tournament), or None when it is within the event.

    `Finished` once the tournament is finished; while its last round is reached but a round is still open
    (pending, or reopened to correct a result) it is not finished: `NotReady`, naming that round.
    """
    if round_number <= last_round(record) and not finished(record):
        return None
    still_open = next((r for r in in_order(record) if not r.closed), None)
    if still_open is None:
        return Finished(finished_reason(record))
    if still_open.pending:
        return NotReady(f"round {still_open.number} still has pending matches: enter their results first")
    return NotReady(f"round {still_open.number} is open again (reopened to correct a result): close it to finish "
                    "the tournament")


def refuse_repeats(record: TournamentFile, pairing: RoundPairing) -> None:
    """Never repeat a game silently (docs/tournament-rules.md): the all-play-all table's round, drawn by the round number, meets
    players who already met when the earlier rounds did not follow the table (paired by hand, or imported)."""
    met = {}  # each pair that met -> (first, second, round) as the record has it
    for round_ in record.rounds:
        for match in round_.matches:
            if match.second is not None:
                met.setdefault(frozenset(match.players), (match.first, match.second, round_.number))
    names = {p.id: p.label or f"player {p.id}" for p in record.players}
    games = [(t.first, t.second) for t in pairing.tables] + [(f.first, f.second) for f in pairing.forfeits]
    repeats = [met[frozenset((a, b))] for a, b in games if frozenset((a, b)) in met]
    if repeats:
        said = ", ".join(f"{names[a]} v {names[b]} (round {number})" for a, b, number in repeats)
        raise PairingImpossible(
            f"Round {pairing.round} of the all-play-all table would repeat games already in the record: {said}. "
            "The rounds so far do not follow the table; pair this round by hand.",
            sorted({player for a, b, _ in repeats for player in (a, b)}))


def pair_next(record: TournamentFile) -> RoundPairing:
    """The next round: Swiss, or the all-play-all table's next round with its forfeits.

    Raises `NotReady` while a round is pending (or, at the end, still open), `Finished` once the last round
    is closed, `PairingImpossible` when no pairing obeys the absolute rules.
    """
    round_number = next_round_number(record)
    players = entrants(record, round_number)
    if record.settings.system == System.ALL_PLAY_ALL:
        field = {p.id for p in all_play_all_field(record)}
        pairing = pair_all_play_all([e for e in players if e.id in field], round_number)
        late = [e.label for e in players if e.id not in field and e.active]
        if late:
            pairing.notes.append(f"not in the all-play-all table (the field closed at round 1): {', '.join(late)}")
        refuse_repeats(record, pairing)
        return pairing
    pairing = pair_swiss(players, round_number, random.Random(draw_seed(record)))
    pairing.excused = [e.id for e in sorted(players, key=lambda e: e.seed) if e.excused]
    return pairing
