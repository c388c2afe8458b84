"""The Ingenious rules engine: pure Python, no Django.

    from games.engine import new_game, replay, check_text

`new_game(names, rules)` makes the `Game` (or, for the duel, the `DuelGame`)
that plays a game move by move; `replay(log)` checks an `ingenious-log/1`
object and returns a `Report` (see `docs/move-log.md`).
"""

from .errors import ERROR_CODES, BadLog, IllegalMove, IngeniousError
from .game import Game
from .log import FORMAT, Report, apply_event, check_text, replay
from .placement import Placement
from .scoring import Decision, Result, board_decision, board_winner, duel_winner
from .variants import DuelGame, new_game

__all__ = [
    "ERROR_CODES",
    "FORMAT",
    "BadLog",
    "Decision",
    "DuelGame",
    "Game",
    "IllegalMove",
    "IngeniousError",
    "Placement",
    "Report",
    "Result",
    "apply_event",
    "board_decision",
    "board_winner",
    "check_text",
    "duel_winner",
    "new_game",
    "replay",
]
