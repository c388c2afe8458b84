"""The venue screen at 1920×1080: every pairing of a 40-player round, and the standings, without scrolling."""

import pytest

from tests.factories import make_event
from tournament import services

from .conftest import expect, shot

pytestmark = pytest.mark.django_db(transaction=True)

FITS = """() => {
  const page = document.querySelector('.screen-page:not([hidden])');
  const box = page.getBoundingClientRect();
  const outside = [...page.querySelectorAll('li, tr')].filter(row => {
    const r = row.getBoundingClientRect();
    return r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5;
  }).length;
  const root = document.scrollingElement;
  return {outside, scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
          names: [...page.querySelectorAll('.name')].map(n => n.textContent.trim())};
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_pairing_of_a_40_player_round_shows_without_scrolling(page, size):
    names = [f"Player {chr(65 + i // 26)}{chr(97 + i % 26)} Longername-{i:02}" for i in range(40)]
    event = make_event("Venue Open", names, ratings=list(range(2400, 2000, -10)), system="swiss",
                       rounds_announced=5, publish_round_one=True)
    services.enter_result(event.rounds.get().matches.first(), services.ResultEntry.typed(scores=[[7] * 6, [6] * 6]))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{page.base}/t/{event.slug}/screen/")
    count = 4  # the 40 pairings on one page, the standings on three (16 players each)
    expect(page.locator(".screen-page")).to_have_count(count)
    seen = set()
    for index in range(count):
        page.evaluate(f"window.screenShow({index})")
        fits = page.evaluate(FITS)
        assert fits["outside"] == 0 and not fits["scrolls"], (index, fits)
        seen.update(fits["names"])
        shot(page, f"venue-screen-{size[0]}-page{index + 1}")
    assert set(names) <= seen


WHOLE = """() => [...document.querySelectorAll('.screen-page:not([hidden]) .name')]
  .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent.trim())"""
LONG = ["Aleksandra Wiśniewska-Kowalczyk", "Łukasz Brzęczyszczykiewicz", "Christopher Fairweather", "Bartholomew Montgomery"]


@pytest.mark.parametrize("size", [(1024, 768), (1280, 900)])
def test_names_have_the_room_the_screen_has(page, size):
    """On a 4:3 or 16:10 projector the names were cut to 8-10 characters while half the screen was empty.  With
    40 seats, names of up to 18 characters ("Player Ab Longname", "Zoë Ørsted-Jensen") show whole beside their
    table and side; a field of up to 20 seats takes the whole width, and its 31-character name shows whole too."""
    names = [f"Player {chr(65 + i // 26)}{chr(97 + i % 26)} Longname" for i in range(39)] + ["Zoë Ørsted-Jensen"]
    event = make_event("Forty Open", names, system="swiss", rounds_announced=5, publish_round_one=True)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{page.base}/t/{event.slug}/screen/")
    page.evaluate("window.screenShow(0)")
    shot(page, f"venue-screen-40-names-{size[0]}")
    assert page.evaluate(WHOLE) == []

    small = make_event("Small Open", LONG + ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], system="swiss",
                       rounds_announced=5, publish_round_one=True)
    page.goto(f"{page.base}/t/{small.slug}/screen/")
    page.evaluate("window.screenShow(0)")
    assert page.evaluate(WHOLE) == []
    assert page.evaluate(FITS)["outside"] == 0
    shot(page, f"venue-screen-8-names-{size[0]}")
