"""`python manage.py player_links SLUG [--json] [--base URL]` (docs/command-line.md).

Each player's private link as a full address, one line per player:
`id<TAB>name<TAB>link`; with --json, a list of {"id", "name", "link"}.
`id` is the player's id in the tournament file (its player number).
The links start with `--base` when given, else `SITE_URL`; which base was used, and where it came from, is said on
standard error (standard output stays the links alone, for scripts): with no `SITE_URL` set, the default
http://127.0.0.1:8000 is rarely where the site runs (`PORT=9101 make run`).
"""

import json
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from tournament.models import Player, Tournament
from tournament.records import player_labels


def _base(given: str | None) -> str:
    """The links' base: `given` (checked as SITE_URL is), else SITE_URL."""
    if not given:
        return settings.SITE_URL
    parts = urlsplit(given.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise CommandError(f"--base {given!r} is not a web address: give the site's own, e.g. "
                           f"--base http://127.0.0.1:9101", returncode=2)
    return given.strip().rstrip("/")


class Command(BaseCommand):
    help = ("Print each player's private link as a full address (from --base, else SITE_URL), for sending by mail or "
            "for scripts.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="a JSON list of {id, name, link}")
        parser.add_argument("--base", help="the site's address as players reach it, e.g. http://127.0.0.1:9101 "
                                           "(default: SITE_URL)")

    def handle(self, *args, slug, json: bool, base: str | None, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        root = _base(base)
        where = ("--base" if base else "SITE_URL" if settings.SITE_URL_GIVEN
                 else "SITE_URL is not set: the default; give --base or set SITE_URL for the address the site runs at")
        self.stderr.write(f"Links on {root} ({where})")
        labels = player_labels(tournament)  # the text tells two players of one name apart, as the pages do
        rows = [({"id": number, "name": name, "link": root + reverse("player_link", args=[token])}, labels.get(pk, name))
                for pk, number, name, token in Player.objects.filter(tournament=tournament).order_by("number")
                .values_list("pk", "number", "name", "link_token")]
        if json:
            self.stdout.write(_dumps([row for row, label in rows]))
            return
        for row, label in rows:
            self.stdout.write(f"{row['id']}\t{label}\t{row['link']}")


def _dumps(rows):
    return json.dumps(rows, ensure_ascii=False)
