"""What the game-room tests share: a server time ahead of the clock, a bag drawn from a seed, a whole game played.

The services take the time (`at_ms`) and the draw (`draw`) as arguments, so a test fixes both: the same seed
draws the same tiles, and nothing depends on the real clock.
"""

import random

from django.utils import timezone

from rooms import services
from tests.factories import make_event, matches

# The tests' server time, in ms: a month after the clock read when the tests start, in whole seconds.  Ahead of the
# clock, as a round's start is when it is published (a start already past is read as now, and the rooms would then
# start at the machine's time, not this one), however long the run and whatever its date.
START = (int(timezone.now().timestamp()) + 30 * 86_400) * 1000
ARBITER_NAMES = ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"]


def seeded(seed):
    """A draw for the room's bag (`draw(bag, count)`: `count` tile kinds from the bag's counts) that the same
    seed repeats."""
    rng = random.Random(seed)
    return lambda bag, count: rng.sample([kind for kind, n in enumerate(bag) for _ in range(n)], count)


def play_whole_game(room, match, seed, pace_ms=1_000, before_each=lambda now: None):
    """Random legal moves through the service, each answering the room's last event, until the game is over;
    returns the finished room as a spectator sees it (`before_each(now)` is called at each step's server time,
    before its move)."""
    rng, now = random.Random(seed), START
    while True:  # each draw seeded by the time since START: the same game whatever START is
        now += pace_ms
        seen = services.look(room.pk, None, at_ms=now).message
        if seen["status"] == "finished":
            return seen
        before_each(now)
        seat = seen["turn"]
        mine = services.look(room.pk, seat, at_ms=now).message
        if mine["stage"] == "decide":
            action = "swap" if mine["may_swap"] and rng.random() < 0.3 else "end_turn"
            services.move(room.pk, seat, action, seq=mine["seq"], client_id=f"{seed}-{now}", at_ms=now,
                          draw=seeded(now - START))
        else:
            cells = rng.choice(mine["legal_pairs"])
            tile = rng.choice(mine["rack"])
            services.move(room.pk, seat, "place", seq=mine["seq"], client_id=f"{seed}-{now}", tile=tile, cells=cells,
                          at_ms=now, draw=seeded(now - START))


def play_turn(room, seat, at_ms, draw):
    """`seat` plays a whole turn at `at_ms` through the service: the first tile of its rack on the first legal cells,
    each bonus the same way, then the end of the turn if it is still theirs to end."""
    answer = services.look(room.pk, seat, at_ms=at_ms)
    while answer.message["turn"] == seat:
        mine = answer.message
        if mine["stage"] == "decide":
            answer = services.move(room.pk, seat, "end_turn", seq=mine["seq"], at_ms=at_ms, draw=draw)
        else:
            answer = services.move(room.pk, seat, "place", seq=mine["seq"], tile=mine["rack"][0],
                                   cells=mine["legal_pairs"][0], at_ms=at_ms, draw=draw)


def arbiters_event(people):
    """The arbiter's tests' event: four players online on a 10-minute clock, round 1 published, run by `people`'s
    organiser with `people`'s arbiter."""
    tournament = make_event("Online Open", ARBITER_NAMES, organiser=people["org"], publish_round_one=True,
                            clock_s=600)
    tournament.arbiters.add(people["arb"])
    return tournament


def open_rooms(tournament, at_ms=START):
    """Every game of round 1 in its room, opened at `at_ms`, each table's bag drawn from its own seed."""
    return [services.open_room(match, at_ms, at_ms=at_ms, draw=seeded(match.table)) for match in matches(tournament)]
