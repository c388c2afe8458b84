"""The timetable: an online Swiss that runs itself (docs/online-event.md, The timetable).

Stored state, driven by each server process's sweep (`rooms.sweeper`): `sweep` looks for tournaments with
`auto` on, not stopped, whose latest published round has every result in, and `advance`s each under its row lock
(the lock and the re-check make it exactly once across processes: a second process finds the round closed and
the next one published).  Advancing closes the round, withdraws its absent players, pairs the next round as
`pair_next` would (`rounds.generate_round`) and publishes it to start `round_break_s` after the round's last game
ended; the round's mails go with the publication.  When the engine cannot go on it stops and says why
(`stop`: the dashboard, the desk, a mail to the organisers); `go_on` resumes it.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from .. import audit, letters
from ..domain.schedule import finished
from ..models import Match, Player, Round, Tournament
from ..records import record_of
from .players import PLAY, withdraw
from .refused import Refused
from .rounds import close_round, generate_round, publish_round

logger = logging.getLogger("tournament.timetable")
TIMETABLE = "timetable"  # who the audit says acted


def sweep(now=None) -> int:
    """Advance every tournament whose timetable has something to do; how many moved on."""
    candidates = (Tournament.objects.filter(auto=True, timetable_stopped="", rounds__status=Round.PUBLISHED)
                  .values_list("pk", flat=True).distinct())
    moved = 0
    for pk in list(candidates):
        if not _due(pk):  # read first: `advance` takes the write lock (SQLite: the whole database's), every second
            continue
        try:
            moved += bool(advance(pk, now))
        except Exception:  # noqa: BLE001 - one tournament's fault must not hold up the others
            logger.exception("the timetable of tournament %s failed; trying again", pk)
    return moved


def _due(tournament_pk: int) -> bool:
    """Whether the tournament's latest round is published with every result in (read without a lock)."""
    latest = Round.objects.filter(tournament_id=tournament_pk).order_by("-number").first()
    return (latest is not None and latest.status == Round.PUBLISHED
            and not latest.matches.filter(status=Match.PENDING).exists())


@transaction.atomic
def advance(tournament_pk: int, now=None) -> str | None:
    """Close the latest round if its last result is in, and publish the next; what was done, in words, or None."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_pk)
    if not tournament.auto or tournament.timetable_stopped:
        return None
    round_ = tournament.rounds.order_by("-number").first()
    if round_ is None or round_.status != Round.PUBLISHED or round_.matches.filter(status=Match.PENDING).exists():
        return None
    ended = round_.matches.aggregate(at=Max("entered_at"))["at"] or now or timezone.now()
    close_round(round_, TIMETABLE)
    absent = withdraw_absent(round_)
    record = record_of(tournament, with_logs=False)
    if finished(record):
        audit.record(tournament, TIMETABLE, "tournament finished", f"after round {round_.number}")
        return "finished"
    try:
        draft = generate_round(tournament, TIMETABLE)
    except Refused as why:
        stop(tournament, f"Round {round_.number + 1} could not be paired: {why.message} Pair it by hand and "
                         "publish it, then press \"Go on\".")
        return "stopped"
    publish_round(draft, TIMETABLE, starts_at=ended + timedelta(seconds=tournament.round_break_s))
    return f"round {draft.number} published" + (f"; withdrawn as absent: {', '.join(absent)}" if absent else "")


def withdraw_absent(round_: Round) -> list[str]:
    """Withdraw after `round_` each player who lost a game of it by absence (no placement before their time ran
    out: the room's forfeit), so no opponent is paired against an empty seat; their names."""
    lost = round_.matches.filter(status=Match.FORFEIT)
    names = []
    for match in lost.select_related("first", "second"):
        for player in (match.first, match.second):
            if player is not None and match.forfeit_winner_id != player.pk and player.withdrawn_after_round is None:
                withdraw(player, round_.number, TIMETABLE, pending=PLAY)
                letters.withdrawn_as_absent(player, round_.number)
                names.append(player.name)
    return names


def stop(tournament: Tournament, why: str, actor=TIMETABLE) -> bool:
    """Stop the timetable, saying why (dashboard, desk, a mail to the organisers); False if it was not running.
    Call it in the transaction of what made it stop."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.auto or tournament.timetable_stopped:
        return False
    tournament.timetable_stopped = why[:300]
    tournament.save(update_fields=["timetable_stopped"])
    audit.record(tournament, actor, "timetable stopped", why[:200])
    letters.to_organisers(tournament, "the timetable stopped", f"The timetable of {tournament.name} stopped:\n\n"
                          f"{why}\n\nPress \"Go on\" on the dashboard once it can go on.\n")
    return True


@transaction.atomic
def stop_by_hand(tournament: Tournament, user=None) -> None:
    """The organiser stops the timetable: no round is closed, paired or published by it until "Go on"."""
    if not stop(tournament, "Stopped by the organiser.", user):
        raise Refused("The timetable is not running.")


@transaction.atomic
def go_on(tournament: Tournament, user=None) -> None:
    """"Go on": the timetable resumes from where the event stands (the next sweep closes, pairs and publishes)."""
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


def come_back_round(tournament: Tournament) -> int:
    """The round a player coming back now plays from: the first round not paired yet."""
    return (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def come_back(player: Player) -> int:
    """"I'm back": a player withdrawn (as absent, or by themself) plays again from the next round not paired;
    the rounds missed have no match and score 0 VP.  The round they play from; `Refused` when none is left."""
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
    tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
    if player.withdrawn_after_round is None:
        raise Refused("You are not withdrawn: you are paired in the rounds to come.")
    back_at = come_back_round(tournament)
    if back_at > tournament.rounds_announced:
        raise Refused(f"Round {back_at - 1} is the last round and is paired already: there is no round left to "
                      "come back to.")
    before = player.withdrawn_after_round
    player.withdrawn_after_round = None
    player.save(update_fields=["withdrawn_after_round"])
    audit.record(tournament, player, "player back", player.name, before={"withdrawn after round": before},
                 after={"plays again from round": back_at})
    return back_at


@transaction.atomic
def withdraw_myself(player: Player) -> int:
    """A player withdraws through their private link from the next round not paired on; a game of theirs still
    under way is played (or lost on time).  The last round they take part in."""
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
    if player.withdrawn_after_round is not None:
        raise Refused(f"You withdrew already, after round {player.withdrawn_after_round}.")
    tournament = player.tournament
    if tournament.rounds.filter(status=Round.DRAFT).filter(
            Q(matches__first=player) | Q(matches__second=player)).exists():
        raise Refused("The next round is being paired with you in it: ask the organiser to withdraw you.")
    last = tournament.rounds.exclude(status=Round.DRAFT).aggregate(n=Max("number"))["n"] or 0
    withdraw(player, max(last, player.joined_round - 1), player, pending=PLAY)
    player.refresh_from_db()
    return player.withdrawn_after_round
