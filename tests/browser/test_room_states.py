"""The room says what is happening (docs/online-play.md): a flag to both players and to spectators with what
follows; a move waiting for the network, sent again with the same client id and applied once; a choice in progress
kept over a reload; the opponent's presence when the server reports it, nothing when it does not; the replay stepped
by keyboard.

The test server has no WebSocket: the pages read the room over plain HTTP, as while a socket is down."""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from .room_play import look, online_game, opponent_turn, snap

pytestmark = pytest.mark.django_db(transaction=True)


def both_widths(page, name):
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        snap(page, f"{name}-{width}")


def test_a_flag_is_said_to_both_players_and_to_spectators_with_what_follows(live_server, chromium):
    event, match, room = online_game("Flag Open", clock_s=14)
    first, second = match.first.name, match.second.name
    pages = {}
    for who, path in (("first", f"/p/{match.first.link_token}/play/"), ("second", f"/p/{match.second.link_token}/play/"),
                      ("spectator", f"/t/{event.slug}/round/1/table/1/watch/")):
        pages[who] = chromium.new_context(viewport={"width": 390, "height": 844}).new_page()
        pages[who].goto(live_server.url + path)
    try:
        expect(pages["first"].locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
        # A turn each, then the first player's second: the second player plays no more and runs out of time (having
        # placed a tile: not absent, so the game goes on).
        opponent_turn(room, 0)
        opponent_turn(room, 1)
        opponent_turn(room, 0)
        expect(pages["spectator"].locator("#status")).to_have_text(
            f"{second} ran out of time: {first} plays on alone.", timeout=25_000)
        expect(pages["second"].locator("#status")).to_have_text(f"You ran out of time: {first} plays on alone.")
        expect(pages["first"].locator("#status")).to_have_text(
            re.compile(f"^{second} ran out of time: you play on alone. Your turn"))
        expect(pages["second"].locator(".player[data-player='1'] .out")).to_be_visible()
        both_widths(pages["first"], "opponent-flagged")
    finally:
        for page in pages.values():
            page.context.close()


def test_a_move_made_offline_waits_says_so_and_goes_once_when_the_network_is_back(page):
    event, match, room = online_game("Offline Open")
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    both_widths(page, "your-turn")
    page.locator("#rack .tile").first.click()
    page.locator(".board .cell.legal").first.click()
    page.locator(".board .cell.legal").first.click()
    both_widths(page, "awaiting-confirmation")
    page.context.set_offline(True)
    page.locator("#confirm").click()
    expect(page.locator("#status")).to_have_text("Sending your move…")
    expect(page.locator("#net")).to_have_text(re.compile("your move is waiting"))
    assert page.locator(".board .cell.proposed").count() == 2  # the tile stays in place while it is on its way
    both_widths(page, "disconnected")
    assert sum(e["type"] == "place" for e in look(room, 0)["events"]) == 0
    page.context.set_offline(False)
    expect(page.locator("#status")).to_have_text(re.compile("is playing"), timeout=10_000)
    expect(page.locator("#net")).to_be_hidden()
    assert sum(e["type"] == "place" for e in look(room, 0)["events"]) == 1  # sent again, applied once


def test_a_reload_or_a_new_tab_keeps_the_tile_its_turn_and_the_first_cell(page):
    event, match, room = online_game("Reload Open")
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    page.locator("#rack .tile").nth(2).click()
    page.locator("#turn-tile").click()
    tile = page.locator("#rack .tile").nth(2).inner_text()
    first = page.locator(".board .cell.legal").first
    key = first.get_attribute("data-cell")
    first.click()
    page.reload()
    expect(page.locator("#status")).to_have_text("Choose the second cell.")
    expect(page.locator("#rack .tile").nth(2)).to_have_attribute("aria-selected", "true")
    assert page.locator("#rack .tile").nth(2).inner_text() == tile  # turned as it was
    expect(page.locator(f'.board .cell[data-cell="{key}"]')).to_have_class(re.compile("proposed"))
    # Kept per game, not per tab: the tab closed and the link opened again in a new one.
    address, again = page.url, page.context.new_page()
    page.close()
    again.goto(address)
    expect(again.locator("#status")).to_have_text("Choose the second cell.", timeout=10_000)
    expect(again.locator("#rack .tile").nth(2)).to_have_attribute("aria-selected", "true")


def test_the_opponents_presence_is_shown_when_the_server_reports_it(page):
    event, match, room = online_game("Presence Open")
    state_path = f"/p/{match.first.link_token}/room/"
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    opponent = page.locator(".player[data-player='1'] .presence")
    expect(opponent).to_have_text("never connected")  # the server's own report: Ben never opened the room

    def with_presence(route):
        message = route.fetch().json()
        message["presence"] = [{"connected": True, "seen_ms": message["now_ms"]},
                               {"connected": False, "seen_ms": message["now_ms"] - 150_000}]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(message))

    page.route(lambda url: state_path in url, with_presence)  # the room page reads its own round: `?round=1`
    expect(opponent).to_have_text("last seen 2 min ago", timeout=10_000)
    expect(page.locator(".player[data-player='0'] .presence")).to_have_text("")  # one's own presence goes unsaid


def test_the_opponents_presence_stays_shown_through_messages_that_do_not_carry_it(page):
    """A move's answer, and a socket's message after a move, carry no presence: what was last reported stays."""
    event, match, room = online_game("Presence Kept Open")
    state_path = f"/p/{match.first.link_token}/room/"
    answers = []

    def first_only(route):  # the first reading carries the presence, none after it does
        message = route.fetch().json()
        if answers:
            message.pop("presence", None)
        else:
            message["presence"] = [{"connected": True, "seen_ms": message["now_ms"]},
                                   {"connected": True, "seen_ms": message["now_ms"]}]
        answers.append(message["seq"])
        route.fulfill(status=200, content_type="application/json", body=json.dumps(message))

    page.route(lambda url: state_path in url, first_only)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    opponent = page.locator(".player[data-player='1'] .presence")
    expect(opponent).to_have_text("connected")
    for box in ("#ask-confirm", "#turn-sound"):  # big enough to touch: 24 px at least
        size = page.locator(box).bounding_box()
        assert size["width"] >= 24 and size["height"] >= 24, (box, size)
    page.locator("#rack .tile").first.click()
    page.locator("#placements [role=option]").first.click()
    page.locator("#confirm").click()
    expect(page.locator("#status")).to_have_text(re.compile("is playing"), timeout=10_000)
    opponent_turn(room, 1)
    expect(page.locator("#status")).to_have_text(re.compile("Your turn"), timeout=10_000)
    assert len(set(answers)) >= 2  # the room moved on in messages with no presence
    expect(opponent).to_have_text("connected")


def test_the_result_is_said_once_then_what_comes_next_after_it(page):
    """The live region is given the result once; the next game's words are added after it as a node of their own
    (a live region says what was added: the result is not said a second time)."""
    event, match, room = online_game("Said Once Open")
    while look(room, 0)["status"] == "playing":
        opponent_turn(room, 0)
        opponent_turn(room, 1)
    added = []
    page.expose_function("added", lambda text: added.append(text))
    page.add_init_script("""document.addEventListener('DOMContentLoaded', () => new MutationObserver(records =>
        records.forEach(r => r.addedNodes.forEach(n => window.added(n.textContent))))
        .observe(document.getElementById('said'), {childList: true, subtree: true}));""")
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#next-game")).to_be_visible(timeout=10_000)
    page.wait_for_timeout(1000)
    assert sum("Game over" in text for text in added) == 1, added
    assert any("last round" in text and "Game over" not in text for text in added), added


def test_the_replay_steps_by_keyboard(page):
    event, match, room = online_game("Replay Keys Open")
    while look(room, 0)["status"] == "playing":
        opponent_turn(room, 0)
        opponent_turn(room, 1)
    placements = sum(e["type"] == "place" for e in look(room, 0)["events"])
    page.goto(f"{page.base}/t/{event.slug}/round/1/table/1/")
    where = page.locator("#where")
    expect(where).to_contain_text(f"Placement {placements} of {placements}")
    page.keyboard.press("ArrowLeft")
    expect(where).to_contain_text(f"Placement {placements - 1} of {placements}")
    page.keyboard.press("Home")
    expect(where).to_have_text("Start")
    page.keyboard.press("ArrowRight")
    expect(where).to_contain_text(f"Placement 1 of {placements}: {match.first.name} ")
    page.keyboard.press("End")
    expect(where).to_contain_text(f"Placement {placements} of {placements}")


FAKE_SOCKET = """
window.socketLog = {made: 0, sent: []};
window.WebSocket = class {
  constructor(url) {
    window.socketLog.made += 1;
    this.readyState = 0;
    window.fakeSocket = this;
    setTimeout(() => { this.readyState = 1; this.onopen && this.onopen({}); }, 50);
  }
  send(text) { window.socketLog.sent.push(JSON.parse(text)); }
  close() {}
  serverSays(message) { this.onmessage({data: JSON.stringify(message)}); }
  serverCloses(code) { this.readyState = 3; this.onclose({code: code}); }
};
window.WebSocket.OPEN = 1;
"""


def test_the_socket_echoes_the_pings_id_and_a_replaced_link_is_said_and_not_reopened(page):
    event, match, room = online_game("Socket Codes Open")
    page.add_init_script(FAKE_SOCKET)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    page.wait_for_function("() => window.fakeSocket && window.fakeSocket.readyState === 1")
    page.evaluate("window.fakeSocket.serverSays({type: 'ping', id: 7})")
    assert page.evaluate("window.socketLog.sent") == [{"type": "pong", "id": 7}]  # its id, nothing about time
    page.evaluate("window.fakeSocket.serverCloses(4410)")
    said = "This link was replaced: ask the organiser for your new one."
    expect(page.locator("#net")).to_have_text(said)
    page.wait_for_timeout(3000)  # any other close would have opened a new socket by now
    assert page.evaluate("window.socketLog.made") == 1
    expect(page.locator("#net")).to_have_text(said)  # still said: no reconnecting over it


def test_a_move_the_server_asks_again_for_goes_again_with_the_same_client_id(page):
    event, match, room = online_game("Socket Retry Open")
    page.add_init_script(FAKE_SOCKET)
    posted = []
    page.on("request", lambda request: posted.append(json.loads(request.post_data)) if request.method == "POST" else None)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    page.wait_for_function("() => window.fakeSocket && window.fakeSocket.readyState === 1")
    page.locator("#rack .tile").first.click()
    page.locator(".board .cell.legal").first.click()
    page.locator(".board .cell.legal").first.click()
    page.locator("#confirm").click()
    page.wait_for_function("() => window.socketLog.sent.some(m => m.type === 'move')")
    page.evaluate("window.fakeSocket.serverSays({type: 'refused', error: {code: 'retry', message: 'again'}})")
    page.evaluate("window.fakeSocket.serverCloses(4503)")  # the server had a hiccup: a new socket, the move again
    # While the socket is down the page reads the room over HTTP: the move still pending goes that way, the same
    # client id, and the server applies it once.
    expect(page.locator("#status")).to_have_text(re.compile("is playing"), timeout=10_000)
    assert sum(e["type"] == "place" for e in look(room, 0)["events"]) == 1
    moves = [m for m in page.evaluate("window.socketLog.sent") if m["type"] == "move"]
    assert len({m["client_id"] for m in moves + posted}) == 1 and moves[0]["action"] == "place" and posted


def test_the_live_region_says_the_opponents_placement_and_confirming_may_be_turned_off(page):
    event, match, room = online_game("Said Open")
    page.goto(f"{page.base}/p/{match.second.link_token}/play/")  # the second player: the first plays first
    expect(page.locator("#status")).to_have_text(f"{match.first.name} is playing.", timeout=10_000)
    opponent_turn(room, 0)
    placed = next(e for e in look(room, 1)["events"] if e["type"] == "place")
    words = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
    expect(page.locator("#said")).to_contain_text(re.compile(
        f"{match.first.name} placed (double )?{words[placed['tile'][0]]}.*; scored "), timeout=10_000)
    expect(page.locator("#said")).to_contain_text("Your turn.")
    # The move list: the turn in words, its draw folded in, no coordinates.
    turn = page.locator("#moves li").nth(2)
    expect(turn).to_have_text(re.compile(f"^{match.first.name}: (double )?{words[placed['tile'][0]]}.* for .*; drew a tile\\.$"))
    assert "[" not in page.locator("#moves").inner_text()
    page.locator("#ask-confirm").uncheck()
    page.reload()
    expect(page.locator("#ask-confirm")).not_to_be_checked()  # remembered by the browser
    expect(page.locator("#status")).to_contain_text("Your turn: choose a tile.")
    page.locator("#rack .tile").first.click()
    page.locator(".board .cell.legal").first.click()
    page.locator(".board .cell.legal").first.click()  # sent at once: no Confirm asked
    expect(page.locator("#confirm-bar")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("choose", timeout=10_000)
    # The page moved on as it sent the move; the server stores it a moment later.
    deadline = time.monotonic() + 10
    while not (placed_now := sum(e["type"] == "place" and e["player"] == 1 for e in look(room, 1)["events"])):
        if time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert placed_now == 1
