"""`python manage.py print SLUG ROUND --what pairings|slips|standings|crosstable|links -o FILE.pdf [--paper A4|Letter]`.

Writes one printed sheet of `tournament/pdf/`.  ROUND is the round for
pairings and result slips; standings, the crosstable and the private links
are always of the tournament as it stands, and take ROUND only so that the
command line keeps one shape.  Only published rounds print: a draft's
pairings may still change.  QR codes hold addresses built from the
`SITE_URL` setting, as the sheets printed from the pages do.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament import pdf
from tournament.models import Round, Tournament
from tournament.records import record_of
from tournament.serving.site_url import sheet_addresses

SHEETS, ROUND_SHEETS = pdf.SHEETS, pdf.ROUND_SHEETS


class Command(BaseCommand):
    help = "Print pairings, result slips, standings, the crosstable or the players' private links as a PDF."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round_number", metavar="ROUND", type=int,
                            help="round number (ignored for standings, crosstable and links)")
        parser.add_argument("--what", required=True, choices=list(SHEETS))
        parser.add_argument("-o", "--output", required=True, help="the PDF file to write")
        parser.add_argument("--paper", default="A4", choices=["A4", "Letter"])

    def handle(self, *args, slug, round_number, what, output, paper, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug {slug!r}", returncode=2)
        if what in ROUND_SHEETS:
            check_round(tournament, round_number)
        try:
            # No sheet shows a move log: they stay in the database (decoding them was a tenth of the command).
            record = record_of(tournament, with_logs=False)
            data = SHEETS[what](record, round_number, paper, sheet_addresses(tournament))
        except pdf.PrintError as error:
            raise CommandError(str(error), returncode=2)
        try:
            Path(output).write_bytes(data)
        except OSError as error:
            raise CommandError(f"cannot write {output}: {error.strerror}", returncode=2)
        of_round = f", round {round_number}" if what in ROUND_SHEETS else ""
        self.stdout.write(f"{output}: {what} of {tournament.name}{of_round}")


def check_round(tournament: Tournament, round_number: int) -> None:
    """A CommandError naming the problem unless the round exists and is published."""
    status = tournament.rounds.filter(number=round_number).values_list("status", flat=True).first()
    if status == Round.DRAFT:
        raise CommandError(f"round {round_number} of {tournament.slug!r} is still a draft: publish it before "
                           "printing (its pairings may still change)", returncode=2)
    if status is None:
        numbers = sorted(tournament.rounds.exclude(status=Round.DRAFT).values_list("number", flat=True))
        known = f"rounds 1 to {numbers[-1]}" if numbers else "no published round yet"
        raise CommandError(f"round {round_number} of {tournament.slug!r} does not exist: it has {known}",
                           returncode=2)
