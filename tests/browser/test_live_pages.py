"""Live pages: a visitor's open standings change by themselves within 15 s of a result entered elsewhere."""

import time

import pytest

from tests.factories import make_event

from .conftest import log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long secret"


def test_the_open_standings_change_by_themselves_when_a_result_goes_in(page, django_user_model):
    expect = pytest.importorskip("playwright.sync_api").expect
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    event = make_event("Live Cup", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], ratings=[2000, 1900, 1800, 1700],
                       organiser=organiser, system="swiss", rounds_announced=3, publish_round_one=True)
    game = event.rounds.get().matches.select_related("first", "second").order_by("table").first()

    page.goto(f"{page.base}/t/{event.slug}/standings/")  # a visitor, not logged in: the cached, tagged page
    expect(page.locator("#live-note")).to_have_text("Updates by itself.")
    first_row = page.locator("table tbody tr").first
    expect(first_row).to_contain_text("1-4")  # everyone on 0 VP: a shared first place

    desk = page.context.browser.new_page(viewport={"width": 1280, "height": 900})  # the results desk, elsewhere
    desk.base = page.base
    log_in(desk, "org", PASSWORD)
    desk.goto(f"{page.base}/manage/{event.slug}/round/1/results/")
    for value in [9] * 6:
        desk.keyboard.type(str(value))
        desk.keyboard.press("Tab")
    desk.keyboard.press("Tab")
    for value in [4] * 6:
        desk.keyboard.type(str(value))
        desk.keyboard.press("Tab")
    desk.keyboard.press("Enter")
    expect(desk.locator("#counter")).to_have_text("1 of 2 results in")
    saved = time.monotonic()

    expect(page.locator("#live-note")).to_contain_text("Updated at", timeout=15000)
    expect(first_row).to_contain_text(game.first.name, timeout=1000)
    expect(first_row).not_to_contain_text("1-4")  # the winner alone in first place, 1 VP
    assert time.monotonic() - saved < 15
    shot(page, "live-standings-390")
    desk.close()
