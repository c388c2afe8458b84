"""`python manage.py pair_next FILE --json` (shared/spec/tournament-json.md)."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournament.management.tournament_file import read_tournament_file
from tournament.next_round import NotReady, pair_next
from tournament.pairing import PairingImpossible


class Command(BaseCommand):
    help = "Pair the next round of a tournament file, without touching the database. Exit 3 when impossible."

    def add_arguments(self, parser):
        parser.add_argument("file", help="an ingenious-tournament/1 file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print {round, pairings, bye} as JSON")

    def handle(self, *args, file, json: bool, **options):
        record = read_tournament_file(file)
        try:
            pairing = pair_next(record)
        except NotReady as reason:
            raise CommandError(f"{file}: {reason}", returncode=2)
        except PairingImpossible as impossible:
            self.stderr.write(impossible.message)
            sys.exit(3)
        if json:
            self.stdout.write(_json_line(pairing))
            return
        self.stdout.write(f"Round {pairing.round}")
        for number, table in enumerate(pairing.tables, start=1):
            self.stdout.write(f"  table {number}: {table.first} v {table.second}  ({table.reason})")
        if pairing.bye is not None:
            self.stdout.write(f"  bye: {pairing.bye}  ({pairing.bye_reason})")
        for note in pairing.notes:
            self.stdout.write(f"  note: {note}")


def _json_line(pairing) -> str:
    return json.dumps({"round": pairing.round, "pairings": [list(p) for p in pairing.pairs], "bye": pairing.bye})
