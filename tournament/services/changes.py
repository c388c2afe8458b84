"""Changing a round already out (`docs/tournament-rules.md`): taken back to a draft, or reopened to correct a result.

Only the latest round can be taken back, and only while none of its
matches has a result (nor a result sent by a player).  Any closed round can
be reopened; a correction in it names the later rounds, which were paired
on the old result and stand (pairings already played are never redone).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import audit, letters
from ..domain.enums import Play
from ..models import Round, Submission
from ..signals import round_start_moved, round_taken_back
from .refused import Refused
from .rounds import start_from
from .timetable import stop as stop_timetable
from ..zones import time_in


def later_rounds(round_: Round) -> list[int]:
    """The numbers of the rounds after this one, paired on its results as they stood."""
    return list(round_.tournament.rounds.filter(number__gt=round_.number).exclude(status=Round.DRAFT)
                .order_by("number").values_list("number", flat=True))


def stand_note(numbers: list[int]) -> str:
    """"Round 4 was paired on the old result; it stands." for the organiser, or nothing."""
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"Round {numbers[0]} was paired on the old result; it stands."
    listed = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
    return f"Rounds {listed} were paired on the old result; they stand."


def clocks_to_start(round_: Round, now=None) -> bool:
    """Whether the round is a published online round whose clocks have not started yet (its start is to come): until
    then its start may move and it may be taken back; from then on a game is ended by decision (docs/online-event.md,
    "Start time, and taking back an online round")."""
    return (round_.status == Round.PUBLISHED and round_.play == Play.ONLINE and round_.starts_at is not None
            and round_.starts_at > (now or timezone.now()))


@transaction.atomic
def take_back(round_: Round, user=None) -> Round:
    """A published round with no result yet back to a draft, to edit or re-pair it; players no longer see it.
    An online round only while none of its clocks has started (its rooms close: `round_taken_back`)."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.PUBLISHED:
        raise Refused(f"Round {round_.number} is {round_.get_status_display().lower()}: only a published round "
                      "with no result yet can be taken back to a draft.")
    latest = round_.tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    if latest != round_.number:
        raise Refused(f"Only the latest round can be taken back to a draft: round {latest} follows round {round_.number}.")
    decided = [m.table for m in round_.matches.all() if m.has_result and m.entered_at]
    if decided:
        tables = ", ".join(str(t) for t in decided)
        raise Refused(f"Round {round_.number} has results (table{'s' if len(decided) > 1 else ''} {tables}): "
                      "a round with results can only be corrected, not taken back.")
    sent = Submission.objects.open().filter(match__round=round_)
    if sent.exists():
        table = sent.select_related("match").first().match.table
        raise Refused(f"A player has sent a result for table {table}: settle it, or it would be lost.")
    if round_.play == Play.ONLINE and not clocks_to_start(round_):  # asked before the write, never vetoed after
        raise Refused(f"Round {round_.number} cannot be taken back: its clocks have started (at "
                      f"{time_in(round_.starts_at, round_.tournament)}). End a game by decision instead.")
    # An online round's rooms close (docs/online-event.md, "Start time and taking back an online round"); the
    # players are told (the mail listens too).  Same transaction.
    round_taken_back.send(sender=Round, round=round_, user=user)
    round_.status = Round.DRAFT
    round_.save()
    audit.record(round_.tournament, user, "round taken back to a draft", f"Round {round_.number}",
                 before=audit.tables_of(round_))
    stop_timetable(round_.tournament, f"Round {round_.number} was taken back to a draft: publish it again, then "
                                      "press \"Go on\".", user)
    if round_.play == Play.ONLINE:  # the players were mailed their games: tell them those are off (docs/online-event.md)
        letters.round_corrected(round_, f"Round {round_.number} was taken back by the organiser: the game you were "
                                        "sent is off. The new pairing and start time follow by mail.")
    return round_


@transaction.atomic
def move_start(round_: Round, starts_at=None, user=None) -> Round:
    """A published online round's start moved to `starts_at` (None, or a time already past: now) while no clock
    of it has started (docs/online-event.md, "Start time"): the rooms, the pages and the countdowns follow
    (`round_start_moved`, in this transaction), audited."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    now = timezone.now()
    if round_.status != Round.PUBLISHED or round_.play != Play.ONLINE:
        raise Refused(f"Round {round_.number} is not a published online round: its start is set when it is "
                      "published.", "starts_at")
    if not clocks_to_start(round_, now):
        raise Refused(f"Round {round_.number} started at {time_in(round_.starts_at, round_.tournament)}: its clocks "
                      "run, so its start can no longer be moved.", "starts_at")
    before = round_.starts_at
    round_.starts_at = start_from(starts_at, now)
    round_.save()
    round_start_moved.send(sender=Round, round=round_, before=before, starts_at=round_.starts_at, user=user)
    audit.record(round_.tournament, user, "start time moved", f"Round {round_.number}",
                 before={"starts": before.isoformat(timespec="seconds") if before else None},
                 after={"starts": round_.starts_at.isoformat(timespec="seconds")})
    return round_


@transaction.atomic
def reopen_round(round_: Round, user=None) -> list[int]:
    """A closed round opened again to correct a result; returns the later rounds, which stand."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.COMPLETE:
        raise Refused(f"Round {round_.number} is not closed: its results can be entered and corrected as it is.")
    round_.status = Round.PUBLISHED
    round_.save()
    later = later_rounds(round_)
    audit.record(round_.tournament, user, "round reopened", f"Round {round_.number}",
                 after={"later rounds (they stand)": later} if later else None)
    return later
