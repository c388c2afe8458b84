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
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from .. import audit
from ..domain.entry import ResultEntry
from ..domain.values import RATING_RULE, is_rating
from ..domain.names import NameFault, checked_text, name_key
from ..domain.schedule import last_round
from ..domain.text import result_words
from ..models import Match, Player, Round, Tournament
from ..records import record_of
from .refused import Refused
from .results import enter_result

FORFEIT, PLAY = "forfeit", "play"


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
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
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
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
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
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
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
