"""A lost connection is said (docs/online-play.md, "Nothing lost"): offline for 12 s, a warning shows and is spoken (a
live region) within 5 s, and goes within 10 s of the network coming back; the clocks are then the server's, within a
second.  A seat's socket that falls silent (no ping for 8 s, a ping every 5 s) is taken for lost in the same way, and
closed.

The test server has no WebSocket: the first test's page reads the room over plain HTTP, as while a socket is down;
the second gives the page a socket of its own making (as test_room_states.py does)."""

import re
import time

import pytest
from playwright.sync_api import expect

from .room_play import QUICK_POLL, look, online_game

pytestmark = pytest.mark.django_db(transaction=True)
LOST = re.compile("Connection lost")


def shown_seconds(page, seat: int) -> int:
    minutes, seconds = page.locator(f".player[data-player='{seat}'] .clock").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def test_offline_for_twelve_seconds_is_shown_and_said_then_gone_and_the_clocks_are_the_servers(page):
    event, match, room = online_game("Lost Open")
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    net = page.locator("#net")
    expect(net).to_be_hidden()
    assert net.get_attribute("aria-live") == "assertive"  # spoken as it changes, not only shown
    page.context.set_offline(True)
    went = time.monotonic()
    expect(net).to_have_text(LOST, timeout=5_000)
    expect(net).to_be_visible()
    assert time.monotonic() - went < 5
    page.wait_for_timeout(12_000 - 1000 * (time.monotonic() - went))
    expect(net).to_have_text(LOST)  # still said while the network is away
    page.context.set_offline(False)
    back = time.monotonic()
    expect(net).to_be_hidden(timeout=10_000)
    assert time.monotonic() - back < 10
    page.wait_for_timeout(700)
    server = look(room, 0)["clocks_ms"][0] / 1000
    assert abs(shown_seconds(page, 0) - server) <= 1.5, (shown_seconds(page, 0), server)


SILENT_SOCKET = """
window.WebSocket = class {
  constructor(url) {
    this.readyState = 0;
    window.fakeSocket = this;
    setTimeout(() => { this.readyState = 1; this.onopen && this.onopen({}); }, 50);
  }
  send(text) {}
  close() { this.readyState = 3; setTimeout(() => this.onclose && this.onclose({code: 1006}), 0); }
};
window.WebSocket.OPEN = 1;
"""


def test_a_seats_socket_silent_for_eight_seconds_is_said_lost_and_closed(page):
    event, match, room = online_game("Silent Open")
    page.add_init_script(SILENT_SOCKET)
    page.route(re.compile("/room/"), lambda route: route.abort())  # no reading over HTTP either: the network is gone
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    page.wait_for_function("() => window.fakeSocket && window.fakeSocket.readyState === 1")
    opened = time.monotonic()
    page.evaluate("window.fakeSocket.onmessage({data: JSON.stringify({type: 'ping', id: 1})})")
    expect(page.locator("#net")).to_have_text(LOST, timeout=12_000)
    assert time.monotonic() - opened > 7  # not before the pings were missed
    page.wait_for_function("() => window.fakeSocket.readyState === 3 || window.fakeSocket.readyState === 0")
