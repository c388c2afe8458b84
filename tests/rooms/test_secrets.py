"""Racks are secret (docs/online-play.md, "The game"): over whole games, nothing of another player's rack, nothing of
their draws and nothing of the bag reaches the opponent, a spectator, the HTTP fallback or the public live boards.

Each message is searched whole, as text: every tile written in it (two colour letters) must be one its viewer may
know (the tiles placed, a rack shown for a swap; for a seat, its own draws and rack), each no more often than that;
and no list in it is the bag or a rack counted by kind.
"""

import json
import re
from collections import Counter

import pytest
from django.core.cache import cache
from django.urls import reverse

from rooms import services
from rooms.game.copies import table_of
from rooms.models import Room
from tests.factories import make_event, matches
from tests.rooms.helpers import START, play_whole_game, seeded

pytestmark = pytest.mark.django_db

TILE = re.compile(r"(?<![A-Za-z])[ROYGBP]{2}(?![A-Za-z])")


def tile(text):
    return "".join(sorted(text))  # "OR" and "RO" are one tile


def may_know(table, seat):
    """The tiles `seat` (None: anyone) may see now, each as often as it may appear."""
    known = Counter()
    for event in table.log:
        if event["type"] == "place":
            known[tile(event["tile"])] += 1
        elif event["type"] == "swap":
            known.update(tile(t) for t in event["rack"])
        elif event["type"] == "draw" and event["player"] == seat:
            known.update(tile(t) for t in event["tiles"])
    if seat is not None:
        known.update(tile(t) for t in table.game.rack(seat))
    return known


def lists_in(value):
    if isinstance(value, list):
        yield value
    if isinstance(value, (list, dict)):
        for inner in (value.values() if isinstance(value, dict) else value):
            yield from lists_in(inner)


def assert_nothing_secret(message, table, seat, who):
    text = json.dumps(message)
    beyond = Counter(tile(t) for t in TILE.findall(text)) - may_know(table, seat)
    assert not beyond, f"{who} sees tiles it may not know: {dict(beyond)}"
    others = [p for p in range(len(table.names)) if p != seat]
    counted = [table.game.bag] + [table.game.racks[p] for p in others]
    assert not [found for found in lists_in(message) if found in counted], f"{who} sees the bag or a rack counted"


def test_no_viewer_sees_another_players_rack_their_draws_or_the_bag_over_a_whole_game(client, monkeypatch):
    seed = 4  # a game with a swap in it
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], clock_s=6_000, publish_round_one=True)
    tournament.rounds.update(play="online")  # its room opened by hand, to play the game on a fake clock
    match = matches(tournament)[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(seed))
    links = [match.first.link_token, match.second.link_token]
    watch = reverse("tournament:room_watch", args=[tournament.slug, 1, match.table])
    live = reverse("tournament:live_boards", args=[tournament.slug, 1])
    steps = []

    def every_viewer(now):
        monkeypatch.setattr(services, "now_ms", lambda: now)  # the pages read the room at the game's time
        cache.clear()  # the live boards afresh, not a second-old copy
        row = Room.objects.get(pk=room.pk)
        table = table_of(row)
        for seat in (0, 1):
            assert_nothing_secret(services.look(room.pk, seat, at_ms=now).message, table, seat, f"seat {seat}")
            assert_nothing_secret(client.get(f"/p/{links[seat]}/room/").json(), table, seat, f"seat {seat}'s page")
        assert_nothing_secret(services.look(room.pk, None, at_ms=now).message, table, None, "a spectator")
        assert_nothing_secret(client.get(watch).json(), table, None, "a spectator's page")
        assert_nothing_secret(client.get(live).json(), table, None, "the live boards")
        steps.append(now)

    final = play_whole_game(room, match, seed, pace_ms=200, before_each=every_viewer)
    assert final["status"] == "finished" and len(steps) > 40
    swaps = [e for e in final["events"] if e["type"] == "swap"]
    assert swaps, "a game with a swap shows a rack by the rule"
