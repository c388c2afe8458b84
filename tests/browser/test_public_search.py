"""The public pairings' "Find your name" box, typed as on a phone: without accents, with stray spaces."""

import pytest

from tests.factories import make_event

from .conftest import expect

pytestmark = pytest.mark.django_db(transaction=True)


def shown(page):
    """The names "Find your name" leaves shown, in order (its script hides the others as one types)."""
    return page.locator(".by-name li:not([hidden]) strong")


def test_a_name_is_found_without_its_accents(page):
    event = make_event("Search Open", ["Zoë Ørsted", "Ivo Jukić", "Ann Able", "Ben Baker"], system="swiss",
                       rounds_announced=3, publish_round_one=True)
    page.goto(f"{page.base}/t/{event.slug}/")
    box = page.locator("#find-player")
    for typed, names in (("zoe orsted", ["Zoë Ørsted"]), ("JUKIC", ["Ivo Jukić"]), ("  ann   able ", ["Ann Able"]),
                         ("b", ["Ann Able", "Ben Baker"])):
        box.fill(typed)
        expect(shown(page), typed).to_have_text(names)
        expect(page.locator("#no-match")).to_be_hidden()
    box.fill("xyz")
    expect(shown(page)).to_have_count(0)
    expect(page.locator("#no-match")).to_be_visible()
