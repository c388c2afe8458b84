"""Excused absences (`docs/tournament-rules.md`, "Byes, forfeits, withdrawals": excused absence).

Before a round is paired, a player may be excused from it: the organiser
marks it (`excuse_player`), or the player asks through the private link
(`request_excuse`) and the organiser approves with one click
(`approve_excuse`).  Only an approved absence counts: the pairer leaves the
player out of that round (in an all-play-all their scheduled game becomes a
forfeit) and the standings give the excused VP.  `cancel_excuse` takes one
back, or declines a request.  Each is one transaction, audited; once the
round is published the absence is part of its record and stays.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import audit
from ..domain.enums import System
from ..domain.schedule import last_round
from ..models import ExcusedAbsence, Player, Round, Tournament
from ..pairing.next_round import table_idle
from ..records import record_of
from ..serving.versions import bump
from .refused import Refused


def _subject(player: Player, round_number: int) -> str:
    return f"{player.name}, round {round_number}"


def _check_round(player: Player, round_number) -> tuple[Player, int]:
    """The player (locked with the tournament) and the round, or `Refused` saying why not (field `round_number`).

    The round must be in the event, not published yet (a draft may still be
    edited or paired again), and one the player takes part in.
    """
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise Refused("The round is a whole number, 1 or more.", "round_number")
    tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
    player = Player.objects.select_for_update().get(pk=player.pk)
    record = record_of(tournament, with_logs=False)
    last = last_round(record)
    if round_number > last:
        raise Refused(f"Round {round_number} is beyond the event: it has {last} rounds.", "round_number")
    published = tournament.rounds.filter(number__gte=round_number).exclude(status=Round.DRAFT).order_by("number").first()
    if published is not None:
        raise Refused(f"Round {published.number} is already published: an absence is excused before its round is "
                      "paired.", "round_number")
    if round_number < player.joined_round:
        raise Refused(f"{player.name} joins at round {player.joined_round}.", "round_number")
    if player.withdrawn_after_round is not None and player.withdrawn_after_round < round_number:
        raise Refused(f"{player.name} withdrew after round {player.withdrawn_after_round}.", "round_number")
    # The all-play-all table, fixed at round 1, leaves one player of an odd field idle each round (docs/tournament-rules.md,
    # Byes): that player has no game in it to be excused from.
    if record.rounds and record.settings.system == System.ALL_PLAY_ALL and table_idle(record, round_number) == player.number:
        raise Refused(f"{player.name} has no game in round {round_number}: the all-play-all table leaves them idle "
                      "that round (no game, no VP), so there is nothing to excuse.", "round_number", code="idle-round")
    return player, round_number


def _state(absence: ExcusedAbsence) -> dict:
    return {"round": absence.round_number, "status": absence.get_status_display(),
            "asked through the private link": absence.requested_by_player}


@transaction.atomic
def excuse_player(player: Player, round_number: int, user=None) -> ExcusedAbsence:
    """The organiser excuses `player` from round `round_number`: approved at once (a waiting request is approved).

    Refused (field `round_number`) beyond the event, for a published round,
    before the player joins or after they withdrew, or when already excused.
    A draft of that round still holds the player: pair it again or edit it.
    """
    return _approve(player, round_number, user, "player excused")


def _approve(player: Player, round_number: int, user, action: str) -> ExcusedAbsence:
    player, round_number = _check_round(player, round_number)
    absence = ExcusedAbsence.objects.filter(player=player, round_number=round_number).first()
    if absence is not None and absence.approved:
        raise Refused(f"{player.name} is already excused from round {round_number}.", "round_number",
                      code="already-excused")
    before = _state(absence) if absence else None
    if absence is None:
        absence = ExcusedAbsence(player=player, round_number=round_number)
    absence.status = ExcusedAbsence.APPROVED
    absence.decided_by = user if getattr(user, "is_authenticated", False) else None
    absence.decided_at = timezone.now()
    absence.save()
    bump(player.tournament_id)
    audit.record(player.tournament, user, action, _subject(player, round_number),
                 before=before, after=_state(absence))
    return absence


@transaction.atomic
def request_excuse(player: Player, round_number: int) -> ExcusedAbsence:
    """The player asks, through their private link, to be excused from a round; it waits for the organiser.

    Refused as `excuse_player` is, and when already asked for or excused.
    """
    player, round_number = _check_round(player, round_number)
    absence = ExcusedAbsence.objects.filter(player=player, round_number=round_number).first()
    if absence is not None:
        already = "are already excused from" if absence.approved else "have already asked to be excused from"
        raise Refused(f"You {already} round {round_number}.", "round_number",
                      code="already-excused" if absence.approved else "already-asked")
    absence = ExcusedAbsence.objects.create(player=player, round_number=round_number,
                                            status=ExcusedAbsence.REQUESTED, requested_by_player=True)
    bump(player.tournament_id)
    audit.record(player.tournament, player, "excused absence asked for", _subject(player, round_number),
                 after=_state(absence))
    return absence


@transaction.atomic
def approve_excuse(absence: ExcusedAbsence, user=None) -> ExcusedAbsence:
    """The organiser approves a player's waiting request: the absence counts from now on.

    Refused when it is approved already, or when its round can no longer be excused (see `excuse_player`).
    """
    absence = ExcusedAbsence.objects.select_for_update().get(pk=absence.pk)
    if absence.approved:
        raise Refused(f"{absence.player.name} is already excused from round {absence.round_number}.",
                      code="already-excused")
    return _approve(absence.player, absence.round_number, user, "excused absence approved")


@transaction.atomic
def cancel_excuse(absence: ExcusedAbsence, user=None) -> None:
    """Take back an excused absence, or decline (or, as the player, withdraw) a waiting request.

    `user` is the organiser, or the `Player` themself through the private
    link (their own absence only).  Refused once the round is published: the
    absence is then part of that round's record.
    """
    try:
        absence = ExcusedAbsence.objects.select_for_update().select_related("player").get(pk=absence.pk)
    except ExcusedAbsence.DoesNotExist:
        raise Refused("That excused absence no longer exists.") from None
    player = absence.player
    if isinstance(user, Player) and user.pk != player.pk:
        raise Refused("A player can only take back their own absence.")
    tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
    if tournament.rounds.filter(number=absence.round_number).exclude(status=Round.DRAFT).exists():
        raise Refused(f"Round {absence.round_number} is already published: the absence is part of its record.")
    action = "excused absence cancelled" if absence.approved else "excused absence request declined"
    if isinstance(user, Player):
        action = "excused absence request withdrawn" if not absence.approved else action
    before = _state(absence)
    absence.delete()
    bump(tournament.pk)
    audit.record(tournament, user, action, _subject(player, absence.round_number), before=before)
