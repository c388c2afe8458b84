"""Pairing a round by hand (`docs/tournament-rules.md`, "By hand"): the draft editor's writes and its check.

A draft starts empty or from the engine's pairing; the organiser then puts
any two players at a table (either one first), gives any player the bye,
takes a player out, or starts again.  `check_round` says, after each edit,
every rule the draft breaks (`pairing.draft_check`); `publish_draft` asks for
an explicit confirmation before publishing a draft that breaks an absolute
rule, and the audit records it with the rules broken.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from .. import audit
from ..serving.versions import bump, bump_round
from ..domain.enums import System
from ..models import ExcusedAbsence, Match, Player, Round, Tournament
from ..pairing.next_round import entrants, outside_table, table_idle
from ..pairing.draft_check import DraftCheck, DraftTable, check
from ..records import record_of
from ..signals import round_published
from .absences import cancel_excuse, excuse_player
from .refused import Refused
from .rounds import delete_draft, fix_all_play_all_rounds, generate_round, next_round_to_start, online_fields, put_out

BY_HAND = "paired by hand"


def check_round(round_: Round) -> DraftCheck:
    """Every pairing rule the round's tables break, against each player's state before the round.

    In an all-play-all the table decides who is idle (an odd field) and which games are forfeits (a withdrawn
    or excused player's): both are its normal course, not breaches (docs/tournament-rules.md, All-play-all).
    """
    tournament = round_.tournament
    # The field of the table is read from round 1, a draft too; no rule reads a move log.
    record = record_of(tournament, include_drafts=True, with_logs=False)
    state = entrants(record, round_.number)
    number = dict(tournament.players.values_list("pk", "number"))
    tables = [DraftTable(m.table, number[m.first_id], number.get(m.second_id), m.status == Match.EXCUSED,
                         m.status == Match.FORFEIT) for m in round_.matches.all()]
    excused = frozenset(ExcusedAbsence.objects.filter(
        player__tournament=tournament, round_number=round_.number, status=ExcusedAbsence.APPROVED,
    ).values_list("player__number", flat=True))
    if record.settings.system == System.SWISS:
        return check(state, tables, excused)
    idle = {table_idle(record, round_.number)} - {None} | outside_table(record)
    return check(state, tables, excused, criteria=False, idle=frozenset(idle))


def draft_warnings(round_: Round) -> list[str]:
    """Each pairing rule the round's tables break, in words (`check_round`'s lines)."""
    return check_round(round_).lines


def unplaced(round_: Round) -> list[Player]:
    """The tournament's players who are at no table of the round (nor on its bye, nor excused in it)."""
    placed = set()
    for first, second in round_.matches.values_list("first_id", "second_id"):
        placed.update((first, second))
    return [p for p in round_.tournament.players.order_by("seed") if p.pk not in placed]


def _draft(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused(f"Round {round_.number} is not a draft: take it back to a draft first.")
    return round_


def _free(round_: Round, players: list[Player]) -> list[str]:
    """Take the players out of the draft: each one's table goes, and a partner left alone is unplaced."""
    left_alone = []
    for match in round_.matches.filter(Q(first__in=players) | Q(second__in=players)).select_related("first", "second"):
        for person in (match.first, match.second):
            if person is not None and person not in players:
                left_alone.append(person.name)
        match.delete()
    return left_alone


def _renumber(round_: Round) -> None:
    """Tables 1, 2, ... in their order: games, then the bye, then excused absences."""
    kinds = {Match.PENDING: 0, Match.BYE: 1, Match.EXCUSED: 2}
    rows = sorted(round_.matches.all(), key=lambda m: (kinds.get(m.status, 0), m.table))
    for offset, match in enumerate(rows):  # two passes keep the unique (round, table) happy
        match.table = 10000 + offset
    Match.objects.bulk_update(rows, ["table"])
    for number, match in enumerate(rows, start=1):
        match.table = number
    Match.objects.bulk_update(rows, ["table"])
    bump_round(round_)  # bulk_update sends no signals


def _edited(round_: Round, user, action: str, subject: str, before: list[str]) -> None:
    _renumber(round_)
    old, new = audit.changed_lines(before, audit.tables_of(round_))
    audit.record(round_.tournament, user, action, f"Round {round_.number}: {subject}", before=old, after=new)


def _next_table(round_: Round) -> int:
    return (max(round_.matches.values_list("table", flat=True), default=0) or 0) + 1


@transaction.atomic
def seat_pair(round_: Round, first: Player, second: Player, user=None) -> list[str]:
    """Put two players at a new table, `first` playing first; whoever they leave alone is unplaced (returned)."""
    round_ = _draft(round_)
    if first.pk == second.pk:
        raise Refused("Choose two different players: nobody plays themself.", "second")
    for person in (first, second):
        if person.tournament_id != round_.tournament_id:
            raise Refused(f"{person.name} is not a player of this tournament.")
    before = audit.tables_of(round_)
    left_alone = _free(round_, [first, second])
    Match.objects.create(round=round_, table=_next_table(round_), first=first, second=second, reason=BY_HAND)
    _edited(round_, user, "draft edited", f"{first.name} v {second.name}", before)
    return left_alone


@transaction.atomic
def give_bye(round_: Round, player: Player, user=None) -> list[str]:
    """Give the player the round's bye; a player who had it, or the player's opponent, is unplaced (returned)."""
    round_ = _draft(round_)
    if player.tournament_id != round_.tournament_id:
        raise Refused(f"{player.name} is not a player of this tournament.")
    before = audit.tables_of(round_)
    holders = [m.first for m in round_.matches.filter(status=Match.BYE).select_related("first") if m.first_id != player.pk]
    left_alone = _free(round_, [player] + holders) + [p.name for p in holders]
    Match.objects.create(round=round_, table=_next_table(round_), first=player, status=Match.BYE, reason=BY_HAND)
    _edited(round_, user, "draft edited", f"bye to {player.name}", before)
    return left_alone


@transaction.atomic
def unseat(round_: Round, player: Player, user=None) -> list[str]:
    """Take the player out of the draft; an excused player's absence from the round is cancelled with it."""
    round_ = _draft(round_)
    match = round_.matches.filter(Q(first=player) | Q(second=player)).first()
    if match is None:
        raise Refused(f"{player.name} has no table in this draft.")
    before = audit.tables_of(round_)
    absence = ExcusedAbsence.objects.filter(player=player, round_number=round_.number).first()
    if match.status == Match.EXCUSED and absence is not None:
        cancel_excuse(absence, user=user)
    left_alone = _free(round_, [player])
    _edited(round_, user, "draft edited", f"{player.name} taken out", before)
    return left_alone


@transaction.atomic
def excuse_in_draft(round_: Round, player: Player, user=None) -> list[str]:
    """Excuse the player from the draft's round (`absences.excuse_player`) and take them from their table."""
    round_ = _draft(round_)
    excuse_player(player, round_.number, user=user)
    before = audit.tables_of(round_)
    left_alone = _free(round_, [player])
    Match.objects.create(round=round_, table=_next_table(round_), first=player, status=Match.EXCUSED,
                         reason="excused from this round (an excused absence)")
    _edited(round_, user, "draft edited", f"{player.name} excused", before)
    return left_alone


@transaction.atomic
def clear_draft(round_: Round, user=None) -> None:
    """Start the draft again from empty: every table and the bye go (excused absences stay)."""
    round_ = _draft(round_)
    before = audit.tables_of(round_)
    round_.matches.exclude(status=Match.EXCUSED).delete()  # each match's signal bumps its round
    _edited(round_, user, "draft emptied", "every table cleared", before)


@transaction.atomic
def publish_draft(round_: Round, user=None, despite_breaches: bool = False, starts_at=None) -> DraftCheck:
    """Publish the draft; one that breaks an absolute rule only with `despite_breaches`, audited with the rules.
    Online (the tournament's `play`), it is played from `starts_at` (`rounds.put_out`) and its rooms open now."""
    round_ = _draft(round_)
    if not round_.matches.exists():
        raise Refused(f"The draft of round {round_.number} is empty: put the players at tables first.")
    result = check_round(round_)
    broken = [b.text for b in result.breaches if b.rule == "absolute"]
    if broken and not despite_breaches:
        raise Refused(f"The draft breaks {len(broken)} absolute rule{'s' if len(broken) > 1 else ''} "
                      "(listed above): tick the confirmation to publish it all the same.")
    put_out(round_, starts_at)
    after = {**online_fields(round_), "tables": audit.tables_of(round_)}
    if broken:
        after["published despite"] = broken
    audit.record(round_.tournament, user, "round published despite broken rules" if broken else "round published",
                 f"Round {round_.number}", after=after)
    round_published.send(sender=Round, round=round_)  # an online round's rooms open, in this transaction
    return result


@transaction.atomic
def repair_with_engine(round_: Round, user=None) -> Round:
    """The draft deleted and the round paired again by the engine, in one go: if the engine is stuck, the draft stays."""
    round_ = _draft(round_)
    delete_draft(round_, user=user)
    return generate_round(round_.tournament, user=user)


@transaction.atomic
def start_by_hand(tournament: Tournament, user=None) -> Round:
    """The next round as an empty draft to pair by hand (excused absences already in it)."""
    round_ = _new_round(tournament, user)
    excused = ExcusedAbsence.objects.filter(player__tournament=tournament, round_number=round_.number,
                                            status=ExcusedAbsence.APPROVED).select_related("player")
    Match.objects.bulk_create(
        Match(round=round_, table=table, first=absence.player, status=Match.EXCUSED, reason="excused absence")
        for table, absence in enumerate(excused, start=1))
    bump(tournament.pk)
    audit.record(tournament, user, "round started by hand", f"Round {round_.number}", after=audit.tables_of(round_))
    return round_


def _new_round(tournament: Tournament, user=None) -> Round:
    """An empty draft for the next round, refused as the engine's draft is (`rounds.next_round_to_start`)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    number, record = next_round_to_start(tournament, user)
    if number == 1 and record.settings.system == System.ALL_PLAY_ALL:
        fix_all_play_all_rounds(tournament, record)
    return Round.objects.create(tournament=tournament, number=number, status=Round.DRAFT)
