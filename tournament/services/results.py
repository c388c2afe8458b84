"""A match's result: checking what was typed or logged, entering it (or correcting it), reading it back."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import audit
from ..domain.entry import PLAYER, ResultEntry
from ..domain.records import MatchRecord
from ..domain.results import MAX_SCORE, ScoreFault, both_complete, check_scores
from ..domain.text import result_text
from ..domain.game_logs import log_mismatch
from ..domain.values import is_whole, storable
from ..models import AuditEntry, Match, Round, Submission
from ..signals import result_entered
from .refused import Refused


def check_played_result(entry: ResultEntry, match: Match | None = None):
    """The scores, flags and log a played result records, or `Refused` naming what is wrong.

    With a log (read once, when the entry was built: `entry.reading`), an
    invalid log is refused with the checker's message; a log that is not the
    match's game (its players in the match's order, mso rules, the
    tournament's clock) is refused saying what differs; typed scores, and the
    ticks typed with them, that disagree are refused (`_check_ticks`).  Two
    ways through, for the organiser or arbiter: `log_names_are_players` when
    the log names the players by other names (an online platform's user
    names: the log's first is still the match's first), and `first_is_second`
    when the players sat the wrong way round (`entry.seated`: the scores and
    flags, typed per player, are then put in that order).  A player's own
    form has neither (`entry.by` is PLAYER): its refusal points to an arbiter.
    """
    scores, flagged = entry.played_scores, entry.played_flags
    report = entry.reading
    if report is not None:
        if not report.valid:
            where = "" if report.event is None else f"event {report.event}: "
            raise Refused(f"The move log is not valid ({report.code}): {where}{report.message}", "log")
        if match is not None:  # the services always say whose result it is; a bare check is of the log alone
            _check_log_is_the_game(report.log, match, entry)
        if scores is not None and scores != report.scores:
            raise Refused(f"The typed scores {scores} disagree with the move log, which gives {report.scores}.", "scores")
        _check_ticks(scores, flagged, report.flagged, _log_order(match, entry))
        if not storable(report.log):
            # The checker has refused non-finite numbers and surrogates; a NUL is valid
            # JSON and passes, but PostgreSQL's jsonb cannot store it.
            raise Refused("The move log holds a NUL character (\\u0000), which cannot be stored: remove it.", "log")
        return report.scores, report.flagged, report.log
    if scores is None:
        raise Refused("Enter six scores for each player, or a move log.", "scores")
    try:
        scores = check_scores(scores)
    except ScoreFault as fault:
        if is_whole(fault.value):
            raise Refused(f"A score is between 0 and {MAX_SCORE}, not {fault.value}.", "scores") from None
        raise Refused(f"The scores {fault.problem}.", "scores") from None
    if both_complete(scores):
        raise Refused(f"{MAX_SCORE} in all six colours ends the game at once: only one player can have it.", "scores")
    return scores, list(flagged or [False, False]), None


def _log_order(match: Match | None, entry: ResultEntry) -> tuple[str, str]:
    """The players' names in the order the log and the checked scores have them (who played first, first)."""
    if match is None:
        return "the first player", "the second player"
    first, second = entry.seated(match.first, match.second)
    return first.name, second.name


def _check_ticks(scores, flagged, logged: list[bool], names: tuple[str, str]) -> None:
    """The one rule for the 'ran out of time' ticks beside a log, on the organiser's form and a player's alike.

    Ticks typed with the scores (or any tick at all) are part of the result
    someone typed, so they must agree with the log, as the scores must; with
    the log alone (no score typed, no box ticked) the log's own flags count.
    The refusal names each player whose tick differs, and which way.
    """
    if flagged is None or (scores is None and not any(flagged)):
        return
    faults = []
    for name, ticked, ran_out in zip(names, flagged, logged):
        if ran_out and not ticked:
            faults.append(f"the log has {name} running out of time, but {name}'s 'ran out of time' box is not ticked")
        elif ticked and not ran_out:
            faults.append(f"{name}'s 'ran out of time' box is ticked, but in the log {name} did not run out of time")
    if faults:
        raise Refused(f"The 'ran out of time' ticks disagree with the move log: {'; '.join(faults)}.", "flagged")


def _check_log_is_the_game(log: dict, match: Match, entry: ResultEntry) -> None:
    first, second = entry.seated(match.first, match.second)
    names = log.get("players") or []
    if entry.log_names_are_players and len(names) == 2:
        log = dict(log, players=[first.name, second.name])  # the organiser says who the log's names are
    mismatch = log_mismatch(log, first.name, second.name, match.round.tournament.clock_s)
    if mismatch:
        # The two ways through concern the log's names only: no tick makes another rule set or clock this game.
        named = len(names) == 2 and log_mismatch(dict(log, players=[first.name, second.name]), first.name,
                                                   second.name, match.round.tournament.clock_s) is None
        ways = ""
        if named and entry.by == PLAYER:  # the ticks are on the arbiter's form only (forms.results.PlayerResultForm)
            ways = "; send the scores without the log, or ask an arbiter, who can accept it"
        elif named:
            ways = ("; if the log names the players by other names, tick 'the log's players are these players', "
                    "and if they sat the other way round, tick 'swap who played first'")
        raise Refused(f"The move log is not this match's game: {mismatch}{ways}.", "log")


def identity_notes(match: Match, log: dict | None, entry: ResultEntry) -> dict:
    """What the audit keeps of the two ways through: whose names the log used, who played first."""
    notes = {}
    if not (entry.first_is_second or (entry.log_names_are_players and log)):
        return notes
    labels = audit.labels_now(match.round.tournament)  # two players of one name told apart, as the pages do
    first, second = (labels.get(p.pk, p.name) for p in entry.seated(match.first, match.second))
    if entry.first_is_second:
        notes["played first"] = f"{first} (the match had {second} first)"
    if entry.log_names_are_players and log:
        notes["log names"] = f"{log['players'][0]} is {first}, {log['players'][1]} is {second}"
    return notes


# What the audit calls each change `enter_result` makes: confirmed through the links, entered, corrected, removed.
RESULT_ACTIONS = ("result confirmed by the opponent", "result entered", "result corrected", "result removed")


@transaction.atomic
def enter_result(match: Match, entry: ResultEntry, *, user=None, correction: bool = False,
                 version: int | None = None) -> Match:
    """Record a match's result (`entry`: what it is, who sent it).  A second entry is refused unless it is an
    explicit `correction`; `version` is the match's version the form showed, when it came from one.

    `user` is the organiser or arbiter entering it, the confirming Player
    when a result sent through the private links is confirmed, or the game
    room.  Entering a result settles the players' submissions still open on
    the match.
    """
    match = Match.objects.select_for_update(of=("self",)).select_related(
        "round", "round__tournament", "first", "second", "forfeit_winner").get(pk=match.pk)
    if match.round.status == Round.DRAFT:
        raise Refused("Publish the round before entering results.")
    if match.second_id is None:  # a bye or an excused absence
        raise Refused(f"{'A bye' if match.status == Match.BYE else 'An excused absence'} has no result to enter.")
    if match.round.status == Round.COMPLETE:  # docs/tournament-rules.md, "Changing a round already out"
        raise Refused(f"Round {match.round.number} is closed: an organiser reopens it to correct a result.",
                      code="round-closed")
    # A form filled in from an older version is told who changed it since, before anything else:
    # two people saving the same result at once must learn that the other's was kept.
    if version is not None and version != match.version:
        raise Refused(changed_since(match))
    if match.status != Match.PENDING and not correction:
        raise Refused("This match already has a result; correct it explicitly if it is wrong.")
    before = audit.result_of(match)
    notes = {}
    status, forfeit_winner = entry.status, entry.forfeit_winner
    if status == Match.PLAYED:
        match.scores, (match.first_flagged, match.second_flagged), match.log = check_played_result(entry, match)
        notes = identity_notes(match, match.log, entry)
        # The record says who really played first; the checked scores are already in that order.
        match.first, match.second = entry.seated(match.first, match.second)
        match.forfeit_winner = None
    elif status == Match.FORFEIT:
        if forfeit_winner is not None and forfeit_winner.pk not in (match.first_id, match.second_id):
            raise Refused("The winner of a forfeit must be one of the two players.", "forfeit_winner")
        match.scores, match.log = None, None
        match.first_flagged = match.second_flagged = False
        match.forfeit_winner = forfeit_winner
    elif status == Match.PENDING and correction:
        match.scores, match.log, match.forfeit_winner = None, None, None
        match.first_flagged = match.second_flagged = False
    else:
        raise Refused(f"Unknown result kind {status!r}.", "status")
    match.status = status
    match.entered_by = audit.who(user)[0]
    match.entered_at = timezone.now()
    match.version += 1
    match.clean()  # the model's own invariants, after the checks above: a failure here is a bug, not input
    match.save()
    if status != Match.PENDING:
        match.submissions.open().update(
            status=Submission.SETTLED, answered_at=match.entered_at)
    if entry.by == PLAYER:
        action = RESULT_ACTIONS[0]
    else:
        action = RESULT_ACTIONS[1] if before is None else RESULT_ACTIONS[3 if status == Match.PENDING else 2]
    after = audit.result_of(match)
    audit.record(match.round.tournament, user, action, audit.match_subject(match), before=before,
                 after={**after, **notes} if after and notes else after)
    if status != Match.PENDING:  # a game room still playing the match stops (rooms.apps)
        result_entered.send(sender=Match, match=match, user=user, by_absence=entry.by_absence)
    return match


def changed_since(match: Match) -> str:
    """The sentence for someone whose form showed an older version of the match's result: who changed it, when."""
    last = (AuditEntry.objects.filter(tournament=match.round.tournament_id, subject=audit.match_subject(match),
                                      action__in=RESULT_ACTIONS).order_by("-at", "-pk").only("who", "at").first())
    who = last.who if last is not None else (match.entered_by or "someone")
    at = last.at if last is not None else match.entered_at
    when = timezone.localtime(at).strftime("%H:%M:%S") if at else "just now"
    return f"This result was changed by {who} at {when}; here it is now. Your entry was not saved."


def result_summary(match: Match, labels: dict[int, str] | None = None) -> str:
    """The result as an organiser reads it back (`domain.text.result_text`, with the players' names): "Ann Able
    ½–½ Ben Baker", "Ann Able 1–0 Ben Baker (forfeit)"; with `labels` (`records.player_labels`), each player as
    the pages show them ("Ann Able (Leeds) 1–0 Ben Baker").  A match without a result: its status."""
    if not match.has_result:
        return match.get_status_display()
    names = tuple(labels.get(pk, str(player)) if labels else str(player)
                  for pk, player in ((match.first_id, match.first), (match.second_id, match.second)))
    record = MatchRecord(first=match.first_id, second=match.second_id, status=match.status, scores=match.scores,
                         winner=match.forfeit_winner_id)
    return result_text(record, names)
