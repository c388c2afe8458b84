"""`python manage.py export_trf FILE`: a tournament file as FIDE TRF-16 (see `tournament/tfile/trf.py`)."""

from django.core.management.base import BaseCommand

from tournament.management.tournament_file import read_tournament_file
from tournament.tfile.trf import to_trf


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
        record = read_tournament_file(file)
        self.stdout.write(to_trf(record, pairing_bye=not bye_codes), ending="")
