"""Tournaments, their settings and their players: entries, late entries, reinstating, closing the entries."""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from .. import audit
from ..serving.versions import bump
from ..domain.entry import ResultEntry
from ..domain.enums import Play, System
from ..domain.records import DEFAULT_SETTINGS
from ..domain.schedule import finished
from ..domain.timetable import settings_problem
from ..domain.names import name_key
from ..domain.text import format_vp
from ..domain.values import RATING_RULE, is_rating
from ..models import AuditEntry, ExcusedAbsence, Match, Player, Round, Submission, Tournament
from ..records import create_tournament_row, import_record, record_of
from .players import check_new_name, checked
from .refused import Refused
from .results import enter_result
from .submissions import REPLACED_NOTE


@transaction.atomic
def create_tournament(name: str, user=None, **settings) -> Tournament:
    problem = settings_problem(settings.get("play", Play.TABLE), settings.get("auto", False),
                               settings.get("round_break_s", DEFAULT_SETTINGS.round_break_s),
                               settings.get("round_lead_s", DEFAULT_SETTINGS.round_lead_s), settings.get("time_zone"))
    if problem:
        raise Refused(problem[1], problem[0])
    tournament = create_tournament_row(name.strip(), **settings)
    if user is not None and user.is_authenticated:
        tournament.organisers.add(user)
    audit.record(tournament, user, "tournament created", tournament.name, after=audit.settings_of(tournament))
    return tournament


@transaction.atomic
def import_tournament(record, user=None, slug: str | None = None) -> Tournament:
    """A tournament from its file, with the importing user as its organiser; all or nothing."""
    tournament = import_record(record, slug)
    if user is not None and user.is_authenticated:
        tournament.organisers.add(user)
    audit.record(tournament, user, "tournament imported", tournament.name,
                 after={**audit.settings_of(tournament), "players": tournament.players.count(),
                        "rounds": tournament.rounds.count()})
    return tournament


# docs/tournament-rules.md, All-play-all: the table's length replaces the announced number once round 1 is paired.
ALL_PLAY_ALL_ROUNDS = ("The all-play-all table fixed the number of rounds at {n} when round 1 was paired (every player "
                       "meets every other once): it cannot change.")


@transaction.atomic
def update_settings(tournament: Tournament, user=None, confirm_history: bool = False, **settings) -> Tournament:
    """Change a tournament's name or settings.

    The system is fixed once round 1 exists, and so is an all-play-all's number of rounds (its table's); the
    announced rounds cannot fall below a round already paired;
    a VP setting that changes what players already scored (byes given, late entries' missed rounds,
    excused absences) is refused, saying what would change, unless `confirm_history`.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = audit.settings_of(tournament)
    if "name" in settings:
        settings["name"] = (settings["name"] or "").strip()
        if not settings["name"]:
            raise Refused("A tournament needs a name.", "name")
    if entries_closed(tournament) and settings.get("system", tournament.system) != tournament.system:
        raise Refused("The pairing system is fixed once round 1 has been paired.", "system")
    paired = tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    if (settings.get("rounds_announced", tournament.rounds_announced) != tournament.rounds_announced
            and entries_closed(tournament) and tournament.resolved_system(tournament.players.count()) == System.ALL_PLAY_ALL):
        raise Refused(ALL_PLAY_ALL_ROUNDS.format(n=tournament.rounds_announced), "rounds_announced")
    if settings.get("rounds_announced", paired) < paired:
        raise Refused(f"Round {paired} has been paired: the event has at least {paired} "
                      f"round{'s' if paired > 1 else ''}.", "rounds_announced")
    changes = history_changes(tournament, settings)
    if changes and not confirm_history:
        raise Refused(" ".join(changes) + " Tick 'Change what was already scored' to go ahead, or keep the VP "
                      "as they are.", "confirm_history")
    for field, value in settings.items():
        if field not in audit.SETTINGS:
            raise Refused(f"{field} is not a setting.")
        setattr(tournament, field, value)
    problem = settings_problem(tournament.play, tournament.auto, tournament.round_break_s, tournament.round_lead_s,
                               tournament.time_zone)
    if problem:
        raise Refused(problem[1], problem[0])
    old, new = audit.changed(before, audit.settings_of(tournament))
    if new:
        tournament.save()
        audit.record(tournament, user, "settings changed", tournament.name, before=old, after=new)
    return tournament


def history_changes(tournament: Tournament, settings: dict) -> list[str]:
    """What a change of the bye, late-entry or excused VP would change in rounds already paired, in words."""
    changes = []
    played = Match.objects.filter(round__tournament=tournament).exclude(round__status=Round.DRAFT)
    byes = list(played.filter(status=Match.BYE).order_by("round__number").values_list("round__number", "first__name"))
    late = [(p.name, p.joined_round - 1) for p in tournament.players.filter(joined_round__gt=1).order_by("seed")
            if played.filter(round__number__lt=p.joined_round).exists()]
    excused = list(ExcusedAbsence.objects.filter(player__tournament=tournament, status=ExcusedAbsence.APPROVED)
                   .order_by("round_number").values_list("round_number", "player__name"))
    for field, what, given in (
            ("bye_half_points", "byes already given", [f"round {n}, {name}" for n, name in byes]),
            ("late_entry_half_points", "late entries' missed rounds",
             [f"{name} (round{'s 1-' if missed > 1 else ' '}{missed})" for name, missed in late]),
            ("excused_half_points", "excused absences", [f"round {n}, {name}" for n, name in excused])):
        old, new = getattr(tournament, field), settings.get(field, getattr(tournament, field))
        if given and new != old:
            changes.append(f"The {what} would score {format_vp(new)} VP instead of {format_vp(old)}: "
                           f"{'; '.join(given)}.")
    return changes


def entries_closed(tournament: Tournament) -> bool:
    return tournament.rounds.exists()


@transaction.atomic
def add_player(tournament: Tournament, name: str, rating: int | None = None, club: str = "", user=None,
               duplicate_ok: bool = False) -> Player:
    """An entry; after round 1 has been generated, a late entry joining at the next round.

    A name already entered (case-folded) is refused unless `duplicate_ok`: the same person entered twice
    (once from a file, once by hand) is the usual mistake.
    """
    if rating is not None and not is_rating(rating):
        raise Refused(f"A rating is {RATING_RULE}, or empty.", "rating")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    name = check_new_name(tournament, name, None, duplicate_ok)
    joined = joining_round(tournament)
    highest = tournament.players.aggregate(number=Max("number"), seed=Max("seed"))
    player = Player.objects.create(
        tournament=tournament,
        number=(highest["number"] or 0) + 1,
        seed=(highest["seed"] or 0) + 1,
        name=name,
        rating=rating,
        club=checked(club, "club", required=False),
        joined_round=joined,
    )
    audit.record(tournament, user, "late entry" if joined > 1 else "player added", player.name,
                 after=audit.player_of(player))
    return player


def joining_round(tournament: Tournament) -> int:
    """The round a player entered now plays from: 1 before round 1 is paired, else the next round to pair.

    Refused while a round is a draft: that round was paired without the newcomer, who would sit it out with
    nothing and no word; in an all-play-all once round 1 is paired; and once the last announced round
    is paired, when the newcomer would join a round the event does not have.
    """
    if not entries_closed(tournament):
        return 1
    draft = tournament.rounds.filter(status=Round.DRAFT).values_list("number", flat=True).first()
    if draft is not None and draft >= tournament.rounds_announced and tournament.system != Tournament.ALL_PLAY_ALL:
        raise Refused(f"Round {draft}, the last of the {tournament.rounds_announced} announced rounds, is a draft "
                      f"paired without anyone entered now: delete the draft, enter the player and pair round "
                      f"{draft} again to include them, or raise the number of rounds in Settings for them to join "
                      f"at round {draft + 1}.", "name")
    if draft is not None:
        raise Refused(f"Round {draft} is a draft, paired without anyone entered now: publish it first (the new "
                      f"player then joins from round {draft + 1}), or delete the draft, enter the player and pair "
                      f"round {draft} again to include them.", "name")
    if tournament.system == Tournament.ALL_PLAY_ALL:
        raise Refused("An all-play-all's field is closed at round 1: a late entry would need a new "
                      "table, in which some pairs meet twice and others never.", "name")
    joining = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if joining > tournament.rounds_announced:  # docs/tournament-rules.md, "End of a tournament": no further round
        raise Refused(f"Round {joining - 1} is the last of the {tournament.rounds_announced} announced rounds: a "
                      f"player entered now would play no round. Raise the number of rounds in Settings first to let "
                      f"them join at round {joining}.", "name")
    return joining


def import_players(tournament: Tournament, rows, user=None, duplicate_ok: bool = False) -> list[Player]:
    """Each (name, rating, club) row an entry, as `add_player` makes one: all rows or none, in bulk.

    The rows come parsed and checked: the players-file form reads the CSV (`players_csv`).  The rows and
    their audit entries are made before the transaction, which only numbers them and writes them, so it
    stays short (10,000 players: 3 s on a busy 2-core machine; tests/bench/test_bench_players_csv.py),
    and other tournaments' saves wait for it that long at most (their pages not at all: SQLite's WAL).

    A name already entered, or twice in the file (case-folded, spaces trimmed, as `add_player` compares), is
    refused unless `duplicate_ok`: a file uploaded twice is the usual mistake, and two people of one name rare.
    """
    checked_rows = []
    for offset, (name, rating, club) in enumerate(rows, start=1):
        try:
            name, club = checked(name), checked(club, "club", required=False)
        except Refused as refused:
            raise Refused(f"Player {offset} of the file: {refused.message[0].lower()}{refused.message[1:]}",
                          "file") from None
        if rating is not None and not is_rating(rating):
            raise Refused(f"Player {offset} of the file: a rating is {RATING_RULE}, or empty.", "rating")
        checked_rows.append((name, rating, club))
    if not duplicate_ok:
        _refuse_duplicates(tournament, [name for name, _, _ in checked_rows])
    players, entries = [], []
    for name, rating, club in checked_rows:
        player = Player(tournament=tournament, name=name, rating=rating, club=club)
        players.append(player)
        entries.append(audit.unsaved(tournament, user, "player added", name, after=audit.player_of(player)))
    with transaction.atomic():
        _enter_in_bulk(tournament, players, entries)
    return players


def _refuse_duplicates(tournament: Tournament, names: list[str]) -> None:
    """`Refused` listing the names already entered and those twice in the file, compared as `add_player` does."""
    entered = {name_key(name): (name, seed) for name, seed in tournament.players.values_list("name", "seed")}
    already, seen, twice = {}, set(), {}
    for name in names:
        key = name_key(name)
        if key in entered:
            already.setdefault(key, entered[key])
        elif key in seen:
            twice.setdefault(key, name.strip())
        seen.add(key)
    if not already and not twice:
        return
    parts = []
    if already:
        listed = [f"{name} (seed {seed})" for name, seed in list(already.values())[:10]]
        more = f" and {len(already) - 10} more" if len(already) > 10 else ""
        parts.append(f"Already entered: {', '.join(listed)}{more}.")
    if twice:
        listed = list(twice.values())[:10]
        more = f" and {len(twice) - 10} more" if len(twice) > 10 else ""
        parts.append(f"Twice in the file: {', '.join(listed)}{more}.")
    raise Refused(" ".join(parts) + " Take them out of the file, or tick 'They are other people of the same "
                  "name' to enter them all.", "file")


def _enter_in_bulk(tournament: Tournament, players: list[Player], entries: list) -> None:
    """Number the players after those entered (under the tournament's lock), then write them and their entries."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    joined = joining_round(tournament)
    highest = tournament.players.aggregate(number=Max("number"), seed=Max("seed"))
    for offset, (player, entry) in enumerate(zip(players, entries), start=1):
        player.number, player.seed = (highest["number"] or 0) + offset, (highest["seed"] or 0) + offset
        player.joined_round = entry.after["joined round"] = joined
        if joined > 1:
            entry.action = "late entry"
    Player.objects.bulk_create(players, batch_size=1000)
    AuditEntry.objects.bulk_create(entries, batch_size=1000)
    bump(tournament.pk)  # bulk_create sends no signals


@transaction.atomic
def reinstate(player: Player, user=None) -> tuple[list[str], list[str]]:
    """Undo a withdrawal: the player is paired again from the next round generated.

    The games the withdrawal forfeited (lost by the player in a round after the one they withdrew after) go
    back to be played while their round is open, with the results players had sent for them waiting again; in a closed round they stand, to be corrected by reopening
    it.  Returns both lists, each game written "round 3, table 2 against Ben Baker".
    """
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.withdrawn_after_round is None:
        raise Refused(f"{player.name} is not withdrawn.")
    before = player.withdrawn_after_round
    player.withdrawn_after_round = None
    player.save(update_fields=["withdrawn_after_round"])
    forfeited = (Match.objects.filter(Q(first=player) | Q(second=player), round__number__gt=before,
                                      status=Match.FORFEIT)
                 .exclude(forfeit_winner=player).exclude(forfeit_winner=None)
                 .select_related("round", "first", "second").order_by("round__number", "table"))
    restored, kept = [], []
    for game in forfeited:
        opponent = game.second if game.first_id == player.pk else game.first
        said = f"round {game.round.number}, table {game.table} against {opponent.name}"
        if game.round.status == Round.PUBLISHED:
            restored.append(said)
        else:
            kept.append(said)
    after = {"withdrawn after round": None}
    if restored:
        after["forfeits to be played again"] = "; ".join(restored)
    if kept:
        after["forfeits that stand (round closed)"] = "; ".join(kept)
    audit.record(player.tournament, user, "player reinstated", player.name,
                 before={"withdrawn after round": before}, after=after)
    for game in forfeited:
        if game.round.status == Round.PUBLISHED:
            # The results players had sent for it, which the forfeit settled, wait again as they were.
            set_aside = list(game.submissions.filter(status=Submission.SETTLED, answered_at=game.entered_at)
                             .exclude(note=REPLACED_NOTE))
            enter_result(game, ResultEntry.removal(how="reinstated"), correction=True, user=user)
            for sent in set_aside:
                disputed = bool(sent.note)  # a dispute's reason, or the scores sent with one
                sent.status = Submission.DISPUTED if disputed else Submission.WAITING
                sent.answered_at = sent.answered_at if disputed else None
                sent.save(update_fields=["status", "answered_at"])
    return restored, kept


def _labels(tournament: Tournament, players) -> list[str]:
    """The players' names as the pages show them now (a seed may be what tells two apart, and it just changed)."""
    labels = audit.labels_now(tournament)
    return [labels.get(p.pk, p.name) for p in players]


def close_entries(tournament: Tournament, user=None) -> list[str]:
    """Fix the seed order once: rating, highest first; the rest by a random draw, shown to all; audited.

    Called when round 1 is paired (by the engine or by hand), inside that transaction and its lock on the
    tournament.  The audit keeps the order before and after: the draw is random, and the seeds decide ties.
    """
    players = list(tournament.players.order_by("seed"))
    labels = audit.labels_now(tournament)  # two players of one name told apart, as the pages do
    before = [f"{p.seed}: {labels.get(p.pk, p.name)}" for p in players]
    rng = random.SystemRandom()
    draw = {p.pk: rng.random() for p in players}
    ordered = sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0), draw[p.pk]))
    for offset, player in enumerate(ordered):  # two passes keep the unique constraint happy
        player.seed = 100000 + offset
    Player.objects.bulk_update(ordered, ["seed"])
    for seed, player in enumerate(ordered, start=1):
        player.seed = seed
    Player.objects.bulk_update(ordered, ["seed"])
    system = tournament.system
    tournament.system = tournament.resolved_system(len(players))
    if tournament.system == System.ALL_PLAY_ALL:  # its table is fixed now: the entry form closes (docs/online-event.md)
        tournament.entries = ""
    tournament.save(update_fields=["system", "entries"])
    bump(tournament.pk)  # bulk_update sends no signals
    audit.record(tournament, user, "entries closed", f"{len(ordered)} players seeded",
                 before={"seeds": before, "system": system},
                 after={"seeds": [f"{p.seed}: {label}" for p, label in zip(ordered, _labels(tournament, ordered))],
                        "system": tournament.system,
                        "order": "rating, highest first; unrated and equal ratings by a random draw"})
    return [p.name for p in ordered]


def why_closed(tournament: Tournament, now=None) -> str | None:
    """Why the entry form takes no entry now, in a sentence; None while it is open: the one rule for the form
    (`signup`) and the organiser's dashboard."""
    now = now or timezone.now()
    if tournament.rounds.exists() and finished(record_of(tournament, with_logs=False)):
        return "The tournament is finished: it takes no more entries."
    if not tournament.entries:
        return "Entries are closed for this tournament."
    if tournament.entries_close_at is not None and now >= tournament.entries_close_at:
        return "Entries closed at the closing time the organiser set."
    if tournament.entries_max is not None and tournament.players.count() >= tournament.entries_max:
        return f"The tournament is full ({tournament.entries_max} players)."
    if tournament.rounds.exists() and tournament.system == System.ALL_PLAY_ALL:
        return "Entries closed when round 1 of the all-play-all was paired."
    return None
