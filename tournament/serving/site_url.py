"""Full addresses of the site's pages, from the `SITE_URL` setting: for what leaves the screen (QR codes, sheets,
mails).

Built from the setting, not from the request, so that a sheet printed from
the pages and the same sheet from `manage.py print` carry the same codes, and
a mail written outside any request (the timetable's, the outbox's) the same
links.  Unset, the setting is the address the server runs at (`PORT=8601 make
run`: port 8601; tournament/settings.py).  One exception: a development server
(DEBUG) with no `SITE_URL` set uses the address the page was asked at, so that
a page opened at `localhost:8601` prints codes that open there.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from ..models import Player, Tournament
from ..pdf.codes import Addresses


def site_root(request=None) -> str:
    """`SITE_URL`; on a development server with none set, the address `request` came to ("http://127.0.0.1:8601")."""
    if request is not None and settings.DEBUG and not settings.SITE_URL_GIVEN:
        return request.build_absolute_uri("/").rstrip("/")
    return settings.SITE_URL


def absolute(path: str, request=None) -> str:
    """"/t/open/" -> "https://tm.example.org/t/open/"."""
    return site_root(request) + path


def players_links(tournament: Tournament, request=None) -> dict[int, str]:
    """Every player's private link, by player number (the record's player id); one query."""
    tokens = list(Player.objects.filter(tournament=tournament).values_list("number", "link_token"))
    if not tokens:
        return {}
    # The address is the same around every token: reversed once, not once a player (500 were a fifth of `print`).
    before, after = reverse("player_link", args=[tokens[0][1]]).split(tokens[0][1], 1)
    return {number: absolute(f"{before}{token}{after}", request) for number, token in tokens}


def pairings_address(tournament: Tournament, round_number: int, request=None) -> str:
    """The public pairings page of a round."""
    return absolute(reverse("tournament:round", args=[tournament.slug, round_number]), request)


def sheet_addresses(tournament: Tournament, request=None, *, private_links: bool = True):
    """What the printed sheets' QR codes hold for this tournament (tournament/pdf/codes.py); without
    `private_links` (for one who may not see them: organiser/access.sees_player_links), no player's link."""
    links = players_links(tournament, request) if private_links else {}
    return Addresses(links, lambda number: pairings_address(tournament, number, request))
