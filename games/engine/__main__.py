"""`python -m games.engine FILE... [--json]`: the log checker without Django."""

import sys

from .cli import main

sys.exit(main(sys.argv[1:]))
