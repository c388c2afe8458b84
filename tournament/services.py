"""The organiser's actions, each one transaction: views call these and nothing else writes.

Every refusal is a `Refused` with a sentence for the organiser (and the form
field it concerns, where there is one).  Nothing is half-written: each
function runs inside `transaction.atomic()`, and generating a round locks the
tournament row, so two clicks at once make one round.
"""

from __future__ import annotations

import csv
import io
import json
import random

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from games.engine import check_text

from . import audit
from .cache import bump
from .models import Match, Player, Round, Submission, Tournament, new_link_token
from .next_round import NotReady, entrants, pair_next
from .pairing import PairingImpossible
from .pairing.sides import faults
from .records import import_record, record_of, unique_slug
from .domain.results import MAX_SCORE, ScoreFault, both_complete, check_scores, game_half_points
from .domain.text import format_vp
from .domain.values import is_whole, storable


class Refused(Exception):
    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


# --- tournaments and entries ----------------------------------------------------------


@transaction.atomic
def create_tournament(name: str, user=None, **settings) -> Tournament:
    tournament = Tournament.objects.create(name=name.strip(), slug=unique_slug(name), **settings)
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


@transaction.atomic
def update_settings(tournament: Tournament, user=None, **settings) -> Tournament:
    """Change a tournament's name or settings; the system is fixed once round 1 exists."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = audit.settings_of(tournament)
    if "name" in settings:
        settings["name"] = (settings["name"] or "").strip()
        if not settings["name"]:
            raise Refused("A tournament needs a name.", "name")
    if entries_closed(tournament) and settings.get("system", tournament.system) != tournament.system:
        raise Refused("The pairing system is fixed once round 1 has been paired.", "system")
    for field, value in settings.items():
        if field not in audit.SETTINGS:
            raise Refused(f"{field} is not a setting.")
        setattr(tournament, field, value)
    old, new = audit.changed(before, audit.settings_of(tournament))
    if new:
        tournament.save()
        audit.record(tournament, user, "settings changed", tournament.name, before=old, after=new)
    return tournament


# --- who may do what ---------------------------------------------------------------------

ROLES = ("organiser", "arbiter")


def _role_set(tournament: Tournament, role: str):
    if role not in ROLES:
        raise Refused(f"A role is organiser or arbiter, not {role!r}.", "role")
    return tournament.organisers if role == "organiser" else tournament.arbiters


@transaction.atomic
def add_role(tournament: Tournament, person, role: str, user=None) -> None:
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    members = _role_set(tournament, role)
    if members.filter(pk=person.pk).exists():
        raise Refused(f"{person.get_username()} is already an {role} of this tournament.", "username")
    members.add(person)
    audit.record(tournament, user, f"{role} added", person.get_username())


@transaction.atomic
def remove_role(tournament: Tournament, person, role: str, user=None) -> None:
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    members = _role_set(tournament, role)
    if not members.filter(pk=person.pk).exists():
        raise Refused(f"{person.get_username()} is not an {role} of this tournament.")
    if role == "organiser" and members.count() == 1:
        raise Refused("A tournament keeps at least one organiser: add another before removing this one.")
    members.remove(person)
    audit.record(tournament, user, f"{role} removed", person.get_username())


@transaction.atomic
def renew_link(player: Player, user=None) -> Player:
    """A new private link for the player; the old one stops working at once."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.link_token = new_link_token()
    player.save(update_fields=["link_token"])
    audit.record(player.tournament, user, "private link renewed", player.name)
    return player


def entries_closed(tournament: Tournament) -> bool:
    return tournament.rounds.exists()


@transaction.atomic
def add_player(tournament: Tournament, name: str, rating: int | None = None, club: str = "", user=None) -> Player:
    """An entry; after round 1 has been generated, a late entry joining at the next round."""
    name = (name or "").strip()
    if not name:
        raise Refused("Every player needs a name.", "name")
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    highest = tournament.players.aggregate(number=Max("number"), seed=Max("seed"))
    joined = 1
    if entries_closed(tournament):
        joined = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        if tournament.rounds.filter(status=Round.DRAFT).exists():
            joined -= 1  # the draft round can still take the newcomer once regenerated
    player = Player.objects.create(
        tournament=tournament,
        number=(highest["number"] or 0) + 1,
        seed=(highest["seed"] or 0) + 1,
        name=name,
        rating=rating,
        club=(club or "").strip(),
        joined_round=max(1, joined),
    )
    audit.record(tournament, user, "late entry" if joined > 1 else "player added", player.name,
                 after=audit.player_of(player))
    return player


def parse_players_csv(text: str) -> list[tuple[str, int | None, str]]:
    """Rows of name, rating, club (a header line is allowed); a bad row names its line."""
    rows = []
    reader = csv.reader(io.StringIO(text))
    for line_number, row in enumerate(reader, start=1):
        if not row or not any(cell.strip() for cell in row):
            continue
        cells = [cell.strip() for cell in row] + ["", ""]
        name, rating_text, club = cells[0], cells[1], cells[2]
        if line_number == 1 and name.lower() == "name":
            continue
        if not name:
            raise Refused(f"Line {line_number}: the name is empty.", "file")
        rating = None
        if rating_text:
            try:
                rating = int(rating_text)
            except ValueError:
                raise Refused(f"Line {line_number}: the rating {rating_text!r} is not a whole number.", "file") from None
        rows.append((name, rating, club))
    if not rows:
        raise Refused("The file has no players in it.", "file")
    return rows


@transaction.atomic
def import_players_csv(tournament: Tournament, text: str, user=None) -> list[Player]:
    """All rows or none."""
    return [add_player(tournament, name, rating, club, user=user) for name, rating, club in parse_players_csv(text)]


def _close_entries(tournament: Tournament) -> list[str]:
    """Fix the seed order once: rating, highest first; the rest by a random draw, shown to all."""
    players = list(tournament.players.all())
    rng = random.SystemRandom()
    draw = {p.pk: rng.random() for p in players}
    ordered = sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0), draw[p.pk]))
    for offset, player in enumerate(ordered):  # two passes keep the unique constraint happy
        player.seed = 100000 + offset
    Player.objects.bulk_update(ordered, ["seed"])
    for seed, player in enumerate(ordered, start=1):
        player.seed = seed
    Player.objects.bulk_update(ordered, ["seed"])
    tournament.system = tournament.resolved_system(len(players))
    tournament.save(update_fields=["system"])
    bump(tournament.pk)  # bulk_update sends no signals
    return [p.name for p in ordered]


# --- rounds ----------------------------------------------------------------------------


@transaction.atomic
def generate_round(tournament: Tournament, user=None) -> Round:
    """Pair the next round as a draft.  Refused while a round is a draft or has pending matches."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.filter(status=Round.DRAFT).exists():
        raise Refused("A draft round already exists: publish or delete it first.")
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != Round.COMPLETE:
        raise Refused(f"Round {last.number} is not closed yet: enter its results and close it first.")
    if last is None:
        if tournament.players.count() < 2:
            raise Refused("A round needs at least two players.")
        _close_entries(tournament)
    record = record_of(tournament)
    try:
        pairing = pair_next(record)
    except NotReady as reason:
        raise Refused(str(reason)) from None
    except PairingImpossible as impossible:
        raise Refused(impossible.message) from None
    round_ = Round.objects.create(tournament=tournament, number=pairing.round, status=Round.DRAFT)
    players = {p.number: p for p in tournament.players.all()}
    matches = [
        Match(round=round_, table=table, first=players[t.first], second=players[t.second], reason=t.reason[:300])
        for table, t in enumerate(pairing.tables, start=1)
    ]
    if pairing.bye is not None:
        matches.append(
            Match(round=round_, table=len(matches) + 1, first=players[pairing.bye], status=Match.BYE,
                  reason=pairing.bye_reason[:300])
        )
    Match.objects.bulk_create(matches)
    bump(tournament.pk)  # bulk_create sends no signals
    audit.record(tournament, user, "round paired", f"Round {round_.number}", after=audit.tables_of(round_))
    return round_


def draft_warnings(round_: Round) -> list[str]:
    """Each pairing rule the (edited) draft breaks, in words."""
    tournament = round_.tournament
    record = record_of(tournament)
    state = {e.id: e for e in entrants(record, round_.number)}
    warnings = []
    byes_left = any(e.active and e.byes == 0 for e in state.values())
    for match in round_.matches.select_related("first", "second"):
        people = [match.first] + ([match.second] if match.second else [])
        for person in people:
            if not state[person.number].active:
                warnings.append(f"Table {match.table}: {person.name} does not play this round (withdrawn or not yet joined).")
        if match.second is None:
            if state[match.first.number].byes and byes_left:
                warnings.append(f"Table {match.table}: {match.first.name} gets a second bye while others have had none.")
            continue
        first, second = state[match.first.number], state[match.second.number]
        if second.id in first.opponents:
            warnings.append(f"Table {match.table}: {match.first.name} and {match.second.name} have met before.")
        if faults(first.sides, "F"):
            warnings.append(f"Table {match.table}: {match.first.name} playing first breaks the first-move rules.")
        if faults(second.sides, "S"):
            warnings.append(f"Table {match.table}: {match.second.name} playing second breaks the first-move rules.")
    return warnings


@transaction.atomic
def swap_players(round_: Round, one: Player, other: Player, user=None) -> None:
    """Exchange two players' places in a draft round (either may be at a bye)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused("Only a draft round can be edited.")
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
def publish_round(round_: Round, user=None) -> None:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused(f"Round {round_.number} is already published.")
    round_.status = Round.PUBLISHED
    round_.save()
    audit.record(round_.tournament, user, "round published", f"Round {round_.number}", after=audit.tables_of(round_))


@transaction.atomic
def delete_draft(round_: Round, user=None) -> None:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.DRAFT:
        raise Refused("Only a draft round can be deleted.")
    audit.record(round_.tournament, user, "draft deleted", f"Round {round_.number}", before=audit.tables_of(round_))
    round_.delete()


@transaction.atomic
def close_round(round_: Round, user=None) -> None:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.PUBLISHED:
        raise Refused(f"Round {round_.number} is not an open round.")
    pending = round_.matches.filter(status=Match.PENDING).count()
    if pending:
        raise Refused(f"Round {round_.number} still has {pending} match{'es' if pending > 1 else ''} without a result.")
    round_.status = Round.COMPLETE
    round_.save()
    audit.record(round_.tournament, user, "round closed", f"Round {round_.number}")


@transaction.atomic
def withdraw(player: Player, after_round: int, user=None) -> None:
    if after_round < 0:
        raise Refused("A round number is 0 or more.", "after_round")
    player = Player.objects.select_for_update().get(pk=player.pk)
    before = player.withdrawn_after_round
    player.withdrawn_after_round = after_round
    player.save(update_fields=["withdrawn_after_round"])
    audit.record(player.tournament, user, "player withdrawn", player.name,
                 before={"withdrawn after round": before}, after={"withdrawn after round": after_round})


# --- results ----------------------------------------------------------------------------


def check_played_result(scores, flagged, log_text: str | None):
    """The scores and flags a played result records, or `Refused` naming what is wrong.

    With a log, the engine replays it: an invalid log is refused with the
    checker's message; typed scores or flags that disagree are refused.
    """
    if log_text:
        report = check_text(log_text)
        if not report.valid:
            where = "" if report.event is None else f"move {report.event}: "
            raise Refused(f"The move log is not valid ({report.code}): {where}{report.message}", "log")
        if report.levels is None or len(report.scores) != 2:
            raise Refused("A tournament game is a two-player game under mso or kosmos rules.", "log")
        if scores is not None and scores != report.scores:
            raise Refused(f"The typed scores {scores} disagree with the move log, which gives {report.scores}.", "scores")
        if flagged is not None and any(flagged) and list(flagged) != report.flagged:
            raise Refused("The 'ran out of time' ticks disagree with the move log.", "flagged")
        log = json.loads(log_text)
        if not storable(log):
            # The checker has refused non-finite numbers and surrogates; a NUL is valid
            # JSON and passes, but PostgreSQL's jsonb cannot store it.
            raise Refused("The move log holds a NUL character (\\u0000), which cannot be stored: remove it.", "log")
        return report.scores, report.flagged, log
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


@transaction.atomic
def enter_result(match: Match, *, status: str, user=None, scores=None, flagged=None, log_text=None,
                 forfeit_winner: Player | None = None, correction: bool = False, version: int | None = None) -> Match:
    """Record a match's result.  A second entry is refused unless it is an explicit correction.

    `user` is the organiser or arbiter entering it, or the confirming Player
    when a result sent through the private links is confirmed.  Entering a
    result settles the players' submissions still open on the match.
    """
    match = Match.objects.select_for_update(of=("self",)).select_related(
        "round", "round__tournament", "first", "second", "forfeit_winner").get(pk=match.pk)
    if match.round.status == Round.DRAFT:
        raise Refused("Publish the round before entering results.")
    if match.status == Match.BYE:
        raise Refused("A bye has no result to enter.")
    if match.status != Match.PENDING and not correction:
        raise Refused("This match already has a result; correct it explicitly if it is wrong.")
    if version is not None and version != match.version:
        who = match.entered_by or "someone"
        when = timezone.localtime(match.entered_at).strftime("%H:%M:%S") if match.entered_at else "just now"
        raise Refused(f"This result was changed by {who} at {when}; here it is now. Your entry was not saved.")
    before = audit.result_of(match)
    if status == Match.PLAYED:
        match.scores, (match.first_flagged, match.second_flagged), match.log = check_played_result(scores, flagged, log_text)
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
        match.submissions.filter(status__in=(Submission.WAITING, Submission.DISPUTED)).update(
            status=Submission.SETTLED, answered_at=match.entered_at)
    if isinstance(user, Player):
        action = "result confirmed by the opponent"
    else:
        action = "result entered" if before is None else ("result removed" if status == Match.PENDING else "result corrected")
    audit.record(match.round.tournament, user, action, audit.match_subject(match), before=before,
                 after=audit.result_of(match))
    return match


def result_summary(match: Match) -> str:
    """The result as an organiser reads it back."""
    if match.status == Match.PLAYED:
        first, second = game_half_points(*match.scores)
        return f"{match.first} {format_vp(first)} – {format_vp(second)} {match.second}"
    if match.status == Match.FORFEIT:
        winner = match.forfeit_winner or "nobody (both absent)"
        return f"forfeit, won by {winner}"
    return match.get_status_display()


# --- results sent by the players through their private links ------------------------------------------


def current_match(player: Player) -> Match | None:
    """The player's game in the latest published round, if they play one (a bye is not a game)."""
    round_ = player.tournament.rounds.exclude(status=Round.DRAFT).order_by("-number").first()
    if round_ is None:
        return None
    return (round_.matches.select_related("round", "first", "second", "forfeit_winner")
            .filter(Q(first=player) | Q(second=player)).exclude(status=Match.BYE).first())


def _players_match(player: Player, match: Match) -> Match:
    """The match, locked, once it is sure the player plays in it and it can still take a result."""
    match = Match.objects.select_for_update(of=("self",)).select_related(
        "round", "round__tournament", "first", "second").get(pk=match.pk)
    if player.pk not in (match.first_id, match.second_id):
        raise Refused("This is not your game.")
    if match.round.status != Round.PUBLISHED:
        raise Refused(f"Round {match.round.number} is closed: ask an arbiter to change its results.")
    if match.status != Match.PENDING:
        raise Refused("This game already has a result; if it is wrong, tell an arbiter.")
    return match


@transaction.atomic
def submit_result(player: Player, match: Match, *, scores=None, flagged=None, log_text=None) -> Submission:
    """A player sends their game's result; it waits for the opponent to confirm it.

    The same result sent by both players counts at once.  A player may send
    theirs again while it waits (the newest replaces it); after a dispute,
    only an arbiter decides.
    """
    match = _players_match(player, match)
    scores, flagged, log = check_played_result(scores, flagged, log_text)
    open_ = list(match.submissions.filter(status__in=(Submission.WAITING, Submission.DISPUTED)))
    if any(s.status == Submission.DISPUTED for s in open_):
        raise Refused("The result of this game is disputed: an arbiter will settle it.")
    theirs = [s for s in open_ if s.by_id != player.pk]
    if theirs:
        sent = theirs[0]
        if sent.scores == scores and [sent.first_flagged, sent.second_flagged] == list(flagged):
            return answer_submission(player, sent, agree=True)
        raise Refused(f"{sent.by.name} has already sent a result: confirm it, or dispute it and say what is wrong.")
    for mine in open_:  # a result sent again replaces the one still waiting
        mine.status, mine.answered_at = Submission.SETTLED, timezone.now()
        mine.note = "replaced by a newer result from the same player"
        mine.save()
    submission = Submission.objects.create(match=match, by=player, scores=scores, first_flagged=flagged[0],
                                           second_flagged=flagged[1], log=log)
    audit.record(match.round.tournament, player, "result sent", audit.match_subject(match),
                 after=audit.scores_of(match, scores, flagged))
    return submission


@transaction.atomic
def answer_submission(player: Player, submission: Submission, *, agree: bool, note: str = "") -> Submission:
    """The opponent confirms (the result counts) or disputes (it waits for an arbiter) a sent result."""
    match = _players_match(player, submission.match)
    submission = Submission.objects.select_for_update().select_related("by").get(pk=submission.pk)
    if submission.match_id != match.pk or submission.status != Submission.WAITING:
        raise Refused("That result is no longer waiting for an answer.")
    if submission.by_id == player.pk:
        raise Refused("Your opponent confirms the result you sent, not you.")
    submission.answered_at = timezone.now()
    flagged = [submission.first_flagged, submission.second_flagged]
    if agree:
        submission.status = Submission.CONFIRMED
        submission.save()
        log_text = json.dumps(submission.log) if submission.log is not None else None
        enter_result(match, status=Match.PLAYED, user=player, scores=submission.scores, flagged=flagged,
                     log_text=log_text)
        Match.objects.filter(pk=match.pk).update(confirmed_at=submission.answered_at)
        return submission
    note = (note or "").strip()
    if not note:
        raise Refused("Say what is wrong with the result, so the arbiter knows.", "note")
    submission.status, submission.note = Submission.DISPUTED, note[:300]
    submission.save()
    audit.record(match.round.tournament, player, "result disputed", audit.match_subject(match),
                 before=audit.scores_of(match, submission.scores, flagged), after={"reason": note})
    return submission


@transaction.atomic
def reinstate(player: Player, user=None) -> None:
    """Undo a withdrawal: the player is paired again from the next round generated."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.withdrawn_after_round is None:
        raise Refused(f"{player.name} is not withdrawn.")
    before = player.withdrawn_after_round
    player.withdrawn_after_round = None
    player.save(update_fields=["withdrawn_after_round"])
    audit.record(player.tournament, user, "player reinstated", player.name,
                 before={"withdrawn after round": before}, after={"withdrawn after round": None})
