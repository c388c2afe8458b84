"""What a player's private page shows of their game in the latest published round, for the page and for its cheap
read (`/p/<token>/next.json`) that the page left open polls (docs/online-event.md, "Start time, and taking back an
online round": the players' private pages follow a moved start).

One function, `game_now`, says it for both, so the page and the read never disagree: the game (or none), the
start still to come (the countdown), and the page's `version`, which changes when the page would show another
game (a round published or taken back, a result in, the round closed, the player withdrawn or back), but not when
only the start moved: the countdown moves in place, the page reloads for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo

from django.utils import timezone

from .. import services
from ..domain.times import date_and_time, time_of_day, wait_words
from ..models import Match, Player, Round
from ..zones import zone_of


@dataclass(frozen=True)
class GameNow:
    match: Match | None  # the player's game in the latest published round (`services.current_match`)
    round_number: int | None  # the latest published round, with or without a game for the player
    starts_at: datetime | None  # the game's start (online rounds; a table round's when it has one)
    now: datetime
    version: str  # what the page shows of the game; another value means another page
    zone: tzinfo = timezone.get_default_timezone()  # the tournament's (`tournament.zones`)

    @property
    def to_come(self) -> bool:
        """Whether the game's start is still to come: the page shows a countdown."""
        return self.starts_at is not None and self.starts_at > self.now

    def ms(self, moment: datetime) -> int:
        return int(moment.timestamp() * 1000)

    def start_words(self) -> dict:
        """The start as the page writes it (`domain.times`), in the tournament's time zone, named: "11:28 GMT" and
        "Friday 27 November, 11:28 GMT"."""
        if self.starts_at is None:
            return {"time": "", "date": "", "ms": None, "zone": ""}
        zone = self.zone
        # with the moment and the zone's name, for the page's script to add the viewer's own time where it differs
        return {"time": time_of_day(self.starts_at, zone), "date": date_and_time(self.starts_at, zone),
                "ms": self.ms(self.starts_at), "zone": getattr(zone, "key", str(zone))}

    def countdown(self) -> dict | None:
        """The countdown to the start while it is to come: its words ("12 min 0 s") and, for the page's script,
        the start and now in ms by the server's clock; else None."""
        if not self.to_come:
            return None
        wait = int((self.starts_at - self.now).total_seconds())
        return {"words": wait_words(wait), "starts_ms": self.ms(self.starts_at),
                "now_ms": self.ms(self.now), **self.start_words()}


def game_now(player: Player) -> GameNow:
    """The player's game as their private page shows it now (two or three queries: the round, the game, and the
    latest round's number when the player has no game in it)."""
    match = services.current_match(player)
    if match is not None:
        round_number, round_status = match.round.number, match.round.status
        # The game as the page shows it (table, opponent, side, status), never an internal id.
        first = match.first_id == player.pk
        opponent = match.second if first else match.first
        game = f"t{match.table}.p{opponent.number}.{'first' if first else 'second'}.{match.status}"
    else:
        latest = (player.tournament.rounds.exclude(status=Round.DRAFT).order_by("-number")
                  .values_list("number", "status").first())
        round_number, round_status = latest if latest is not None else (None, "")
        game = "none"
    withdrawn = "" if player.withdrawn_after_round is None else str(player.withdrawn_after_round)
    return GameNow(match=match, round_number=round_number,
                   starts_at=match.round.starts_at if match is not None else None, now=timezone.now(),
                   version=f"{round_number or 0}.{round_status}.{game}.{withdrawn}", zone=zone_of(player.tournament))


def followed(shown: GameNow) -> dict:
    """The read the private page polls: the round, whether the player has a game and its table, its start (ms,
    and as the page writes it), the server's now, and the page's version. Nothing the page does not show."""
    match = shown.match
    return {"round": shown.round_number, "game": match is not None,
            "table": match.table if match is not None else None,
            "starts_ms": shown.ms(shown.starts_at) if shown.starts_at is not None else None,
            "start": shown.start_words(), "now_ms": shown.ms(shown.now), "version": shown.version}
