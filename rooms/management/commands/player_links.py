"""`python manage.py player_links SLUG [--json]` (shared/spec/online-play.md, Command-line contract).

Each player's private link as a full address (from SITE_URL), one line per
player: `id<TAB>name<TAB>link`; with --json, a list of {"id", "name", "link"}.
`id` is the player's id in the tournament file (its player number).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Player, Tournament
from tournament.records import player_labels
from tournament.serving.site_url import players_links


class Command(BaseCommand):
    help = "Print each player's private link as a full address (SITE_URL), for sending by mail or for scripts."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="a JSON list of {id, name, link}")

    def handle(self, *args, slug, json: bool, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        links = players_links(tournament)
        labels = player_labels(tournament)  # the text tells two players of one name apart, as the pages do
        rows = [({"id": number, "name": name, "link": links[number]}, labels.get(pk, name))
                for pk, number, name in Player.objects.filter(tournament=tournament).order_by("number")
                .values_list("pk", "number", "name")]
        if json:
            self.stdout.write(_dumps([row for row, label in rows]))
            return
        for row, label in rows:
            self.stdout.write(f"{row['id']}\t{label}\t{row['link']}")


def _dumps(rows):
    return json.dumps(rows, ensure_ascii=False)
