"""`python -m games.engine FILE... [--json]`: the log checker without Django;
`python -m games.engine analyse FILE [--json]`: the analysis of a finished game (a log file named `analyse`: `./analyse`)."""

import sys

from .cli import analyse_main, main

arguments = sys.argv[1:]
sys.exit(analyse_main(arguments[1:]) if arguments[:1] == ["analyse"] else main(arguments))
