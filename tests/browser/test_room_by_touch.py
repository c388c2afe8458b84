"""A whole game by touch on a 390x844 phone: each placement shown in place with its
points and sent only on Confirm, an Undo on the way that sends nothing, a tap on a taken cell that says why, and the
board, the rack and the buttons on one screen at every turn (the page never scrolls).

The test server has no WebSocket: the page reads the room over plain HTTP. The opponent plays through the service."""

import pytest
from playwright.sync_api import expect

from .room_play import (QUICK_POLL, ended, first_time, look, my_turns, online_game, rack_as_it_holds, snap, snap_both,
                        to_end)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone(live_server, chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    tab = context.new_page()
    tab.add_init_script(QUICK_POLL)
    tab.base = live_server.url
    errors = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    yield tab
    context.close()
    assert errors == [], errors


def on_screen(page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)


def placed_count(room) -> int:
    return sum(e["type"] == "place" for e in look(room, 0)["events"])


def test_a_whole_game_by_touch_on_a_phone_every_placement_confirmed(phone):
    page = phone
    event, match, room = online_game("Touch Open")
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    confirmed, undone, told_taken, shots = 0, False, False, set()
    for text in my_turns(page, room):
        if to_end(text):
            if first_time(shots, "swap"):
                snap_both(page, "swap-offered")
            rack_as_it_holds(page, room)
            on_screen(page, "#end-turn")
            page.locator("#end-turn").tap()
            ended(page)
            continue
        if first_time(shots, "your-turn"):
            snap(page, "your-turn-390")
        if "Bonus" in text and first_time(shots, "bonus"):
            snap_both(page, "bonus")
        page.locator("#rack .tile").first.tap()
        if not told_taken and page.locator(".board .cell.filled:not(.start)").count():
            page.locator(".board .cell.filled:not(.start)").first.tap()
            expect(page.locator("#refusal")).to_have_text("That cell is taken.")
            told_taken = True
        page.locator(".board .cell.legal").first.tap()
        page.locator(".board .cell.legal").first.tap()
        expect(page.locator("#confirm-bar")).to_be_visible()
        expect(page.locator("#preview")).to_contain_text("scores")
        before = placed_count(room)
        for selector in ("#board", "#rack", "#confirm", "#undo"):
            on_screen(page, selector)
        if not undone:
            snap(page, "awaiting-confirmation-390")
            page.locator("#undo").tap()  # taken back: nothing sent, the tile still chosen, its cells free again
            expect(page.locator("#confirm-bar")).to_be_hidden()
            assert page.locator(".board .cell.proposed").count() == 0
            assert placed_count(room) == before
            undone = True
            page.locator(".board .cell.legal").first.tap()
            page.locator(".board .cell.legal").first.tap()
        page.locator("#confirm").tap()
        page.wait_for_function("() => !document.querySelector('#room.sending, .cell.proposed')")
        assert placed_count(room) == before + 1
        confirmed += 1
        assert page.evaluate("window.scrollY") == 0  # nothing on the turn needed a scroll
    snap(page, "game-over-390")
    assert confirmed >= 15 and undone and told_taken
