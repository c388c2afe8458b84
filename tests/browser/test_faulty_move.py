"""An arbiter pastes an illegal log on /logs/check/ and sees the faulty placement on the board.

Two logs: one placement moved off the playing area (outlined outside it), and
a clock reading above the player's previous one (the player's readings listed,
the refused one marked).  At a phone's width (390 px) and a desktop's (1280 px);
screenshots in tests/artifacts/.
"""

import json

import pytest

from games.engine.simulate import random_game

from .conftest import expect, shot

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
    expect(page.locator("h2:has-text('Invalid log')")).to_have_text("Invalid log: off-board")
    expect(page.locator(f"text=Event {index}: Ann Able placed on [6,0]")).to_have_count(1)
    expect(page.locator(f"p.what:has-text('Event {index}:')")).to_have_count(1)
    outlined = page.locator(".faulty-move svg.board g.faulty")
    expect(outlined).to_have_count(2)
    for cell in ("6,0", "6,-1"):
        expect(outlined.and_(page.locator(f"[data-cell='{cell}']"))).to_have_count(1)
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
    expect(page.locator(".faulty-move svg.board g.placed")).to_have_count(2 * 12)
    expect(page.locator("text=lie off the playing area")).to_have_count(1)
    shot(page, f"faulty-move-off-board-{width}")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_bad_clock_shows_the_players_readings(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    log, index, previous = clock_log()
    check(page, log)
    expect(page.locator("h2:has-text('Invalid log')")).to_have_text("Invalid log: bad-clock")
    player = NAMES[log["events"][index]["player"]]
    expect(page.locator(f"h3:has-text(\"{player}'s clock readings\")")).to_have_count(1)
    marked = page.locator("table.readings tr.marked")
    expect(marked).to_have_count(1)
    expect(marked.locator("td").first).to_have_text(str(index))
    expect(marked).to_contain_text(str(previous + 30))
    expect(page.locator(".faulty-move svg.board g.faulty")).to_have_count(2)  # the placement is on the board too
    shot(page, f"faulty-move-bad-clock-{width}")
