"""`python manage.py standings SLUG [--json]` (docs/command-line.md)."""

import json

from django.core.management.base import BaseCommand, CommandError

from scoring.report import standings_report
from tournament.models import Tournament
from tournament.records import record_of


class Command(BaseCommand):
    help = "Print the standings of a tournament, best first."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, slug, json: bool, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        record = record_of(tournament)
        rows = standings_report(record).json
        if json:
            self.stdout.write(_dumps(rows))
            return
        for row in rows:
            label = record.player(row["id"]).label  # two players of one name told apart, as on the pages
            self.stdout.write(
                f"{row['place']:>6}  {label:<30} {row['vp']:>5g} VP  "
                f"diff {row['prog_diff']:>4}  level {row['prog_level']:>4}"
            )


def _dumps(rows):
    return json.dumps(rows, ensure_ascii=False)
