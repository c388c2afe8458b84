"""`python manage.py export_trf FILE`: a tournament file as FIDE TRF-16 (see `tournament/trf.py`)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from tournament.tfile import FileFault, load_text
from tournament.trf import to_trf


class Command(BaseCommand):
    help = "Print an ingenious-tournament/1 file as a FIDE Tournament Report File (TRF-16)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="an ingenious-tournament/1 file, or - for standard input")
        parser.add_argument(
            "--bye-codes",
            action="store_true",
            help="write byes as F/H/Z by their value instead of U (TRF-16's pairing-allocated bye, "
            "which is what pairing programs count as an earlier bye)",
        )

    def handle(self, *args, file, bye_codes: bool, **options):
        try:
            text = sys.stdin.buffer.read() if file == "-" else open(file, "rb").read()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}", returncode=2)
        try:
            record = load_text(text)
        except FileFault as fault:
            raise CommandError(f"{file}: {fault}", returncode=2)
        self.stdout.write(to_trf(record, pairing_bye=not bye_codes), ending="")
