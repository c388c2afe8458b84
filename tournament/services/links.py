"""Whose a private link is (/p/<token>/): its player, or that it was replaced (renewed), or none.

Every door a link opens asks this one function: the private page and its
`next.json`, the game room's page, its JSON, its move and its socket.
"""

from __future__ import annotations

from django.http import Http404

from ..models import Player, RetiredLink


class Replaced(Exception):
    """The link was replaced (renewed): the pages answer with the site's own page, 410 Gone; a room's socket
    closes saying so."""

    def __init__(self, player: Player):
        super().__init__(player.pk)
        self.player = player


def player_of_link(token: str) -> Player:
    """The link's player; else `Replaced` for a renewed link, or a 404 for an address that never was one."""
    player = Player.objects.select_related("tournament").filter(link_token=token).first()
    if player is not None:
        return player
    retired = RetiredLink.objects.select_related("player__tournament").filter(
        token_digest=RetiredLink.digest(token)).first()
    if retired is not None:
        raise Replaced(retired.player)
    raise Http404("There is no such private link: check the address, or ask the organiser for yours.")
