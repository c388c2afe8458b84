"""Rounds: pair the next one as a draft, swap, publish, delete, close (what a draft breaks: `drafts.check_round`)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import audit
from ..serving.versions import bump
from ..models import Match, Player, Round, Tournament
from ..domain.enums import Play, System
from ..domain.schedule import last_round
from ..domain.records import TournamentFile
from ..pairing.next_round import NotReady, next_round_number, pair_next
from ..pairing import PairingImpossible
from ..records import record_of
from .entries import close_entries
from ..signals import round_closed, round_published
from .refused import Refused
from .tables import matches_of


@transaction.atomic
def generate_round(tournament: Tournament, user=None) -> Round:
    """Pair the next round as a draft; refused as `next_round_to_start` says (a draft open, a round not closed, the end).

    A Swiss round leaves its excused players out of the pairing and gives
    each an `excused` match; an all-play-all round plays the table fixed at
    round 1 (whose length replaces the announced rounds then), and a
    scheduled game of a withdrawn or excused player is made a forfeit won by
    the opponent (docs/tournament-rules.md, All-play-all).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    number, record = next_round_to_start(tournament, user)
    try:
        pairing = pair_next(record)
    except NotReady as reason:
        raise Refused(_sentence(reason)) from None
    except PairingImpossible as impossible:
        raise Refused(impossible.message) from None
    if number == 1 and record.settings.system == System.ALL_PLAY_ALL:
        fix_all_play_all_rounds(tournament, record)
    round_ = Round.objects.create(tournament=tournament, number=pairing.round, status=Round.DRAFT)
    Match.objects.bulk_create(matches_of(round_, pairing, {p.number: p for p in tournament.players.all()}))
    bump(tournament.pk)  # bulk_create sends no signals
    audit.record(tournament, user, "round paired", f"Round {round_.number}", after=audit.tables_of(round_))
    return round_


def next_round_to_start(tournament: Tournament, user=None) -> tuple[int, TournamentFile]:
    """The round the organiser may start next (by the engine or by hand) and the record to pair it from.

    `Refused`, saying why not, while a draft is open (the record holds no drafts: the rows decide that), and
    for whatever `next_round.next_round_number` decides (a round not closed, too few players, the end).
    Round 1 closes the entries.  Call it in the transaction, with the tournament's row locked.
    """
    draft = tournament.rounds.filter(status=Round.DRAFT).first()
    if draft is not None:
        raise Refused(f"Round {draft.number} is a draft already: publish it, or delete it first.")
    if not tournament.rounds.exists():
        if tournament.players.count() < 2:
            raise Refused("A round needs at least two players.")
        close_entries(tournament, user)
    record = record_of(tournament, with_logs=False)  # pairing reads results, never move logs
    try:
        return next_round_number(record), record
    except NotReady as reason:
        raise Refused(_sentence(reason)) from None


def _sentence(reason: NotReady) -> str:
    """`NotReady`'s words as a sentence for the organiser."""
    words = str(reason)
    return words[:1].upper() + words[1:] + "."


def fix_all_play_all_rounds(tournament: Tournament, record) -> None:
    """Round 1 of an all-play-all fixes the number of rounds to the table's; it replaces the announced number."""
    rounds = last_round(record)
    if rounds and rounds != tournament.rounds_announced:
        before = tournament.rounds_announced
        tournament.rounds_announced = rounds
        tournament.save(update_fields=["rounds_announced"])
        audit.record(tournament, None, "settings changed", tournament.name,
                     before={"rounds_announced": before}, after={"rounds_announced": rounds})


@transaction.atomic
def swap_players(round_: Round, one: Player, other: Player, user=None) -> None:
    """Exchange two players' places in a draft round (either may be at a bye)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused("Only a draft round can be edited.", code="not-a-draft")
    if one.pk == other.pk:
        raise Refused("Choose two different players.")
    places = []
    for person in (one, other):
        match = round_.matches.filter(first=person).first() or round_.matches.filter(second=person).first()
        if match is None:
            raise Refused(f"{person.name} is not in this round.")
        places.append((match, "first" if match.first_id == person.pk else "second"))
    (match_a, side_a), (match_b, side_b) = places
    before = audit.tables_of(round_)
    if match_a.pk == match_b.pk:
        match_a.first, match_a.second = match_a.second, match_a.first
        match_a.reason = "edited by the organiser"
        match_a.save()
    else:
        setattr(match_a, side_a, other)
        setattr(match_b, side_b, one)
        for match in (match_a, match_b):
            match.reason = "edited by the organiser"
            match.save()
    old, new = _changed_lines(before, audit.tables_of(round_))
    audit.record(round_.tournament, user, "players swapped", f"Round {round_.number}: {one.name} and {other.name}",
                 before=old, after=new)


def _changed_lines(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    return [line for line in before if line not in after], [line for line in after if line not in before]


@transaction.atomic
def publish_round(round_: Round, user=None, *, starts_at=None) -> None:
    """Publish a draft.  Under the tournament's `play` setting "online" the round is played in game rooms from
    `starts_at` (default now): the rooms open in this same transaction (`round_published`, received by `rooms`)."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused(f"Round {round_.number} is already published.")
    put_out(round_, starts_at)
    tables, online = audit.tables_of(round_), online_fields(round_)
    audit.record(round_.tournament, user, "round published", f"Round {round_.number}",
                 after={**online, "tables": tables} if online else tables)
    round_published.send(sender=Round, round=round_)


def put_out(round_: Round, starts_at=None) -> None:
    """Mark the draft published, played as the tournament's `play` setting now says; an online round from
    `starts_at`, or now when none is given or it is already past (docs/online-play.md, Setting up)."""
    round_.status = Round.PUBLISHED
    round_.play = round_.tournament.play
    if round_.play == Play.ONLINE:
        round_.starts_at = start_from(starts_at)
    round_.save()


def start_from(wanted=None, now=None):
    """When an online round starts, asked for `wanted`: that time, or now when none is given or it is already
    past (docs/online-play.md, Setting up).  The one rule for publishing and for moving a start alike."""
    now = now or timezone.now()
    return max(wanted or now, now)


def online_fields(round_: Round) -> dict:
    """What the audit of a published online round says besides its tables: where and from when it is played."""
    if round_.play != Play.ONLINE:
        return {}
    return {"played": "online", "starts": round_.starts_at.isoformat(timespec="seconds")}


@transaction.atomic
def delete_draft(round_: Round, user=None) -> None:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused("Only a draft round can be deleted.", code="not-a-draft")
    audit.record(round_.tournament, user, "draft deleted", f"Round {round_.number}", before=audit.tables_of(round_))
    round_.delete()


@transaction.atomic
def close_round(round_: Round, user=None) -> None:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.PUBLISHED:
        raise Refused(f"Round {round_.number} is not an open round.")
    pending = round_.matches.filter(status=Match.PENDING).count()
    if pending:
        raise Refused(f"Round {round_.number} still has {pending} match{'es' if pending > 1 else ''} without a result.",
                      code="results-missing")
    round_.status = Round.COMPLETE
    round_.save()
    audit.record(round_.tournament, user, "round closed", f"Round {round_.number}")
    round_closed.send(sender=Round, round=round_)
