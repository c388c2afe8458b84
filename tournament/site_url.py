"""Full addresses of the site's pages, from the `SITE_URL` setting: for what leaves the screen (QR codes, sheets).

Built from the setting, not from the request, so that a sheet printed from
the pages and the same sheet from `manage.py print` carry the same codes.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from .models import Player, Tournament
from .pdf.codes import Addresses


def absolute(path: str) -> str:
    """"/t/open/" -> "https://tm.example.org/t/open/"."""
    return settings.SITE_URL + path


def players_links(tournament: Tournament) -> dict[int, str]:
    """Every player's private link, by player number (the record's player id); one query."""
    return {number: absolute(reverse("player_link", args=[token]))
            for number, token in Player.objects.filter(tournament=tournament).values_list("number", "link_token")}


def pairings_address(tournament: Tournament, round_number: int) -> str:
    """The public pairings page of a round."""
    return absolute(reverse("tournament:round", args=[tournament.slug, round_number]))


def sheet_addresses(tournament: Tournament, *, private_links: bool = True):
    """What the printed sheets' QR codes hold for this tournament (tournament/pdf/codes.py); without
    `private_links` (for one who may not see them: organiser/access.sees_player_links), no player's link."""
    links = players_links(tournament) if private_links else {}
    return Addresses(links, lambda number: pairings_address(tournament, number))
