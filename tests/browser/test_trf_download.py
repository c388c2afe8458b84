"""The TRF-16 download beside the tournament file on the organiser's dashboard."""

import pytest
from django.core.management import call_command

from tournament.models import Tournament
from tournament.management.commands.demo import DEMO_NAME

from .conftest import expect, log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long secret"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_organiser_downloads_the_trf_from_the_dashboard(page, django_user_model, width):
    call_command("demo")  # 24 players, four rounds played and the fifth under way
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    event = Tournament.objects.get(name=DEMO_NAME)
    event.organisers.add(organiser)
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, "org", PASSWORD)
    page.goto(f"{page.base}/manage/{event.slug}/")
    # Beside the tournament file, as the next link.
    expect(page.locator(".actions a:text-is('Download tournament file') + a")).to_have_text("Download TRF-16")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    shot(page, f"dashboard-trf-{width}")
    with page.expect_download() as download:
        page.click("text=Download TRF-16")
    assert download.value.suggested_filename == f"{event.slug}.trf"
    lines = open(download.value.path(), encoding="utf-8").read().splitlines()
    assert lines[0] == f"012 {event.name}"
    assert sum(line.startswith("001") for line in lines) == 24
    # The four rounds with every result in; the fifth, under way, is left out (TRF-16 has no "to come").
    assert {len(line) for line in lines if line.startswith("001")} == {89 + 10 * 4}
