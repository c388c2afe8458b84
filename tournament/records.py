"""Between the database and the plain tournament record of `tournament.domain.records`.

`record_of(tournament)` reads a tournament in a fixed number of queries;
`import_record(record)` writes one in a single transaction, so a failure
leaves nothing half-made.
"""

from __future__ import annotations

import json
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import BooleanField, ExpressionWrapper, Q, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.text import slugify

from .domain.enums import Play, System
from .domain.names import display_names
from .domain.records import MatchRecord, PlayerRecord, RoundRecord, Settings, TournamentFile
from .domain.schedule import last_round
from .models import ExcusedAbsence, Match, Player, Round, Tournament
from .signals import round_published
from .serving.versions import bump


def settings_of(tournament: Tournament, entries: int = 0) -> Settings:
    return Settings(
        system=tournament.resolved_system(entries),
        rounds=tournament.rounds_announced,
        bye_half_points=tournament.bye_half_points,
        progressive=tournament.progressive,
        clock_s=tournament.clock_s,
        late_entry_half_points=tournament.late_entry_half_points,
        excused_half_points=tournament.excused_half_points,
        play=tournament.play,
        auto=tournament.auto,
        round_break_s=tournament.round_break_s,
        round_lead_s=tournament.round_lead_s,
        starts_at=_iso(tournament.starts_at),
        entries_close_at=_iso(tournament.entries_close_at),
        time_zone=tournament.time_zone or None,
        entries=tournament.entries or None,
    )


def _iso(moment) -> str | None:
    """A stored time as the file writes it: ISO 8601 with its offset, to the second."""
    return None if moment is None else moment.isoformat(timespec="seconds")


def excused_rounds_of(tournament: Tournament) -> dict[int, frozenset[int]]:
    """Each player's approved excused absences (round numbers), by player pk; one query.

    An absence asked for through a private link counts once the organiser approves it.
    """
    rounds: dict[int, set[int]] = {}
    rows = ExcusedAbsence.objects.filter(player__tournament=tournament, status=ExcusedAbsence.APPROVED)
    for player_id, number in rows.values_list("player_id", "round_number"):
        rounds.setdefault(player_id, set()).add(number)
    return {player_id: frozenset(numbers) for player_id, numbers in rounds.items()}


# In a record read without its logs, a match that has one holds this empty stand-in:
# the public pages only ask whether a log exists, and decoding them all is most of their cost.
LOG_LEFT_OUT: dict = {}


def _log_left_out(decision: dict | None) -> dict | None:
    """An arbiter's decision without its log (`LOG_LEFT_OUT` if it has one): decisions are few, their logs long."""
    if decision is None:
        return None
    return {**decision, "log": LOG_LEFT_OUT if decision.get("log") is not None else None}


def record_of(tournament: Tournament, include_drafts: bool = False, with_logs: bool = True) -> TournamentFile:
    """The tournament as a plain record: four queries, whatever its size.

    `with_logs=False` leaves the move logs in the database (each match that
    has one gets `LOG_LEFT_OUT`, and so does a decision's log): for pages that only say whether there is one.
    """
    # Plain tuples, as the matches below: 500 model instances were a fifth of reading a big event.
    players = list(tournament.players.order_by("seed").values_list(
        "pk", "number", "name", "seed", "rating", "club", "withdrawn_after_round", "joined_round", "email"))
    number = {p[0]: p[1] for p in players}
    excused = excused_rounds_of(tournament)
    rounds = tournament.rounds.order_by("number")
    if not include_drafts:
        rounds = rounds.exclude(status=Round.DRAFT)
    rounds = list(rounds)
    matches: dict[int, list[MatchRecord]] = {r.pk: [] for r in rounds}
    # The scores as their JSON texts, decoded below in one call: the field decoding each row's on its own was a
    # third of reading a big event.
    rows = Match.objects.filter(round__in=rounds).order_by("round_id", "table").annotate(
        scores_text=Cast("scores", TextField()))
    if not with_logs:
        rows = rows.annotate(has_log=ExpressionWrapper(Q(log__isnull=False), output_field=BooleanField()))
    # Plain tuples, not model instances: making 2,000 instances was most of a big event's reading.
    fields = ("round_id", "first_id", "second_id", "status", "scores_text", "first_flagged", "second_flagged",
              "forfeit_winner_id", "log" if with_logs else "has_log", "decision")
    rows = list(rows.values_list(*fields))
    all_scores = json.loads("[" + ",".join(row[4] or "null" for row in rows) + "]")
    for (round_id, first, second, status, _, first_flagged, second_flagged, winner, log, decision), scores in zip(
            rows, all_scores):
        matches[round_id].append(
            MatchRecord(
                first=number[first],
                second=number.get(second),
                status=status,
                scores=scores,
                flagged=[first_flagged, second_flagged],
                log=log if with_logs else (LOG_LEFT_OUT if log else None),
                winner=number.get(winner),
                decision=decision if with_logs else _log_left_out(decision),
            )
        )
    return TournamentFile(
        name=tournament.name,
        settings=settings_of(tournament, len(players)),
        players=[
            PlayerRecord(player_number, name, seed, rating, club or None, withdrawn_after_round, joined_round,
                         excused.get(pk, frozenset()), email or None)
            for pk, player_number, name, seed, rating, club, withdrawn_after_round, joined_round, email in players
        ],
        rounds=[RoundRecord(r.number, matches[r.pk], r.status == Round.COMPLETE,
                            r.starts_at.isoformat(timespec="seconds") if r.starts_at else None) for r in rounds],
    )


def match_log(tournament: Tournament, round_number: int, table: int):
    """The move log of one match of a published round (None without one): what the game viewer reads, alone."""
    return (Match.objects.filter(round__tournament=tournament, round__number=round_number, table=table)
            .exclude(round__status=Round.DRAFT).values_list("log", flat=True).first())


def match_decision(tournament: Tournament, round_number: int, table: int) -> dict | None:
    """An arbiter's decision that ended one match's game (its reason and the room's log up to it), or None."""
    return (Match.objects.filter(round__tournament=tournament, round__number=round_number, table=table)
            .exclude(round__status=Round.DRAFT).values_list("decision", flat=True).first())


# Slugs that would be hidden by the organiser pages' own addresses (/manage/new/, /manage/import/).
RESERVED_SLUGS = {"new", "import"}


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "tournament"
    slug, n = base, 2
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def create_tournament_row(name: str, slug: str | None = None, **fields) -> Tournament:
    """The tournament's row, under `slug` or the first free slug for its name.

    Two tournaments of one name created at once (a double-click on "Create") both find the same slug free;
    the second write then breaks the slug's uniqueness.  It is tried again, in a savepoint, with the next
    free slug.  (On SQLite the writes wait in turn, so this happens on PostgreSQL only.)
    """
    for _ in range(20):
        candidate = slug or unique_slug(name)
        try:
            with transaction.atomic():
                return Tournament.objects.create(name=name, slug=candidate, **fields)
        except IntegrityError:
            if slug is not None or not Tournament.objects.filter(slug=candidate).exists():
                raise  # not the race: the slug was asked for, or another constraint broke
    raise IntegrityError(f"no free slug for {name!r} after 20 tries")


@transaction.atomic
def import_record(record: TournamentFile, slug: str | None = None) -> Tournament:
    """Create the tournament, its players, rounds and matches, all or nothing.

    An all-play-all whose round 1 is paired has the table's number of rounds,
    whatever the file announced: it replaces the announced number everywhere,
    the file the site writes back included (docs/tournament-rules.md, All-play-all).
    """
    settings = record.settings
    rounds = last_round(record) if settings.system == System.ALL_PLAY_ALL and record.rounds else settings.rounds
    tournament = create_tournament_row(
        record.name,
        slug,
        system=settings.system,
        rounds_announced=rounds or settings.rounds,
        bye_half_points=settings.bye_half_points,
        progressive=settings.progressive,
        clock_s=settings.clock_s,
        late_entry_half_points=settings.late_entry_half_points,
        excused_half_points=settings.excused_half_points,
        play=settings.play,
        auto=settings.auto,
        round_break_s=settings.round_break_s,
        round_lead_s=settings.round_lead_s,
        starts_at=datetime.fromisoformat(settings.starts_at) if settings.starts_at else None,
        entries_close_at=datetime.fromisoformat(settings.entries_close_at) if settings.entries_close_at else None,
        time_zone=settings.time_zone or "",
        entries=settings.entries or "",
    )
    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            number=p.id,
            seed=p.seed,
            name=p.name,
            rating=p.rating,
            club=p.club or "",
            joined_round=p.joined_round,
            withdrawn_after_round=p.withdrawn_after_round,
            email=p.email or "",
        )
        for p in record.players
    )
    by_number = {p.number: p for p in players}
    if any(p.pk is None for p in players):  # backends that do not return keys from bulk_create
        by_number = {p.number: p for p in tournament.players.all()}
    ExcusedAbsence.objects.bulk_create(
        ExcusedAbsence(player=by_number[p.id], round_number=number, status=ExcusedAbsence.APPROVED)
        for p in record.players for number in sorted(p.excused_rounds)
    )
    for round_record in record.rounds:
        status = Round.PUBLISHED if round_record.pending else Round.COMPLETE
        # docs/online-play.md: a round with a start time was played online; an online tournament's pending last
        # round is a published online round (its rooms open below), starting at its time or now.
        online = round_record.starts_at is not None or (settings.play == Play.ONLINE and round_record.pending)
        starts_at = (datetime.fromisoformat(round_record.starts_at) if round_record.starts_at
                     else timezone.now() if online else None)
        round_ = Round.objects.create(tournament=tournament, number=round_record.number, status=status,
                                      play=Play.ONLINE if online else Play.TABLE, starts_at=starts_at)
        Match.objects.bulk_create(
            Match(
                round=round_,
                table=table,
                first=by_number[m.first],
                second=by_number.get(m.second),
                status=m.status,
                scores=m.scores,
                first_flagged=bool(m.flagged[0]) if m.status == "played" else False,
                second_flagged=bool(m.flagged[1]) if m.status == "played" else False,
                forfeit_winner=by_number.get(m.winner),
                log=m.log,
                decision=m.decision,
            )
            for table, m in enumerate(round_record.matches, start=1)
        )
        if online and round_record.pending:
            round_published.send(sender=Round, round=round_)  # its rooms open, in this transaction
    bump(tournament.pk)  # bulk_create sends no signals
    return tournament


def player_labels(tournament: Tournament) -> dict[int, str]:
    """Each player's name as the organiser's pages show it, by player pk (`domain.names.display_names`, the
    same labels as the tournament's record): one query, kept on the tournament object for the request's other
    forms and lists."""
    labels = getattr(tournament, "_player_labels", None)
    if labels is None:
        labels = display_names(tournament.players.only("id", "tournament", "name", "seed", "rating", "club"))
        tournament._player_labels = labels
    return labels
