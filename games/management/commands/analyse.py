"""`python manage.py analyse FILE [--json]` (docs/command-line.md, docs/analysis.md)."""

import sys

from django.core.management.base import BaseCommand

from games.engine.cli import analyse_file


class Command(BaseCommand):
    help = ("Analyse a finished game's move log: each placement's rank among the candidates of the rack, the best "
            "one. Exit 0, or 1 with the reason when the log is not analysed.")

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="a log file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="the analysis as one JSON object")

    def handle(self, *args, file, json, **options):
        status = analyse_file(file, json, self.stdout, self.stderr, stdin=sys.stdin.buffer)
        if status:
            sys.exit(status)
