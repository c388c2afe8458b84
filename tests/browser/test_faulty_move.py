"""An arbiter pastes an illegal log on /logs/check/ and sees the faulty placement on the board.

Two logs: one placement moved off the playing area (outlined outside it), and
a clock reading above the player's previous one (the player's readings listed,
the refused one marked).  At a phone's width (390 px) and a desktop's (1280 px);
screenshots in tests/artifacts/.
"""

import json

import pytest

from games.engine.simulate import random_game

from .conftest import shot

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann Able", "Zoë Ørsted"]


def placements(log):
    return [i for i, e in enumerate(log["events"]) if e["type"] == "place"]


def off_board_log():
    """Placement 12 moved to [6, 0] and [6, -1]: ring 6, outside the 2-player area (ring 5)."""
    log = random_game(2, "mso", seed=3, names=NAMES, clock=True)
    index = placements(log)[12]
    log["events"][index]["cells"] = [[6, 0], [6, -1]]
    return log, index


def clock_log():
    """A reading raised above the same player's previous one."""
    log = random_game(2, "mso", seed=3, names=NAMES, clock=True)
    events = log["events"]
    index = placements(log)[15]
    player = events[index]["player"]
    previous = [events[i]["clock_s"] for i in placements(log) if i < index and events[i]["player"] == player][-1]
    events[index]["clock_s"] = previous + 30
    return log, index, previous


def check(page, log):
    page.goto(page.base + "/logs/check/")
    page.fill("#id_text", json.dumps(log))
    page.click("button:has-text('Check')")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_off_board_placement_is_outlined_outside_the_area(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    log, index = off_board_log()
    check(page, log)
    assert page.locator("h2:has-text('Invalid log')").inner_text() == "Invalid log: off-board"
    assert page.locator(f"text=Event {index}: Ann Able placed on [6,0]").count() == 1
    assert page.locator(f"p.what:has-text('Event {index}:')").count() == 1
    outlined = page.locator(".faulty-move svg.board g.faulty")
    assert outlined.count() == 2
    assert sorted(outlined.nth(i).get_attribute("data-cell") for i in range(2)) == ["6,-1", "6,0"]
    # The outlined hexes lie outside the playing area's hexes, to the east (q = 6 > 5).
    board = page.locator(".faulty-move svg.board").bounding_box()
    assert board["width"] <= width
    area_right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.faulty-move svg.board > polygon, .faulty-move svg.board g.start')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    for i in range(2):
        box = outlined.nth(i).bounding_box()
        assert box["x"] + box["width"] / 2 > area_right - 1
        assert box["width"] > 8  # drawn, not collapsed
    # The board before the event: every earlier placement's two hexes are on it.
    assert page.locator(".faulty-move svg.board g.placed").count() == 2 * 12
    assert page.locator("text=lie off the playing area").count() == 1
    shot(page, f"faulty-move-off-board-{width}")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_bad_clock_shows_the_players_readings(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    log, index, previous = clock_log()
    check(page, log)
    assert page.locator("h2:has-text('Invalid log')").inner_text() == "Invalid log: bad-clock"
    player = NAMES[log["events"][index]["player"]]
    assert page.locator(f"h3:has-text(\"{player}'s clock readings\")").count() == 1
    marked = page.locator("table.readings tr.marked")
    assert marked.count() == 1
    assert marked.locator("td").first.inner_text() == str(index)
    assert str(previous + 30) in marked.inner_text()
    assert page.locator(".faulty-move svg.board g.faulty").count() == 2  # the placement is on the board too
    shot(page, f"faulty-move-bad-clock-{width}")
