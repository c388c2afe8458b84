"""A same-named pair on the pages an organiser and a player read, in Chromium at a desk's and a phone's width
each told apart, "Find your name" finding the one meant; screenshots in tests/artifacts/."""

import pytest

from tournament import services

from tests.factories import play, play_rounds

from .conftest import expect, log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)

ENTRIES = [("Ann Able", 1500, "Oxford"), ("Ben Baker", 1800, ""), ("Ann Able", 1700, "Leeds"), ("Cy Cole", 1600, ""),
           ("Łukasz Nowak", 1400, ""), ("Zoë Zeal", 1300, ""), ("Ólafur Arnalds", 1200, ""), ("Di Dunn", 1900, "")]


def shown(page):
    """The names "Find your name" leaves shown, in order (its script hides the others as one types)."""
    return page.locator(".by-name li:not([hidden]) strong")


@pytest.fixture
def event(django_user_model):
    organiser = django_user_model.objects.create_user("org", password="org-pass", is_staff=True)
    tournament = services.create_tournament("Same Names Open", organiser, rounds_announced=3)
    for name, rating, club in ENTRIES:
        services.add_player(tournament, name, rating=rating, club=club, duplicate_ok=True)
    play_rounds(tournament, 1)  # round 1 played and closed, so that the standings have a result
    services.publish_round(services.generate_round(tournament))
    return tournament


def test_find_your_name_tells_the_pair_apart_and_finds_a_name_typed_without_its_letters(page, event):
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{page.base}/t/{event.slug}/")
        box = page.locator("#find-player")
        for typed, names in (("ann able", ["Ann Able (Leeds)", "Ann Able (Oxford)"]), ("oxford", ["Ann Able (Oxford)"]),
                             ("LUKASZ  nowak", ["Łukasz Nowak"]), ("łukasz", ["Łukasz Nowak"]),
                             ("olafur", ["Ólafur Arnalds"])):
            box.fill(typed)
            expect(shown(page), typed).to_have_text(names)
        box.fill("ann")
        shot(page, f"same-names-pairings-{width}")


def test_the_organisers_pages_at_a_desk_and_on_a_phone(page, event):
    play(event.rounds.get(number=2))
    services.generate_round(event)  # round 3 as a draft
    log_in(page, "org", "org-pass")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        for name, address in (("links", "links/"), ("draft", "round/3/"), ("dashboard", "")):
            page.goto(f"{page.base}/manage/{event.slug}/{address}")
            expect(page.get_by_text("Ann Able (Leeds)")).not_to_have_count(0)
            expect(page.get_by_text("Ann Able (Oxford)")).not_to_have_count(0)
            shot(page, f"same-names-{name}-{width}")
        page.goto(f"{page.base}/t/{event.slug}/screen/")
        shot(page, f"same-names-screen-{width}")
