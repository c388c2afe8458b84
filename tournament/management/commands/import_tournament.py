"""`python manage.py import_tournament FILE`: create a tournament from its file; prints the slug last."""

import sys

from django.core.management.base import BaseCommand, CommandError

from tournament.records import import_record
from tournament.tfile import FileFault, load_text


class Command(BaseCommand):
    help = "Create a tournament from an ingenious-tournament/1 file. Nothing is written if the file has a fault."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the file, or - for standard input")
        parser.add_argument("--slug", help="the slug to use (default: from the name)")

    def handle(self, *args, file, slug, **options):
        try:
            text = sys.stdin.buffer.read() if file == "-" else open(file, "rb").read()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}", returncode=2)
        try:
            record = load_text(text)
        except FileFault as fault:
            raise CommandError(f"{file}: {fault}", returncode=2)
        from tournament.models import Tournament

        if slug and Tournament.objects.filter(slug=slug).exists():
            raise CommandError(f"a tournament with the slug {slug!r} already exists", returncode=2)
        tournament = import_record(record, slug)
        self.stdout.write(
            f"Imported {tournament.name}: {len(record.players)} players, {len(record.rounds)} rounds."
        )
        self.stdout.write(tournament.slug)
