"""A tournament as a whole: shown in the public list or hidden, deleted while no round is paired."""

from __future__ import annotations

from django.db import transaction

from .. import audit
from ..serving.versions import bump
from ..models import Tournament
from .refused import Refused


@transaction.atomic
def set_listed(tournament: Tournament, listed: bool, user=None) -> Tournament:
    """Show the tournament in the public list, or hide it (a test event); its pages stay reachable by address."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.listed == listed:
        return tournament
    tournament.listed = listed
    tournament.save(update_fields=["listed"])
    bump(tournament.pk)
    audit.record(tournament, user, "tournament shown in the list" if listed else "tournament hidden from the list",
                 tournament.name, before={"listed": not listed}, after={"listed": listed})
    return tournament


@transaction.atomic
def delete_tournament(tournament: Tournament, user=None) -> None:
    """Delete a tournament that has no round paired (a draft counts), with its players.

    Its audit entries stay as the site's record: they keep the tournament's
    name and slug, and this deletion is the last of them.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    rounds = tournament.rounds.count()
    if rounds:
        raise Refused(f"{tournament.name} has {rounds} round{'s' if rounds > 1 else ''} paired: "
                      "a tournament that has begun cannot be deleted; hide it from the public list instead.")
    audit.record(tournament, user, "tournament deleted", tournament.name,
                 before={**audit.settings_of(tournament), "slug": tournament.slug,
                         "players": sorted(tournament.players.values_list("name", flat=True))})
    tournament.delete()
