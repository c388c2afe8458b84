"""Pairing engines of `docs/tournament-rules.md`: Swiss and all-play-all.

Plain data in (`Entrant`), plain data out (`RoundPairing`); nothing here
imports Django.  The Django layer converts models to entrants and back.
"""

from .model import Entrant, Forfeit, PairingImpossible, RoundPairing, Table
from .robin import berger_rounds, pair_all_play_all
from .swiss import pair_swiss

__all__ = [
    "Entrant",
    "Forfeit",
    "PairingImpossible",
    "RoundPairing",
    "Table",
    "berger_rounds",
    "pair_all_play_all",
    "pair_swiss",
]
