"""The public round page of an online round follows its games live: a running clock counts
down and an arbiter's pause shows, without a reload, at desktop and phone widths."""

import re

import pytest

from rooms.desk import arbiter as rooms
from tests.factories import make_event, matches

from .conftest import expect, shot

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = '[data-live-boards] tr[data-table="{table}"] [data-field="clock{seat}"]'
STATUS = '[data-live-boards] tr[data-table="{table}"] [data-field="status_text"]'


@pytest.mark.parametrize("width", [1280, 390])
def test_the_public_round_page_shows_the_clocks_running_and_a_pause_without_a_reload(page, width, django_user_model):
    arbiter = django_user_model.objects.create_user("arb-live", password="x")
    event = make_event("Online Live Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], publish_round_one=True,
                       clock_s=600, play="online", system="swiss", rounds_announced=3)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{page.base}/t/{event.slug}/round/1/")
    page.evaluate("window.notReloaded = true")
    first_clock = page.locator(CLOCK.format(table=1, seat=0))
    # The first-named player of each table is on move: their clock runs from 10:00; the other's stands at 10:00.
    page.wait_for_function("s => /^9:\\d\\d$/.test(document.querySelector(s).textContent)",
                           arg=CLOCK.format(table=1, seat=0), timeout=10_000)
    before = first_clock.text_content()
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent !== t",
                           arg=[CLOCK.format(table=1, seat=0), before], timeout=5_000)
    expect(page.locator(CLOCK.format(table=1, seat=1))).to_have_text("10:00")
    expect(page.locator(STATUS.format(table=1))).to_have_text(re.compile("^playing"))
    expect(page.locator('tr[data-table="1"] [data-field="lowest0"]')).to_have_text("0")

    room = matches(event)[1].room
    rooms.pause(room.pk, arbiter, "a player's connection")
    page.wait_for_function("s => document.querySelector(s).textContent === 'paused'",
                           arg=STATUS.format(table=2), timeout=10_000)
    paused_at = page.locator(CLOCK.format(table=2, seat=0)).text_content()
    page.wait_for_timeout(1_500)
    expect(page.locator(CLOCK.format(table=2, seat=0))).to_have_text(paused_at)  # a paused clock stands
    assert page.evaluate("window.notReloaded") is True
    # Nothing spills sideways at the phone's width.
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1")
    shot(page, f"online-round-live-{width}")


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_venue_screen_shows_the_live_boards_of_an_online_round(page, size):
    event = make_event("Online Screen Open", [f"Player {chr(65 + i)} Longername" for i in range(8)],
                       publish_round_one=True, clock_s=600, play="online", system="swiss", rounds_announced=3)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{page.base}/t/{event.slug}/screen/")
    page.evaluate("window.screenShow(0)")
    clock = '.screen-page:not([hidden]) tr[data-table="4"] [data-field="clock0"]'
    page.wait_for_function("s => /^9:\\d\\d$/.test(document.querySelector(s).textContent)", arg=clock, timeout=10_000)
    before = page.locator(clock).text_content()
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent !== t", arg=[clock, before],
                           timeout=5_000)
    expect(page.locator('.screen-page:not([hidden]) tr[data-table="4"] [data-field="status_word"]')).to_have_text("playing")
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")  # a projector page never scrolls
    shot(page, f"online-venue-screen-{size[0]}")
