"""Who may do what: a tournament's organisers and arbiters, and each player's private link."""

from __future__ import annotations

from django.db import transaction

from .. import audit
from ..models import Player, RetiredLink, Tournament, new_link_token
from ..signals import link_renewed
from .refused import Refused

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
    RetiredLink.objects.get_or_create(token_digest=RetiredLink.digest(player.link_token), defaults={"player": player})
    player.link_token = new_link_token()
    player.save(update_fields=["link_token"])
    audit.record(player.tournament, user, "private link renewed", player.name)
    link_renewed.send(sender=Player, player=player)
    return player
