"""A player's entry changed: name, rating and club edited, removed before round 1, withdrawn with its rules.

A name and a club are taken under the names rule (`domain.names.checked_text`,
normalised; refused naming the field).  A name is compared with the other players' by `domain.names.name_key`, case,
accents and spaces aside ("zoe  angstrom" is Zoë Ångström): a second player of the same name is entered or renamed only when the
organiser confirms it.  A withdrawal (`docs/tournament-rules.md`, "Byes,
forfeits, withdrawals") names the last round the player takes part in: it is
refused beyond the event's last round or before a round the player already
has a result in; a game still to play in a later round is either forfeited
or left to be played (the player then takes part in that round).  Excused
absences from rounds after the withdrawal are cancelled with it (the
withdrawal's audit entry names them): a withdrawn player scores nothing more.

A player withdraws themself, or comes back ("I'm back"), through their
private link (docs/online-event.md): `withdraw_myself`, `come_back`; whether
a withdrawn player may still come back is `may_come_back`, asked by every
page that offers the button.

Lock order, the same in every write here and in the timetable: the
tournament's row first, then the player's (`locked`), so that a player's
press while the timetable pairs waits its turn instead of deadlocking.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max, Q

from .. import audit
from ..domain.entry import ResultEntry
from ..domain.values import RATING_RULE, is_rating
from ..domain.names import NameFault, checked_text, name_key
from ..domain.schedule import last_round
from ..domain.text import result_words
from ..models import Match, Player, Round, Tournament
from ..pairing import PairingImpossible
from ..pairing.next_round import NotReady, pair_next
from ..records import record_of
from ..serving.versions import bump
from .refused import Refused
from .results import enter_result
from .tables import matches_of

FORFEIT, PLAY = "forfeit", "play"


def locked(player: Player) -> Player:
    """The player's row locked, after their tournament's (the one lock order: the tournament's row first); the
    player comes with that locked tournament."""
    tournament = Tournament.objects.select_for_update().get(pk=player.tournament_id)
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.tournament = tournament
    return player


def same_name(tournament: Tournament, name: str, besides: Player | None = None) -> Player | None:
    """Another player of the tournament whose name is this one (`name_key`)."""
    wanted = name_key(name)
    for player in tournament.players.exclude(pk=besides.pk if besides else None):
        if name_key(player.name) == wanted:
            return player
    return None


def checked(text: str, what: str = "name", required: bool = True) -> str:
    """A name or a club under the names rule (`domain.names.checked_text`), normalised; `Refused` on its field."""
    try:
        return checked_text(text, what, required)
    except NameFault as fault:
        raise Refused(f"The {what} {fault}", what) from None


def check_new_name(tournament: Tournament, name: str, besides: Player | None, duplicate_ok: bool) -> str:
    """The name normalised, or `Refused` on the name field: against the names rule, or another player's without
    confirmation."""
    name = checked(name)
    twin = same_name(tournament, name, besides)
    if twin is not None and not duplicate_ok:
        raise Refused(f"{twin.name} is already entered (seed {twin.seed}): tick 'Another player of the same name' "
                      "if this really is someone else.", "name")
    return name


@transaction.atomic
def edit_player(player: Player, *, name: str, rating: int | None, club: str, duplicate_ok: bool = False,
                user=None) -> Player:
    """Change a player's name, rating or club; pages, sheets and files follow.  The seed order stays as fixed."""
    player = locked(player)
    name = check_new_name(player.tournament, name, player, duplicate_ok)
    if rating is not None and not is_rating(rating):
        raise Refused(f"A rating is {RATING_RULE}, or empty.", "rating")
    club = checked(club, "club", required=False)
    before = audit.player_of(player)
    player.name, player.rating, player.club = name, rating, club
    old, new = audit.changed(before, audit.player_of(player))
    if new:
        player.save(update_fields=["name", "rating", "club"])
        audit.record(player.tournament, user, "player edited", player.name, before=old, after=new)
    return player


@transaction.atomic
def remove_player(player: Player, user=None) -> None:
    """Remove an entry made by mistake, before round 1 is paired; after that, withdraw the player instead."""
    player = locked(player)
    tournament = player.tournament
    if tournament.rounds.exists():
        raise Refused(f"Entries are closed (round 1 is paired): withdraw {player.name} instead.")
    audit.record(tournament, user, "player removed", player.name, before=audit.player_of(player))
    player.delete()


def games_to_play(player: Player, after_round: int) -> list[Match]:
    """The player's matches without a result in published rounds after `after_round`."""
    return list(Match.objects.filter(Q(first=player) | Q(second=player), round__number__gt=after_round,
                                     round__status=Round.PUBLISHED, status=Match.PENDING)
                .select_related("round", "first", "second").order_by("round__number"))


def _sent_for(game: Match) -> str:
    """A result a player already sent for the game, said so that nobody forfeits a game that was played."""
    sent = (game.submissions.open().select_related("by")
            .order_by("-created_at").first())
    if sent is None:
        return ""
    words = result_words(game.first.name, game.second.name, sent.scores, (sent.first_flagged, sent.second_flagged))
    return (f" {sent.by.name} has sent a result for it ({words}): if the game was played, let it be played and "
            "enter or confirm that result.")


@transaction.atomic
def withdraw(player: Player, after_round: int, user=None, pending: str | None = None) -> list[int]:
    """The player takes part in no round after `after_round` (0: none at all); the rounds whose excused absence went.

    Refused beyond the event's last round and before a round in which the
    player already has a result (a bye counts).  A game still to play after
    it needs `pending`: FORFEIT (the opponent wins by forfeit) or PLAY (the
    game is played, and the player's last round is that game's).
    """
    player = locked(player)
    tournament = player.tournament
    last = last_round(record_of(tournament, with_logs=False))  # the logs are not needed: a big event's megabytes
    if after_round < 0:
        raise Refused("A round number is 0 or more.", "after_round")
    if after_round > last:
        raise Refused(f"Round {after_round} is beyond the event, whose last round is {last}.", "after_round")
    if after_round < player.joined_round - 1:  # the tournament file could not hold it (tfile.reader)
        raise Refused(f"{player.name} joined at round {player.joined_round}: withdraw after round "
                      f"{player.joined_round - 1} (before playing any round) or later.", "after_round")
    played = (Match.objects.filter(Q(first=player) | Q(second=player), round__number__gt=after_round)
              .exclude(status=Match.PENDING).exclude(round__status=Round.DRAFT)
              .order_by("-round__number").values_list("round__number", flat=True).first())
    if played is not None:
        raise Refused(f"{player.name} has a result in round {played}: withdraw after round {played} or later.",
                      "after_round")
    to_play = games_to_play(player, after_round)
    if to_play and pending not in (FORFEIT, PLAY):
        game = to_play[0]
        opponent = game.second if game.first_id == player.pk else game.first
        raise Refused(f"{player.name} has a game still to play in round {game.round.number} (table {game.table}, "
                      f"against {opponent.name}): choose to forfeit it or to let it be played.{_sent_for(game)}",
                      "pending")
    if to_play and pending == PLAY:
        after_round = max(game.round.number for game in to_play)
    before = player.withdrawn_after_round
    player.withdrawn_after_round = after_round
    player.save(update_fields=["withdrawn_after_round"])
    after = {"withdrawn after round": after_round}
    if to_play:
        after["game still to play"] = "forfeited" if pending == FORFEIT else "left to be played"
    dropped = list(player.excused_absences.filter(round_number__gt=after_round).order_by("round_number"))
    if dropped:  # rounds not yet published (a published one would be a result, refused above)
        after["excused absences cancelled"] = ", ".join(f"round {a.round_number}" for a in dropped)
        player.excused_absences.filter(pk__in=[a.pk for a in dropped]).delete()
    audit.record(tournament, user, "player withdrawn", player.name, before={"withdrawn after round": before},
                 after=after)
    if pending == FORFEIT:
        for game in to_play:
            opponent = game.second if game.first_id == player.pk else game.first
            enter_result(game, ResultEntry.forfeit(opponent, how="withdrawal"), user=user)
    return [absence.round_number for absence in dropped]


# -- the player's own: withdrawing, and "I'm back" (docs/online-event.md) --------------------------


def missed_round(player: Player) -> int | None:
    """The round a withdrawn player missed (lost by absence or forfeit) when that is the round they are withdrawn
    after: withdrawn for missing it, not by their own wish; else None."""
    after = player.withdrawn_after_round
    if not after:
        return None
    lost = (Match.objects.filter(Q(first=player) | Q(second=player), round__tournament_id=player.tournament_id,
                                 round__number=after, status=Match.FORFEIT).exclude(forfeit_winner=player))
    return after if lost.exists() else None


def withdrawn_words(player: Player) -> str:
    """How a withdrawn player is told they are: "You are withdrawn after missing round 2" (lost by absence: they
    never chose it) or "You withdrew after round 2"; "" for a player taking part."""
    if player.withdrawn_after_round is None:
        return ""
    missed = missed_round(player)
    if missed is not None:
        return f"You are withdrawn after missing round {missed}"
    if player.withdrawn_after_round == 0:
        return "You are withdrawn before playing any round"
    return f"You withdrew after round {player.withdrawn_after_round}"


def come_back_round(tournament: Tournament) -> int:
    """The round a player coming back now plays from: the first round not published (a draft is paired again
    with them in it: `come_back`)."""
    return (tournament.rounds.exclude(status=Round.DRAFT).aggregate(n=Max("number"))["n"] or 0) + 1


def may_come_back(player: Player) -> bool:
    """Whether "I'm back" may still bring a withdrawn player back: a round is left that is not published yet.
    The one rule: the private page, the finished room and `come_back` ask it."""
    return (player.withdrawn_after_round is not None
            and come_back_round(player.tournament) <= player.tournament.rounds_announced)


@transaction.atomic
def come_back(player: Player) -> int:
    """"I'm back": a withdrawn player (as absent, or by themself) plays again from the next round not published;
    the rounds missed have no match and score 0 VP.  A draft of that round is paired again with them in it (it
    was paired without them).  The round they play from; `Refused` when none is left."""
    player = locked(player)
    tournament = player.tournament
    if player.withdrawn_after_round is None:
        raise Refused("You are not withdrawn: you are paired in the rounds to come.")
    if not may_come_back(player):
        raise Refused(f"Round {tournament.rounds_announced} is the last round and is published already: there is "
                      "no round left to come back to.")
    back_at = come_back_round(tournament)
    before = player.withdrawn_after_round
    player.withdrawn_after_round = None
    player.save(update_fields=["withdrawn_after_round"])
    audit.record(tournament, player, "player back", player.name, before={"withdrawn after round": before},
                 after={"plays again from round": back_at})
    draft = tournament.rounds.filter(status=Round.DRAFT, number=back_at).first()
    if draft is not None:
        pair_draft_again(draft, player)
    return back_at


def pair_draft_again(draft: Round, player: Player) -> None:
    """A draft paired without `player`, who just came back, paired again as the engine pairs it (`pair_next`) with
    them in it; a hand-edited draft loses its edits (the audit keeps its tables before).  Refused, and the
    comeback with it, when no pairing obeys the rules."""
    tournament = player.tournament
    before = audit.tables_of(draft)
    try:
        pairing = pair_next(record_of(tournament, with_logs=False))  # the record holds no drafts: this round's
    except (NotReady, PairingImpossible) as why:
        raise Refused(f"Round {draft.number} is a draft and could not be paired again with you in it ({why}): "
                      "ask the organiser.") from None
    draft.matches.all().delete()
    Match.objects.bulk_create(matches_of(draft, pairing, {p.number: p for p in tournament.players.all()}))
    bump(tournament.pk)  # bulk_create sends no signals
    audit.record(tournament, player, "draft paired again", f"Round {draft.number}: {player.name} is back",
                 before=before, after=audit.tables_of(draft))


@transaction.atomic
def withdraw_myself(player: Player) -> int:
    """A player withdraws through their private link from the next round not paired on; a game of theirs still
    under way is played (or lost on time).  The last round they take part in."""
    player = locked(player)
    if player.withdrawn_after_round is not None:
        raise Refused(f"You are withdrawn already, after round {player.withdrawn_after_round}.")
    tournament = player.tournament
    if tournament.rounds.filter(status=Round.DRAFT).filter(
            Q(matches__first=player) | Q(matches__second=player)).exists():
        raise Refused("The next round is being paired with you in it: ask the organiser to withdraw you.")
    last = tournament.rounds.exclude(status=Round.DRAFT).aggregate(n=Max("number"))["n"] or 0
    withdraw(player, max(last, player.joined_round - 1), player, pending=PLAY)
    player.refresh_from_db(fields=["withdrawn_after_round"])
    return player.withdrawn_after_round
