"""The tournament file `ingenious-tournament/1` (`docs/tournament-file.md`): read and write.

    load_text(text) / parse(obj) -> TournamentFile, or FileFault naming the place
    dump(record) -> the file object; dumps(record) -> its text, compact
"""

from .reader import FORMAT, FileFault, load_text, parse
from .writer import dump, dumps

__all__ = ["FORMAT", "FileFault", "load_text", "parse", "dump", "dumps"]
