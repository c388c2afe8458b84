"""The analysis on a finished game's replay page, in Chromium at 1280 and 390 px: each placement's rank as the viewer
steps, the best candidate's outline shown and hidden by keyboard alone, each player's "best found" and picture, the
picture inside the phone's width, and axe-core (WCAG 2.1 A and AA) finding nothing.  Screenshots go to
/tmp/shots-analysis/ (and tests/artifacts/)."""

from pathlib import Path

import pytest

from games.engine.analysis import analyse
from games.engine.simulate import random_game
from tournament.records import import_record
from tournament.tfile import parse

from .conftest import expect, shot, violations

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann Able", "Zoë Ørsted"]
SHOTS = Path("/tmp/shots-analysis")


def finished_event():
    log = random_game(2, "mso", seed=2, samples=60, names=NAMES)
    tournament = import_record(parse({
        "format": "ingenious-tournament/1", "settings": {"system": "swiss", "rounds": 1}, "name": "Analysis Open",
        "players": [{"id": 1, "name": NAMES[0]}, {"id": 2, "name": NAMES[1]}],
        "rounds": [{"number": 1, "matches": [{"first": 1, "second": 2, "status": "played", "scores": log["final"],
                                               "flagged": [False, False], "log": log}]}],
    }))
    return tournament, analyse(log)


def save(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    shot(page, f"analysis-{name}")


@pytest.fixture
def tab(live_server, chromium):
    """axe is injected by the test, so this context bypasses the Content-Security-Policy (the page is as served)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.base = live_server.url
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("width", [1280, 390])
def test_ranks_best_outline_by_keyboard_and_pictures(tab, width):
    page = tab
    page.set_viewport_size({"width": width, "height": 900 if width == 1280 else 844})
    tournament, analysis = finished_event()
    page.goto(f"{page.base}/t/{tournament.slug}/round/1/table/1/")
    worse = next(n for n, p in enumerate(analysis.positions, start=1) if not p.is_best)
    position = analysis.positions[worse - 1]
    # The viewer opens on the last placement; Home, then → as many times, brings it to the placement looked at.
    page.locator("#next").focus()
    page.keyboard.press("Home")
    for _ in range(worse):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#analysis-rank")).to_contain_text(f"Placement {worse}, ")
    expect(page.locator("#analysis-rank")).to_contain_text(f"{position.rank_words}. Best: {position.best.words}")
    expect(page.locator("#where")).to_contain_text(position.rank_words)
    outline = page.locator(f'.board .best[data-best="{worse}"]')
    assert outline.get_attribute("visibility") == "hidden"
    # Tab to the button and press it by keyboard: the outline shows, and follows the viewer to the next placement.
    button = page.locator("#show-best")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "show-best":
            break
    assert page.evaluate("document.activeElement.id") == "show-best"
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-pressed", "true")
    assert outline.get_attribute("visibility") == "visible"
    save(page, f"best-shown-{width}")
    page.keyboard.press("ArrowRight")
    expect(page.locator(f'.board .best[data-best="{worse + 1}"]')).to_have_attribute("visibility", "visible")
    assert outline.get_attribute("visibility") == "hidden"
    page.keyboard.press("Space")
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".board .best[visibility=visible]")).to_have_count(0)
    # Each player's figures, and a picture of each player's scores that fits the window.
    for name, figures in zip(NAMES, analysis.players):
        expect(page.locator("ul.found")).to_contain_text(f"{name}: best found: {figures.best_found} of {figures.positions}")
    charts = page.locator("svg.score-chart")
    expect(charts).to_have_count(2)
    for i in range(2):
        box = charts.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#analysis").scroll_into_view_if_needed()
    page.locator("details:has(#scores-0) summary").click()
    expect(page.locator("#scores-0 tbody tr")).to_have_count(analysis.players[0].positions)
    save(page, f"analysis-{width}")
    assert violations(page) == []
    button.click()
    assert violations(page) == []
