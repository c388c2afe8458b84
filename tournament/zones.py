"""The tournament's time zone, decided here once (docs/online-event.md, "Times"): its own `time_zone` where the
organiser set one, else the site's (`TIME_ZONE`).  Every time of day a page, a sheet or a mail shows is written by
`tournament.domain.times` in this zone; these are the two ways the site asks for it."""

from __future__ import annotations

import zoneinfo
from datetime import datetime

from django.conf import settings

from .domain.times import date_and_time, time_of_day


def zone_of(tournament=None) -> zoneinfo.ZoneInfo:
    """The zone a tournament's times are written in: its own, else the site's (also for no tournament)."""
    return zoneinfo.ZoneInfo(getattr(tournament, "time_zone", "") or settings.TIME_ZONE)


def time_in(moment: datetime, tournament=None) -> str:
    """"14:31:05 GMT": a time of day in the tournament's zone, named; to the second when off the minute."""
    return time_of_day(moment, zone_of(tournament))


def date_time_in(moment: datetime, tournament=None, *, year: bool = False) -> str:
    """"Saturday 10 July 2027, 14:00 BST" (with `year`) or "Saturday 10 July, 14:00 BST", in the tournament's zone."""
    return date_and_time(moment, zone_of(tournament), year=year)
