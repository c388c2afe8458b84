"""`python manage.py export_tournament SLUG`: print the tournament file."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.records import record_of
from tournament.tfile import dump


class Command(BaseCommand):
    help = "Print a tournament as an ingenious-tournament/1 file (draft rounds are left out)."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        self.stdout.write(json.dumps(dump(record_of(tournament)), ensure_ascii=False, indent=1))
