"""`python manage.py export_tournament SLUG [--private]`: print the tournament file (with `--private`, the players'
addresses too: the organiser's private export, never a public one; docs/tournament-file.md)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.records import record_of
from tournament.tfile import dumps


class Command(BaseCommand):
    help = "Print a tournament as an ingenious-tournament/1 file (draft rounds are left out)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--private", action="store_true",
                            help="add the players' email addresses (the organiser's private copy: keep it private)")

    def handle(self, *args, slug, private=False, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        self.stdout.write(dumps(record_of(tournament), private=private))
