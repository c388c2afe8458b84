"""`python manage.py checklog FILE... [--json]` (docs/command-line.md)."""

import sys

from django.core.management.base import BaseCommand

from games.engine.cli import run


class Command(BaseCommand):
    help = "Check Ingenious move logs (ingenious-log/1). Exit 0 when every log is valid, 1 otherwise."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="a log file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="one JSON report per line, with \"file\"")

    def handle(self, *args, files, json, **options):
        status = run(files, json, self.stdout, stdin=sys.stdin.buffer)
        if status:
            sys.exit(status)
