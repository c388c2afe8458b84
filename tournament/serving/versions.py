"""What each public page shows, as version numbers kept in the database and moved with the change.

A public page is cached under a key holding the versions of what it shows
(tournament/serving/cache.py), so a change makes stale exactly the pages that show
it, and the others survive.  The versions:

- `Tournament.frame_version`: what every page of the tournament shows: its
  settings and name, its players (names, seeds, withdrawals, entries) and
  its rounds (published, closed, reopened, deleted; excused absences).
- `Round.data_version`: the results and tables of one round.
- `Player.data_version`: the games of one player (their page).
- `Tournament.data_version`, the standings version: moves with every change
  above; the standings, the crosstable, the venue screen and the front page
  are keyed by it.

So a result saved in round 7 moves round 7's version, its two players'
versions and the standings version: round 7's pairings (and those of later
rounds, which show the VP before the round), the two player pages, the
standings, crosstable and venue screen go stale; round 1's pairings and
every other player's page do not.

Every version moves in the database, by `UPDATE ... SET v = v + 1`, in the
transaction of the change: a rolled-back change leaves it alone, a committed
one is seen by every process at once.  Saves and deletes of tournaments,
players, rounds and matches move them through the signals connected in
`TournamentConfig.ready()`; `bulk_create`, `bulk_update` and
`QuerySet.update` send no signals, so the services that use them call
`bump()` (or `bump_round()`) themselves.  A draft round is shown on no public
page: a change in it moves only its own round's version.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, OuterRef, Subquery, Sum
from django.db.models.signals import post_delete, post_save

from ..models import Match, Player, Round, Tournament


def bump(tournament_id: int) -> None:
    """Make every cached public page of the tournament, and the front page, stale."""
    Tournament.objects.filter(pk=tournament_id).update(
        frame_version=F("frame_version") + 1, data_version=F("data_version") + 1)


def bump_results(round_id: int, player_ids: Iterable[int | None] = ()) -> None:
    """A change to a round's matches: its pairings (and later rounds'), the players' pages and the standings.

    A draft round is on no public page: only its own version moves.
    """
    row = Round.objects.filter(pk=round_id).values_list("tournament_id", "status").first()
    if row is None:
        return
    Round.objects.filter(pk=round_id).update(data_version=F("data_version") + 1)
    tournament_id, status = row
    if status == Round.DRAFT:
        return
    ids = {pk for pk in player_ids if pk is not None}
    if ids:
        Player.objects.filter(pk__in=ids).update(data_version=F("data_version") + 1)
    Tournament.objects.filter(pk=tournament_id).update(data_version=F("data_version") + 1)


def bump_round(round_: Round) -> None:
    """A change to a round's matches by bulk writes (no signals): every player of the round's pages too."""
    players = Match.objects.filter(round=round_).values_list("first_id", "second_id")
    bump_results(round_.pk, {pk for pair in players for pk in pair})


# --- what a page shows: the part of its key that moves with the data ------------------------------


def _rounds_total(number: int | None = None, only: bool = False):
    """A subquery: the sum of the published rounds' versions (up to `number`, or only that round)."""
    rounds = Round.objects.filter(tournament=OuterRef("pk")).exclude(status=Round.DRAFT)
    if number is not None:
        rounds = rounds.filter(number=number) if only else rounds.filter(number__lte=number)
    return Subquery(rounds.order_by().values("tournament").annotate(total=Sum("data_version")).values("total"))


def _everything(tournaments, kwargs):
    return tournaments.values_list("pk", "data_version")


def _round(tournaments, kwargs):
    """A round's pairings show its results and the VP before it: the rounds up to it (the latest: all)."""
    return tournaments.annotate(round_versions=_rounds_total(kwargs.get("number"))).values_list(
        "pk", "frame_version", "round_versions")


def _player(tournaments, kwargs):
    games = Player.objects.filter(tournament=OuterRef("pk"), number=kwargs["number"]).values("data_version")[:1]
    return tournaments.annotate(player_version=Subquery(games)).values_list("pk", "frame_version", "player_version")


def _game(tournaments, kwargs):
    return tournaments.annotate(round_version=_rounds_total(kwargs["number"], only=True)).values_list(
        "pk", "frame_version", "round_version")


# What a page shows (the `shows` of `cached_public_page`) -> the versions its key holds.
SHOWS = {"everything": _everything, "round": _round, "player": _player, "game": _game}


def scope(shows: str, slug: str | None, kwargs: dict) -> str | None:
    """The versions of what a page shows, in one query; None when there is no such tournament.

    Without a slug (the front page): the number of tournaments and the sum of
    their standings versions, which move with any change.
    """
    if slug is None:
        from django.db.models import Count

        totals = Tournament.objects.aggregate(n=Count("pk"), versions=Sum("data_version"))
        return f"site-{totals['n']}-{totals['versions'] or 0}"
    row = SHOWS[shows](Tournament.objects.filter(slug=slug), kwargs).first()
    if row is None:
        return None
    return f"{shows}-t{row[0]}-" + "-".join(str(part or 0) for part in row[1:])


def tournament_part(scope_text: str) -> str:
    """The part of a scope naming the tournament (or the site): the same for every version of one page."""
    return "-".join(scope_text.split("-")[:2])


# --- invalidation by signals --------------------------------------------------------------


def _tournament_changed(sender, instance, **kwargs):
    bump(instance.pk)


# A player's row saved with only these fields changes nothing a public page shows.
PRIVATE_PLAYER_FIELDS = frozenset({"link_token"})


def _player_changed(sender, instance, **kwargs):
    if _deleted_with_its_owner(instance, kwargs.get("origin")):
        return
    fields = kwargs.get("update_fields")
    if fields and set(fields) <= PRIVATE_PLAYER_FIELDS:
        return
    bump(instance.tournament_id)


def _round_changed(sender, instance, **kwargs):
    if _deleted_with_its_owner(instance, kwargs.get("origin")):
        return
    bump(instance.tournament_id)


def _match_changed(sender, instance, **kwargs):
    if _deleted_with_its_owner(instance, kwargs.get("origin")):
        return
    # The players it has now, and those it had when read (a swap moves a player out of it).
    players = {instance.first_id, instance.second_id, *getattr(instance, "loaded_players", ())}
    bump_results(instance.round_id, players)


def _deleted_with_its_owner(instance, origin) -> bool:
    """A row deleted by cascade from its round or tournament, which bumps for it.

    Skipping these saves a query for each match of a deleted draft round.
    """
    return isinstance(origin, (Round, Tournament)) and origin is not instance


RECEIVERS = {Tournament: _tournament_changed, Player: _player_changed, Round: _round_changed, Match: _match_changed}


def connect_signals() -> None:
    for model, receiver in RECEIVERS.items():
        for signal, event in ((post_save, "saved"), (post_delete, "deleted")):
            signal.connect(receiver, sender=model, dispatch_uid=f"public-cache-{model.__name__}-{event}")
