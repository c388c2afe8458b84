"""A player's private page left open follows their game: the organiser moves the round's start
and the page's countdown and written start follow without a reload; the round taken back, the page reloads and says
no round is out; its link replaced, it says so. The page reads `/p/<token>/next.json` (countdown.js), here every 0.3 s instead of 25 s."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import make_event, matches
from tournament import services
from tournament.domain.times import time_of_day

from .conftest import expect, shot

pytestmark = pytest.mark.django_db(transaction=True)

QUICK_FOLLOW = "window.ingeniousFollowMs = 300;"


def test_the_private_page_follows_a_moved_start_without_a_reload_and_a_round_taken_back_with_one(page):
    event = make_event("Follow Open", ["Ann Able", "Ben Baker"], system="swiss", rounds_announced=3, play="online",
                       clock_s=600)
    round_ = services.generate_round(event)
    services.publish_round(round_, starts_at=timezone.now() + timedelta(hours=2))
    ann = next(m for m in matches(event)).first
    page.add_init_script(QUICK_FOLLOW)
    page.goto(f"{page.base}/p/{ann.link_token}/")
    countdown = page.locator("#next-game [data-starts-ms]")
    expect(countdown).to_have_text(re.compile(r"^1 h 59 min \d+ s$"))
    page.evaluate("window.notReloaded = true")

    moved = timezone.now() + timedelta(minutes=10)
    services.move_start(round_, moved)
    expect(countdown).to_have_text(re.compile(r"^9 min [45]\d s$"))  # 10 min less a few seconds: 9 min 5x s
    at = time_of_day(moved, timezone.get_current_timezone())  # to the second, the zone named: "14:04:37 GMT"
    expect(page.locator("#next-game")).to_contain_text(f", {at})")
    expect(page.locator(".online-game")).to_contain_text(f"from {at}:")
    assert page.evaluate("window.notReloaded") is True
    shot(page, "private-page-follows-moved-start")

    services.take_back(round_)  # another game (none): the page reloads and says so
    expect(page.locator("p.no-game")).to_have_text("No round is published yet.")
    assert page.evaluate("window.notReloaded === undefined")
    expect(page.locator("#next-game")).to_have_count(0)

    services.renew_link(ann)  # the page left open, its link replaced: it says so (410), and whom to ask
    expect(page.locator("h1")).to_have_text("This private link was replaced")
