"""Reading a tournament file for a command: FILE or - for standard input; faults exit with status 2."""

import sys

from django.core.management.base import CommandError

from tournament.domain.records import TournamentFile
from tournament.tfile import FileFault, load_text


def read_tournament_file(path: str) -> TournamentFile:
    try:
        if path == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                text = handle.read()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}", returncode=2) from None
    try:
        return load_text(text)
    except FileFault as fault:
        raise CommandError(f"{path}: {fault}", returncode=2) from None
