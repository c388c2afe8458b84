"""`python manage.py pair_next FILE --json` (docs/command-line.md)."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournament.domain.enums import System
from tournament.management.tournament_file import read_tournament_file
from tournament.pairing.next_round import NotReady, pair_next
from tournament.pairing import PairingImpossible


class Command(BaseCommand):
    help = ("Pair the next round of a tournament file, without touching the database. "
            "Exit 2 when it cannot be paired now (a round pending, or the tournament finished), 3 when impossible.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="an ingenious-tournament/1 file, or - for standard input")
        parser.add_argument("--json", action="store_true",
                            help="print {round, pairings, bye, excused} (all-play-all: and forfeits, double_forfeits) as JSON")

    def handle(self, *args, file, json: bool, **options):
        record = read_tournament_file(file)
        try:
            pairing = pair_next(record)
        except NotReady as reason:
            raise CommandError(f"{file}: {reason}", returncode=2)
        except PairingImpossible as impossible:
            self.stderr.write(impossible.message)
            sys.exit(3)
        all_play_all = record.settings.system == System.ALL_PLAY_ALL
        if json:
            self.stdout.write(_json_line(pairing, all_play_all))
            return
        self.stdout.write(f"Round {pairing.round}")
        for number, table in enumerate(pairing.tables, start=1):
            self.stdout.write(f"  table {number}: {table.first} v {table.second}  ({table.reason})")
        if pairing.bye is not None:
            self.stdout.write(f"  bye: {pairing.bye}  ({pairing.bye_reason})")
        for forfeit in pairing.forfeits:
            kind = "double forfeit" if forfeit.double else "forfeit"
            self.stdout.write(f"  {kind}: {forfeit.first} v {forfeit.second}  ({forfeit.reason})")
        for player in pairing.excused:
            self.stdout.write(f"  excused: {player}")
        for note in pairing.notes:
            self.stdout.write(f"  note: {note}")


def _json_line(pairing, all_play_all: bool) -> str:
    """The spec's shape; in an all-play-all (only), "forfeits" ([present_id, absent_id] each) and
    "double_forfeits" (both absent, in the table's order), both present even when empty."""
    out = {"round": pairing.round, "pairings": [list(p) for p in pairing.pairs], "bye": pairing.bye,
           "excused": list(pairing.excused)}
    if all_play_all:
        out["forfeits"] = [list(f.present_absent) for f in pairing.forfeits if not f.double]
        out["double_forfeits"] = [[f.first, f.second] for f in pairing.forfeits if f.double]
    return json.dumps(out)
