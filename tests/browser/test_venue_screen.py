"""The venue screen at 1920×1080 (issue 17): every pairing of a 40-player round, and the standings, without scrolling."""

import pytest

from tests.factories import make_event
from tournament.models import Match
from tournament import services

from .conftest import shot

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
    services.enter_result(event.rounds.get().matches.first(), status=Match.PLAYED, scores=[[7] * 6, [6] * 6])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{page.base}/t/{event.slug}/screen/")
    count = page.evaluate("document.querySelectorAll('.screen-page').length")
    assert count == 4  # the 40 pairings on one page, the standings on three (16 players each)
    seen = set()
    for index in range(count):
        page.evaluate(f"window.screenShow({index})")
        fits = page.evaluate(FITS)
        assert fits["outside"] == 0 and not fits["scrolls"], (index, fits)
        seen.update(fits["names"])
        shot(page, f"venue-screen-{size[0]}-page{index + 1}")
    assert set(names) <= seen
