"""The public pairings' "Find your name" box, typed as on a phone: without accents, with stray spaces."""

import pytest

from tests.factories import make_event

pytestmark = pytest.mark.django_db(transaction=True)


def shown(page):
    return page.evaluate("[...document.querySelectorAll('.by-name li')].filter(li => !li.hidden)"
                         ".map(li => li.querySelector('strong').textContent)")


def test_a_name_is_found_without_its_accents(page):
    event = make_event("Search Open", ["Zoë Ørsted", "Ivo Jukić", "Ann Able", "Ben Baker"], system="swiss",
                       rounds_announced=3, publish_round_one=True)
    page.goto(f"{page.base}/t/{event.slug}/")
    box = page.locator("#find-player")
    for typed, names in (("zoe orsted", ["Zoë Ørsted"]), ("JUKIC", ["Ivo Jukić"]), ("  ann   able ", ["Ann Able"]),
                         ("b", ["Ann Able", "Ben Baker"])):
        box.fill(typed)
        assert shown(page) == names, typed
        assert page.locator("#no-match").is_hidden()
    box.fill("xyz")
    assert shown(page) == [] and page.locator("#no-match").is_visible()
