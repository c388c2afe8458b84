"""Reading the demo's standings and crosstable at desktop width and on a phone: the VP and tie-breaks
in view beside the names, the names staying in view when the results scroll, and each tie explained."""

import pytest
from django.core.management import call_command

from tournament.models import Tournament
from tournament.management.commands.demo import DEMO_NAME

from .conftest import shot

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_crosstable_keeps_names_and_vp_in_view_and_the_standings_explain_ties(page):
    expect = pytest.importorskip("playwright.sync_api").expect
    call_command("demo")
    slug = Tournament.objects.get(name=DEMO_NAME).slug
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{page.base}/t/{slug}/crosstable/")
        vp = page.locator("table.crosstable thead th.metric").first
        expect(vp).to_have_text("VP")
        assert vp.bounding_box()["x"] + vp.bounding_box()["width"] <= width  # VP in view without scrolling
        name = page.locator("table.crosstable tbody td.stick.name").first
        before = name.bounding_box()["x"]
        page.locator(".table-wrap").first.evaluate("wrap => wrap.scrollLeft = 2000")
        assert abs(name.bounding_box()["x"] - before) < 1  # the name stays where it was
        shot(page, f"crosstable-demo-{width}")
        page.goto(f"{page.base}/t/{slug}/crosstable/?view=rounds")
        expect(page.locator("table.crosstable.rounds")).to_be_visible()
        shot(page, f"crosstable-rounds-demo-{width}")
        page.goto(f"{page.base}/t/{slug}/standings/")
        expect(page.locator("#ties-heading")).to_have_text("Players level on VP")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width  # only the table's own box scrolls
        shot(page, f"standings-demo-{width}")
