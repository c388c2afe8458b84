"""The Ingenious rules engine: pure Python, no Django.

    from games.engine import Game, replay, check_text

`Game` plays a game move by move; `replay(log)` checks an `ingenious-log/1`
object and returns a `Report` (see `shared/spec/ingenious-log.md`).
"""

from .errors import ERROR_CODES, BadLog, IllegalMove, IngeniousError
from .game import Game, Placement, Result, board_winner, duel_winner
from .log import FORMAT, Report, check_text, replay
from .tiles import Tile

__all__ = [
    "ERROR_CODES",
    "FORMAT",
    "BadLog",
    "Game",
    "IllegalMove",
    "IngeniousError",
    "Placement",
    "Report",
    "Result",
    "Tile",
    "board_winner",
    "check_text",
    "duel_winner",
    "replay",
]
