"""The timetable: an online Swiss that runs itself (docs/online-event.md, The timetable).

Stored state, driven by each server process's sweep (`rooms.sweeper`): `sweep` looks for tournaments with `auto`
on and not stopped that have something due (`plan`), and `advance`s each under its row lock (the lock and the
re-check make it exactly once across processes: a second process finds the round closed and the next one
published).  What is due, in order: the entry form closes at its closing time (by default the event's start less
`round_lead_s`); round 1 is paired and published `round_lead_s` before the event's start; a published round whose
last result is in closes at once (standings move); the next round is paired as `pair_next` would
(`rounds.generate_round`) and published `lead_of(round_lead_s, round_break_s)` before its start, which is
`round_break_s` after the round's last game ended, so a player may withdraw or come back during the break.  A
player who loses a game by absence is withdrawn after that round at once and told (`absent_lost`): "I'm back"
(`players.come_back`) undoes it until the next round is published.  When the engine cannot go on it stops and
says why (`stop`: the dashboard, the desk, a mail to the organisers); `go_on` resumes it, at once when the break
has passed.

Lock order: the tournament's row first (here, and in every press of a player: `players.locked`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone

from .. import audit, letters
from ..domain.schedule import finished
from ..domain.timetable import lead_of
from ..models import Match, Round, Tournament
from ..records import record_of
from ..serving.site_url import absolute
from ..zones import time_in
from .players import PLAY, locked, withdraw
from .refused import Refused
from .rounds import close_round, generate_round, publish_round

logger = logging.getLogger("tournament.timetable")
TIMETABLE = "timetable"  # who the audit says acted


@dataclass(frozen=True)
class Plan:
    """What the timetable does next for a tournament, read without a lock: `step` is one of
    "entries" (close the entry form at `at`), "pair" (pair round `number` at `at`, to start at `starts_at`),
    "close" (close round `number` now: every result is in), "games" (wait for `games` games of round `number`),
    "draft" (round `number` is a draft: the organiser publishes it), "reopened" (an earlier round is open again for
    a correction), "start" (no start set for round 1), "finished"; `at` is when the step is due (None: when what it waits for happens)."""
    step: str
    number: int = 0
    at: datetime | None = None
    starts_at: datetime | None = None
    games: int = 0

    def due(self, now: datetime) -> bool:
        return self.step == "close" or (self.step in ("entries", "pair") and self.at is not None and now >= self.at)


def entries_close_time(tournament: Tournament) -> datetime | None:
    """When the entry form closes by itself: the closing time set, else the event's start less the lead."""
    if tournament.entries_close_at is not None:
        return tournament.entries_close_at
    if tournament.starts_at is not None:
        return tournament.starts_at - timedelta(seconds=tournament.round_lead_s)
    return None


def round_ended(round_: Round, now: datetime) -> datetime:
    """When a round's last game ended: its last result's time (now, for a round without one)."""
    return round_.matches.aggregate(at=Max("entered_at"))["at"] or now


def plan(tournament: Tournament, now: datetime | None = None) -> Plan:
    """What the timetable does next (`Plan`), from the rows as they stand; the dashboard says it, `sweep` does it."""
    now = now or timezone.now()
    latest = tournament.rounds.order_by("-number").first()
    if latest is None:
        closes = entries_close_time(tournament)
        if tournament.entries and closes is not None and now >= closes:
            return Plan("entries", 1, closes)
        if tournament.starts_at is None:
            return Plan("start", 1)
        lead = timedelta(seconds=tournament.round_lead_s)
        return Plan("pair", 1, tournament.starts_at - lead, _start(tournament.starts_at, lead, now))
    if latest.status == Round.DRAFT:
        return Plan("draft", latest.number)
    if latest.status == Round.PUBLISHED:
        games = latest.matches.filter(status=Match.PENDING).count()
        return Plan("games", latest.number, games=games) if games else Plan("close", latest.number, now)
    reopened = tournament.rounds.filter(status=Round.PUBLISHED).values_list("number", flat=True).first()
    if reopened is not None:  # reopened to correct a result: the organiser closes it again
        return Plan("reopened", reopened)
    if latest.number >= tournament.rounds_announced:  # the announced number is the last round's (an all-play-all's)
        return Plan("finished", latest.number)
    starts_at = round_ended(latest, now) + timedelta(seconds=tournament.round_break_s)
    lead = timedelta(seconds=lead_of(tournament.round_lead_s, tournament.round_break_s))
    return Plan("pair", latest.number + 1, starts_at - lead, _start(starts_at, lead, now))


def _start(planned: datetime, lead: timedelta, now: datetime) -> datetime:
    """The start a round paired now is published with: as planned; once that has passed (the timetable was
    stopped, or the servers down), the lead from now, so that its players still have it to come."""
    return planned if planned > now else now + lead


def sweep(now=None) -> int:
    """Advance every tournament whose timetable has something due; how many moved on."""
    now = now or timezone.now()
    moved = 0
    for tournament in Tournament.objects.filter(auto=True, timetable_stopped=""):
        if not plan(tournament, now).due(now):  # read first: `advance` takes the write lock (SQLite: the whole
            continue                            # database's), every second
        try:
            moved += bool(advance(tournament.pk, now))
        except Exception:  # noqa: BLE001 - one tournament's fault must not hold up the others
            logger.exception("the timetable of tournament %s failed; trying again", tournament.pk)
    return moved


@transaction.atomic
def advance(tournament_pk: int, now=None) -> str | None:
    """Do what is due now, under the tournament's row lock: close the entries, close a round whose last result is
    in, pair and publish the next round once its time has come; what was done, in words, or None."""
    now = now or timezone.now()
    tournament = Tournament.objects.select_for_update().get(pk=tournament_pk)
    if not tournament.auto or tournament.timetable_stopped:
        return None
    return _step(tournament, now)


def _step(tournament: Tournament, now: datetime) -> str | None:
    """`advance`'s work, with the tournament's row locked: each step due now, in order; what was done."""
    done = []
    for _ in range(3):  # at most: the entries, then round 1; or a round closed, then the next paired
        step = plan(tournament, now)
        if not step.due(now):
            break
        if step.step == "entries":
            _close_entry_form(tournament)
            done.append("entries closed")
        elif step.step == "close":
            done.append(_close(tournament, step.number))
            if done[-1] == "finished":
                break
        else:
            done.append(_pair_and_publish(tournament, step))
            break
    return "; ".join(done) or None


def _close_entry_form(tournament: Tournament) -> None:
    before = tournament.entries
    tournament.entries = ""
    tournament.save(update_fields=["entries"])
    audit.record(tournament, TIMETABLE, "settings changed", tournament.name, before={"entries": before},
                 after={"entries": ""})


def _close(tournament: Tournament, number: int) -> str:
    """Close round `number` (every result in): standings move; "finished" after the last round."""
    round_ = tournament.rounds.get(number=number)
    close_round(round_, TIMETABLE)
    if finished(record_of(tournament, with_logs=False)):
        if tournament.entries:  # the event is over: nobody can enter it any more
            _close_entry_form(tournament)
        audit.record(tournament, TIMETABLE, "tournament finished", f"after round {number}")
        return "finished"
    return f"round {number} closed"


def _pair_and_publish(tournament: Tournament, step: Plan) -> str:
    """Pair round `step.number` as `pair_next` would and publish it to start at `step.starts_at`; a round the
    engine cannot pair stops the timetable, saying why."""
    try:
        draft = generate_round(tournament, TIMETABLE)
    except Refused as why:
        stop(tournament, f"Round {step.number} could not be paired: {why.message} Pair it by hand and publish it, "
                         "then press \"Go on\".")
        return "stopped"
    publish_round(draft, TIMETABLE, starts_at=step.starts_at)
    return f"round {draft.number} published"


def absent_lost(match: Match) -> list[str]:
    """A game lost by absence (no placement before the player's time ran out, or the arbiter's forfeit for a
    no-show) in an event the timetable runs: each absent player is withdrawn after this round at once, and told so
    (their page, their finished room, a message), so no opponent is paired against an empty seat; "I'm back"
    before the next round is published undoes it.  Their names.  In the result's transaction."""
    tournament, number = match.round.tournament, match.round.number
    if not tournament.auto or match.status != Match.FORFEIT or number >= tournament.rounds_announced:
        return []  # the last round: no round to come to withdraw them from
    names = []
    for player in (match.first, match.second):
        if player is None or match.forfeit_winner_id == player.pk:
            continue
        player = locked(player)
        if player.withdrawn_after_round is not None:
            continue
        try:
            with transaction.atomic():
                withdraw(player, number, TIMETABLE, pending=PLAY)
        except Refused as why:  # the result stands whatever: an arbiter sees the player on the dashboard
            logger.warning("%s lost round %s by absence and could not be withdrawn: %s", player.name, number,
                           why.message)
            continue
        letters.withdrawn_as_absent(player, number)
        names.append(player.name)
    return names


def on_result_entered(sender=None, *, match, by_absence=False, **kwargs) -> None:
    """`result_entered`'s receiver: a game lost by absence withdraws its absent players (`absent_lost`)."""
    if by_absence:
        absent_lost(match)


def stop(tournament: Tournament, why: str, actor=TIMETABLE) -> bool:
    """Stop the timetable, saying why (dashboard, desk, a mail to the organisers); False if it was not running
    (a second stop keeps the first reason and mails nobody).  Call it in the transaction of what made it stop."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.auto or tournament.timetable_stopped:
        return False
    tournament.timetable_stopped = why[:300]
    tournament.save(update_fields=["timetable_stopped"])
    audit.record(tournament, actor, "timetable stopped", why[:200])
    dashboard = absolute(reverse("manage:dashboard", args=[tournament.slug]))
    letters.to_organisers(tournament, "the timetable stopped", f"The timetable of {tournament.name} stopped:\n\n"
                          f"{why}\n\nPress \"Go on\" on the dashboard once it can go on:\n\n{dashboard}\n")
    return True


@transaction.atomic
def stop_by_hand(tournament: Tournament, user=None) -> None:
    """The organiser stops the timetable: no round is closed, paired or published by it until "Go on"."""
    if not stop(tournament, "Stopped by the organiser.", user):
        raise Refused("The timetable is not running.")


@transaction.atomic
def go_on(tournament: Tournament, user=None, now=None) -> str:
    """"Go on": the timetable resumes from where the event stands, doing at once what is due (a closed round
    whose break has passed is paired and published now); what it did, or what comes next, in words.  Refused,
    saying why and staying stopped, when the round due still cannot be paired."""
    now = now or timezone.now()
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.auto:
        raise Refused("The timetable is off: turn it on in Settings (an online tournament only).")
    if not tournament.timetable_stopped:
        raise Refused("The timetable is running already.")
    draft = tournament.rounds.filter(status=Round.DRAFT).first()
    if draft is not None:
        raise Refused(f"Round {draft.number} is a draft: publish it (or delete it) first; the timetable then goes on.")
    before = tournament.timetable_stopped
    tournament.timetable_stopped = ""
    tournament.save(update_fields=["timetable_stopped"])
    audit.record(tournament, user, "timetable goes on", before=before)
    with transaction.atomic():  # a pairing that fails again leaves the stop as it was, and says why
        done = _step(tournament, now)
        tournament.refresh_from_db(fields=["timetable_stopped"])
        if tournament.timetable_stopped:
            raise Refused(tournament.timetable_stopped)
    return done or next_words(tournament, now)


def next_words(tournament: Tournament, now: datetime | None = None) -> str:
    """What the timetable does next, in a sentence for the organiser ("Round 3 is paired at 14:31:05 GMT and
    starts at 14:32:05 GMT.")."""
    step = plan(tournament, now)
    if step.step == "pair":
        return (f"Round {step.number} is paired at {time_in(step.at, tournament)} and starts at "
                f"{time_in(step.starts_at, tournament)}.")
    if step.step == "games":
        return f"Waiting for {step.games} game{'s' if step.games != 1 else ''} of round {step.number} to end."
    if step.step == "close":
        return f"Round {step.number} has every result: it closes now."
    if step.step == "entries":
        return "The entry form closes now."
    if step.step == "reopened":
        return f"Round {step.number} is open again for a correction: close it, and the timetable goes on."
    if step.step == "draft":
        return f"Round {step.number} is a draft: publish it, and the timetable goes on from there."
    if step.step == "start":
        return "Round 1 waits for the event's start: set it in Settings, or pair and publish round 1 by hand."
    return "The tournament is finished."


def last_done(tournament: Tournament):
    """The timetable's last entry in the audit (what it did last), or None."""
    return tournament.audit.filter(who=TIMETABLE).order_by("-at", "-pk").first()
