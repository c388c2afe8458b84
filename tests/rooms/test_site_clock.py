"""The site's clock that the live room tests move on (`live_site.SiteClock`), on the night summer time ends: the
start a test types out of the repeated hour is reached by moving the clock on by the real time between them."""

from __future__ import annotations

from datetime import timedelta, timezone
from zoneinfo import ZoneInfo

import time_machine
from django.conf import settings
from django.utils import timezone as django_timezone

from tests.factories import typable, typed

from .live_site import SiteClock

LEAD_S = 60


def end_of_summer_time():
    """The next instant the site's zone puts its clocks back (an hour a step: the zone changes on the hour)."""
    zone = ZoneInfo(settings.TIME_ZONE)
    moment = django_timezone.now().astimezone(timezone.utc).replace(minute=0, second=0, microsecond=0)
    while not moment.astimezone(zone).utcoffset() > (moment + timedelta(hours=1)).astimezone(zone).utcoffset():
        moment += timedelta(hours=1)
    return moment + timedelta(hours=1)


def test_a_start_typed_out_of_the_repeated_hour_is_reached_after_the_real_time_between(tmp_path):
    # Six minutes before London's 02:00 BST becomes 01:00 GMT: a minute ahead is 01:55 BST, which 01:55 GMT repeats;
    # the first time after it that is not repeated is 02:55 GMT, two hours (not one) after 00:55 UTC.
    with time_machine.travel(end_of_summer_time() - timedelta(minutes=6), tick=False):
        clock = SiteClock(tmp_path)
        start = typable(clock.now() + timedelta(seconds=LEAD_S))
        skipped = (start - clock.now()).total_seconds() - LEAD_S
        clock.move_on(skipped, step_s=skipped)
        assert skipped == 2 * 3600
        assert typed(start) == typed(clock.now() + timedelta(seconds=LEAD_S))
        assert typed(start).endswith("T02:55:00")
        # In London time as in UTC: the same instant, a minute before the start.
        assert clock.now(ZoneInfo(settings.TIME_ZONE)) == start - timedelta(seconds=LEAD_S)
