"""`python manage.py export_tournament SLUG`: print the tournament file."""

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.records import record_of
from tournament.tfile import dumps


class Command(BaseCommand):
    help = "Print a tournament as an ingenious-tournament/1 file (draft rounds are left out)."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        self.stdout.write(dumps(record_of(tournament)))
