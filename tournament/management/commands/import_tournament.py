"""`python manage.py import_tournament FILE`: create a tournament from its file; prints the slug last."""

from django.core.management.base import BaseCommand, CommandError

from tournament.management.tournament_file import read_tournament_file
from tournament.models import Tournament
from tournament.services import import_tournament


class Command(BaseCommand):
    help = "Create a tournament from an ingenious-tournament/1 file. Nothing is written if the file has a fault."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the file, or - for standard input")
        parser.add_argument("--slug", help="the slug to use (default: from the name)")

    def handle(self, *args, file, slug, **options):
        record = read_tournament_file(file)
        if slug and Tournament.objects.filter(slug=slug).exists():
            raise CommandError(f"a tournament with the slug {slug!r} already exists", returncode=2)
        tournament = import_tournament(record, slug=slug)
        self.stdout.write(
            f"Imported {tournament.name}: {len(record.players)} players, {len(record.rounds)} rounds."
        )
        self.stdout.write(tournament.slug)
