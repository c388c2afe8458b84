"""The refusal and not-found pages, and an arbiter's list of tournaments, as a phone and a desktop show them."""

import pytest

from tests.factories import make_event
from tournament import services

from .conftest import log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long secret"


def test_an_arbiter_sees_the_site_style_refusal_and_a_replaced_link_says_so(page, django_user_model):
    expect = pytest.importorskip("playwright.sync_api").expect
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    arbiter = django_user_model.objects.create_user("arb", password=PASSWORD)
    event = make_event("Roles Cup", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], organiser=organiser,
                       system="swiss", publish_round_one=True)
    services.add_role(event, arbiter, "arbiter")
    ann = event.players.get(name="Ann Able")
    old = ann.link_token
    services.renew_link(ann)

    log_in(page, "arb", PASSWORD)
    page.goto(f"{page.base}/manage/")
    expect(page.locator(".topbar nav")).to_contain_text("Arbiter")
    expect(page.locator("text=New tournament")).to_have_count(0)
    page.goto(f"{page.base}/manage/{event.slug}/settings/")
    expect(page.locator("h1")).to_have_text("You may not open this page")
    shot(page, "roles-403-390")
    page.goto(f"{page.base}/p/{old}/")
    expect(page.locator("h1")).to_have_text("This private link was replaced")
    expect(page.locator("main")).to_contain_text("Ask the organiser (org)")  # who gives the new link, by name
    shot(page, "roles-replaced-link-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "roles-replaced-link-desktop")
