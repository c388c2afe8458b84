"""One way to write time (docs/online-event.md, "Times"), where a player reads it before a game: the waiting room
and the private page write the wait in words ("1 h 29 min 5 s", seconds alone under a minute), the start as a time
of day in the site's zone, named, and the viewer's own time beside it where it differs (a browser in Kolkata); a
browser in the site's zone is not told its own time twice."""

import datetime
import re

import pytest
from django.utils import timezone

from tests.factories import make_event, matches
from tournament import services
from tournament.domain.times import time_of_day

from .conftest import expect

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = r"1 h (2[89]|30) min \d+ s"


@pytest.mark.parametrize("zone, own", [("Asia/Kolkata", True), ("Europe/London", False)])
def test_the_waiting_room_and_the_private_page_write_the_wait_and_the_start_one_way(live_server, chromium, zone, own):
    event = make_event(f"Times Open {len(zone)}", ["Cy Cole", "Di Dunn"], clock_s=600, play="online")
    starts = timezone.now() + datetime.timedelta(hours=1, minutes=30)
    services.publish_round(services.generate_round(event), starts_at=starts)
    player = matches(event)[0].first
    written = re.escape(time_of_day(starts, timezone.get_current_timezone()))  # "05:40:12 GMT"
    yours = r" \(\d\d:\d\d(:\d\d)? your time\)" if own else ""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, timezone_id=zone)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/p/{player.link_token}/play/")
        expect(page.locator("#status")).to_have_text(
            re.compile(f"^The game starts in {WAIT} \\(at {written}{yours}\\)\\.$"), timeout=10_000)
        page.goto(f"{live_server.url}/p/{player.link_token}/")
        expect(page.locator("#next-game")).to_have_text(re.compile(
            f"^Your game starts in {WAIT} \\(\\w+ \\d+ \\w+, {written}{yours}\\)\\.$"))
        expect(page.locator(".online-game")).to_contain_text(re.compile(f"from {written}{yours}:"))
    finally:
        context.close()
