"""Helpers of the event-day tests: a round played, a page as it reads.  Events come from `tests.factories`."""

from __future__ import annotations

import html
import re

from tournament import services
from tournament.models import Match


def play(round_, first_wins=True):
    """Every pending game of the round won by its first player (or its second), then the round closed."""
    for match in round_.matches.filter(status=Match.PENDING):
        scores = [[9] * 6, [5] * 6] if first_wins else [[5] * 6, [9] * 6]
        services.enter_result(match, status=Match.PLAYED, scores=scores)
    services.close_round(round_)


def play_rounds(tournament, count: int, first_wins=True) -> None:
    """Pair, publish, play and close the next `count` rounds (each game won by its first player, or second)."""
    for _ in range(count):
        round_ = services.generate_round(tournament)
        services.publish_round(round_)
        play(round_, first_wins)


def text(response) -> str:
    """The page as a reader sees its characters (entities unescaped)."""
    return html.unescape(response.content.decode())


def words(response) -> str:
    """The page's words only: tags dropped, runs of white space as one space."""
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split()).replace(" ,", ",").replace(" .", ".").replace(" :", ":")
