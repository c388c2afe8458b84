"""The player's game room tells them their turn and, after the game, its result (docs/online-play.md, "Setting up"): the
tab's title, an optional beep (off by default, remembered in the browser), the result in words and a link to the replay.

The test server has no WebSocket: the room falls back to plain HTTP polling, as a browser does while its socket is
down. The opponent's moves are made through the room's service."""

import datetime
import re

import pytest
from django.utils import timezone

from rooms import services as rooms
from tests.factories import make_event, matches
from tournament import services

from .conftest import expect, shot

pytestmark = pytest.mark.django_db(transaction=True)


def take_turn(room, seat):
    """`seat` places the first tile of its rack on the first legal cells, bonuses included, and ends the turn."""
    while True:
        seen = rooms.look(room.pk, seat).message
        if seen["status"] != "playing" or seen["turn"] != seat:
            return
        if seen["stage"] == "decide":
            rooms.move(room.pk, seat, "end_turn", seq=seen["seq"])
        else:
            rooms.move(room.pk, seat, "place", seq=seen["seq"], tile=seen["rack"][0], cells=seen["legal_pairs"][0])


def test_the_turn_beeps_when_asked_and_the_finished_game_says_its_result_and_links_the_replay(page):
    event = make_event("Online Room Open", ["Ann Able", "Ben Baker"], clock_s=10, play="online")
    services.publish_round(services.generate_round(event), starts_at=timezone.now() + datetime.timedelta(seconds=8))
    match = matches(event)[0]
    room = match.room
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{page.base}/p/{match.second.link_token}/play/")  # the second player: the first moves first
    box = page.locator("#turn-sound")
    expect(box).not_to_be_checked()  # off by default
    box.check()
    page.reload()
    expect(page.locator("#turn-sound")).to_be_checked()  # remembered by the browser
    assert page.evaluate("localStorage.getItem('ingenious-turn-sound')") == "on"
    page.wait_for_function("() => /is playing/.test(document.getElementById('status').textContent)", timeout=15_000)
    expect(page).not_to_have_title(re.compile("^● Your turn"))
    take_turn(room, 0)
    page.wait_for_function("() => document.title.startsWith('● Your turn')", timeout=10_000)
    expect(page.locator("#room")).to_have_attribute("data-beeps", "1")  # one beep as the turn came
    take_turn(room, 1)
    page.wait_for_function("() => !document.title.startsWith('● Your turn')", timeout=10_000)
    # Both players have placed a tile; then each clock of 10 s runs out in turn: the game ends, both flagged.
    page.wait_for_function("() => !document.getElementById('after').hidden", timeout=40_000)
    words = page.locator("#result-words")
    # One tile each scores at most two colours: both lowest colours are 0, and the words say which colour decided.
    expect(words).to_have_text(re.compile(r"wins, \d+ v \d+ in the [\w-]+ colour \(both 0( 0)* in the (lowest colour|"
                                          r"\d lowest colours)\)|^Draw: the same six scores"))
    expect(words).to_contain_text(f"{match.first.name} and {match.second.name} ran out of time")
    expect(page).to_have_title(re.compile("^Game over"))
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    expect(replay).to_have_attribute("href", f"/t/{event.slug}/round/1/table/1/")
    shot(page, "room-result-390")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "room-result-1280")
    replay.click()
    page.wait_for_url(f"**/t/{event.slug}/round/1/table/1/")
    expect(page.locator("body")).to_contain_text("Ann Able")
