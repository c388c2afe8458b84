"""Results the players send through their private links: the opponent confirms, or disputes for an arbiter."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .. import audit
from ..domain.entry import ResultEntry
from ..domain.text import format_vp
from ..models import Match, Player, Round, Submission, Tournament
from .players import withdrawn_words
from .refused import Refused
from .results import check_played_result, enter_result


def current_match(player: Player) -> Match | None:
    """The player's game in the latest published round, if they play one (a bye or an excused absence is not a game)."""
    round_ = player.tournament.rounds.exclude(status=Round.DRAFT).order_by("-number").first()
    if round_ is None:
        return None
    return (round_.matches.select_related("round", "first", "second", "forfeit_winner")
            .filter(Q(first=player) | Q(second=player)).exclude(second__isnull=True).first())


def no_game_reason(player: Player) -> str:
    """Why the player has no game to report just now, said exactly: "No round is published yet.",
    "You have a bye in round 6 (1 VP).", "You are excused from round 6.", "You sit out round 6: ..." (the idle
    player of an odd all-play-all), "You withdrew after round 4: ..." (or "You are withdrawn after missing round 4: ..."), "You have no game in round 6."."""
    round_ = player.tournament.rounds.exclude(status=Round.DRAFT).order_by("-number").first()
    if round_ is None:
        return "No round is published yet."
    solo = round_.matches.filter(first=player, second__isnull=True).values_list("status", flat=True).first()
    if solo == Match.BYE:  # the bye's VP is the tournament's setting (docs/tournament-rules.md, Byes)
        return f"You have a bye in round {round_.number} ({format_vp(player.tournament.bye_half_points)} VP)."
    if solo == Match.EXCUSED:
        return f"You are excused from round {round_.number}."
    number = round_.number
    if player.withdrawn_after_round is not None and player.withdrawn_after_round < number:
        return f"{withdrawn_words(player)}: you have no game in round {number}."
    if player.joined_round > number:
        return f"You join the tournament at round {player.joined_round}."
    tournament = player.tournament
    if tournament.resolved_system(tournament.players.count()) == Tournament.ALL_PLAY_ALL:
        return (f"You sit out round {number}: with an odd number of players, the all-play-all leaves one player "
                "idle each round (no game, no VP).")
    return f"You have no game in round {number}."


def _players_match(player: Player, match: Match) -> Match:
    """The match, locked, once it is sure the player plays in it and it can still take a result."""
    match = Match.objects.select_for_update(of=("self",)).select_related(
        "round", "round__tournament", "first", "second").get(pk=match.pk)
    if player.pk not in (match.first_id, match.second_id):
        raise Refused("This is not your game.")
    if match.round.status != Round.PUBLISHED:
        # Only an organiser reopens a round (docs/tournament-rules.md, "Changing a round already out").
        raise Refused(f"Round {match.round.number} is closed: ask the organiser, who reopens it to correct a result.",
                      code="round-closed")
    if match.status != Match.PENDING:
        raise Refused("This game already has a result; if it is wrong, tell an arbiter.")
    return match


# How often one player may send the result of one game through their link: enough for every honest
# correction; without a limit, each send kept another move log of up to 1 MB.
MAX_SENDS_PER_GAME = 10

# What the site writes in a submission's `note` itself; every other note is the disputing player's own reason.
REPLACED_NOTE = "replaced by a newer result from the same player"
SENT_WITH_DISPUTE_NOTE = "the scores sent with the dispute"


@transaction.atomic
def submit_result(player: Player, match: Match, entry: ResultEntry) -> Submission:
    """A player sends their game's result; it waits for the opponent to confirm it.

    The same result sent by both players counts at once.  A player may send
    theirs again while it waits (the newest replaces it, and the older one's
    move log is dropped), up to `MAX_SENDS_PER_GAME` times; after a dispute,
    only an arbiter decides.  Sending exactly the result already waiting (six
    clicks on "Send") stores and audits nothing: the waiting submission comes
    back with `already_in` set.  The match's row lock taken first (IMMEDIATE
    transactions on SQLite) makes the sends of one game one after the other.
    """
    match = _players_match(player, match)  # locked: a second send of the same game waits here for the first
    scores, flagged, log = check_played_result(entry, match)
    open_ = list(match.submissions.open())
    if any(s.status == Submission.DISPUTED for s in open_):
        raise Refused("The result of this game is disputed: an arbiter will settle it.")
    same = next((s for s in open_ if s.by_id == player.pk and s.status == Submission.WAITING
                 and s.scores == scores and [s.first_flagged, s.second_flagged] == list(flagged) and s.log == log),
                None)
    if same is not None:  # a double click, or the page sent again: the result is already in, kept as it was
        same.already_in = True
        return same
    sent_before = match.submissions.filter(by=player).count()
    if sent_before >= MAX_SENDS_PER_GAME:
        raise Refused(f"You have sent the result of this game {sent_before} times, the most a link may: "
                      "ask an arbiter to enter it.", code="sends-used-up")
    theirs = [s for s in open_ if s.by_id != player.pk]
    if theirs:
        sent = theirs[0]
        if sent.scores == scores and [sent.first_flagged, sent.second_flagged] == list(flagged):
            return answer_submission(player, sent, agree=True)
        raise Refused(f"{sent.by.name} has already sent a result: confirm it, or dispute it and say what is wrong.",
                      code="opponent-sent")
    for mine in open_:  # a result sent again replaces the one still waiting; its log (up to 1 MB) goes
        mine.status, mine.answered_at, mine.log = Submission.SETTLED, timezone.now(), None
        mine.note = REPLACED_NOTE
        mine.save()
    submission = Submission.objects.create(match=match, by=player, scores=scores, first_flagged=flagged[0],
                                           second_flagged=flagged[1], log=log)
    audit.record(match.round.tournament, player, "result sent", audit.match_subject(match),
                 after=audit.scores_of(match, scores, flagged))
    return submission


@transaction.atomic
def answer_submission(player: Player, submission: Submission, *, agree: bool, note: str = "", scores=None,
                      flagged=None) -> Submission:
    """The opponent confirms (the result counts) or disputes (it waits for an arbiter) a sent result.

    A player who disputes may send the scores they hold right (and flags): they are kept as their own
    submission, disputed too, so that the arbiter has both results side by side and can use either.
    """
    match = _players_match(player, submission.match)
    submission = Submission.objects.select_for_update().select_related("by").get(pk=submission.pk)
    if submission.match_id != match.pk or submission.status != Submission.WAITING:
        raise Refused("That result is no longer waiting for an answer.")
    if submission.by_id == player.pk:
        raise Refused("Your opponent confirms the result you sent, not you.")
    submission.answered_at = timezone.now()
    sent_flags = [submission.first_flagged, submission.second_flagged]
    if agree:
        submission.status = Submission.CONFIRMED
        submission.save()
        enter_result(match, ResultEntry.confirmed(submission.scores, sent_flags, submission.log), user=player)
        Match.objects.filter(pk=match.pk).update(confirmed_at=submission.answered_at)
        return submission
    note = (note or "").strip()
    if not note:
        raise Refused("Say what is wrong with the result, so the arbiter knows.", "note")
    theirs = None
    if scores is not None:
        scores, own_flags, _log = check_played_result(ResultEntry.with_dispute(scores, flagged), match)
        theirs = Submission.objects.create(match=match, by=player, scores=scores, first_flagged=own_flags[0],
                                           second_flagged=own_flags[1], status=Submission.DISPUTED,
                                           note=SENT_WITH_DISPUTE_NOTE, answered_at=submission.answered_at)
    submission.status, submission.note = Submission.DISPUTED, note[:300]
    submission.save()
    after = {"reason": note}
    if theirs is not None:
        after["scores sent with it"] = audit.scores_of(match, theirs.scores, [theirs.first_flagged, theirs.second_flagged])
    audit.record(match.round.tournament, player, "result disputed", audit.match_subject(match),
                 before=audit.scores_of(match, submission.scores, sent_flags), after=after)
    return submission


@dataclass(frozen=True)
class SubmissionState:
    """What became of a sent result, for the pages: `words` ("Disputed by Fay Fox"), and `quote`, the note of
    `disputed_by` (the player who disputed) when there is one: never a note the site wrote itself."""

    words: str
    quote: str = ""
    disputed_by: Player | None = None


def _reason(submission: Submission) -> str:
    """The dispute's reason a submission holds: its note, unless the site wrote that note."""
    return "" if submission.note in (REPLACED_NOTE, SENT_WITH_DISPUTE_NOTE) else submission.note


def submission_states(match: Match, submissions) -> dict[int, SubmissionState]:
    """Each of the match's `submissions` (all it has that the page shows) by pk, with what became of it.

    The disputed result holds the disputing player's reason; the scores that
    player sent with the dispute were stamped with the same answer time, which
    pairs the two (an arbiter settling them stamps both alike).
    """
    submissions = list(submissions)
    settled = ", then settled by an arbiter or organiser"
    states = {}
    for sent in submissions:
        opponent = match.second if sent.by_id == match.first_id else match.first
        after = settled if sent.status == Submission.SETTLED else ""
        if sent.note == SENT_WITH_DISPUTE_NOTE:
            disputed = next((other for other in submissions if other.pk != sent.pk and _reason(other)
                             and other.answered_at == sent.answered_at), None)
            states[sent.pk] = SubmissionState(f"Sent with {sent.by.name}'s dispute{after}",
                                              _reason(disputed) if disputed else "", sent.by)
        elif sent.note == REPLACED_NOTE and sent.status == Submission.SETTLED:
            states[sent.pk] = SubmissionState(f"Replaced by {sent.by.name}'s later one")
        elif _reason(sent):
            states[sent.pk] = SubmissionState(f"Disputed by {opponent.name}{after}", _reason(sent), opponent)
        elif sent.status == Submission.WAITING:
            states[sent.pk] = SubmissionState(f"Waiting for {opponent.name} to confirm")
        elif sent.status == Submission.CONFIRMED:
            states[sent.pk] = SubmissionState(f"Confirmed by {opponent.name}")
        else:
            states[sent.pk] = SubmissionState(sent.get_status_display())
    return states


def shown_submission(open_: list[Submission], states: dict[int, SubmissionState]) -> Submission | None:
    """Of a match's open submissions (and their `submission_states`), the one its pages show: the one waiting
    for an answer, else the result disputed (it holds the reason), not the scores sent with the dispute."""
    def disputed(sent):
        return states[sent.pk].disputed_by is not None and sent.by_id != states[sent.pk].disputed_by.pk

    return next((s for s in open_ if s.status == Submission.WAITING or disputed(s)), open_[0] if open_ else None)


# Why a result typed by an organiser or arbiter is held once before it is saved over a player's open submission.
HELD_DISPUTED = "disputed"  # the players dispute the result: the one typing checks the slip first
HELD_DIFFERS = "differs"  # a player sent another result, not yet confirmed


def held_over_submission(entry: ResultEntry, submission: Submission | None, told_of: str = "") -> str | None:
    """Whether a typed result (`entry`) is held once because of the match's shown open `submission`
    (`shown_submission`), and why: `HELD_DISPUTED` or `HELD_DIFFERS`; None to save it.

    Held only until the one typing has been shown that submission (`told_of`, its pk as the page sent it
    back): a disputed result always, a waiting one when the typed scores or ticks differ from it.
    """
    if submission is None or str(submission.pk) == str(told_of):
        return None
    if submission.status == Submission.DISPUTED:
        return HELD_DISPUTED
    if entry.typed_result == (submission.scores, [submission.first_flagged, submission.second_flagged]):
        return None
    return HELD_DIFFERS


@dataclass(frozen=True)
class LinkForms:
    """Which forms a player's private-link page offers for their current game, and why (`why`, a code).

    `takes_result`: the game can still take a result (a refused form is shown again only then);
    `send`: the form to send the result (again, while one's own waits); `own_scores`: the scores one may give
    beside a dispute of the opponent's result."""

    takes_result: bool
    send: bool
    own_scores: bool
    why: str


def player_link_forms(player: Player, match: Match | None, submission: Submission | None) -> LinkForms:
    """The forms of `player`'s private page, for their current `match` and its shown open `submission`.

    No game, or a result already in: none ("no game", "has result").  A round no longer published: nothing to
    send ("closed"; an opponent's result still waiting keeps its dispute form whole, for the arbiter).  Nothing sent: the send form ("nothing sent").  Their own result waiting: the send form, to
    correct it ("mine waiting").  The opponent's waiting: confirm or dispute, with scores beside the dispute
    ("theirs waiting").  Disputed: only an arbiter decides ("disputed").
    """
    if match is None:
        return LinkForms(False, False, False, "no game")
    if match.status != Match.PENDING:
        return LinkForms(False, False, False, "has result")
    theirs_waiting = (submission is not None and submission.status == Submission.WAITING
                      and submission.by_id != player.pk)
    if match.round.status != Round.PUBLISHED:
        return LinkForms(False, False, theirs_waiting, "closed")
    if submission is None:
        return LinkForms(True, True, False, "nothing sent")
    if submission.status != Submission.WAITING:
        return LinkForms(True, False, False, "disputed")
    if submission.by_id == player.pk:
        return LinkForms(True, True, False, "mine waiting")
    return LinkForms(True, False, True, "theirs waiting")
