"""One way to write time (docs/online-event.md, "Times"): clock readings (the engine's `minutes`, the room's
`clock_text`), waits and times of day, worked out by hand.
No calendar date is written here: the moments are built from today's date in the zone."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from games.engine.clock import minutes
from rooms.game.clock import clock_text
from tournament.domain.times import date_and_time, time_of_day, wait_words

LONDON, KOLKATA = ZoneInfo("Europe/London"), ZoneInfo("Asia/Kolkata")


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (1, "0:01"), (545, "9:05"), (600, "10:00"),
                                          (3599, "59:59"), (3600, "1:00:00"), (3725, "1:02:05"), (14310, "3:58:30")])
def test_a_clock_reading_is_m_ss_and_h_mm_ss_from_an_hour(seconds, text):
    assert minutes(seconds) == text


@pytest.mark.parametrize("ms, text", [(544_001, "9:05"), (545_000, "9:05"), (1, "0:01"), (-5, "0:00")])
def test_a_rooms_clock_is_its_reading_rounded_up(ms, text):
    assert clock_text(ms) == text


@pytest.mark.parametrize("seconds, words", [(40, "40 s"), (0, "0 s"), (60, "1 min 0 s"), (240, "4 min 0 s"),
                                            (3723, "1 h 2 min 3 s"), (3600, "1 h 0 min 0 s")])
def test_a_wait_counts_seconds_under_a_minute(seconds, words):
    assert wait_words(seconds) == words


def test_a_time_of_day_is_in_the_zone_named_to_the_second_when_not_on_a_minute():
    today = datetime.now(timezone.utc).date()
    noon = datetime(today.year, 1, 15, 14, 30, tzinfo=timezone.utc)  # winter: London is on GMT
    assert time_of_day(noon, LONDON) == "14:30 GMT"
    assert time_of_day(noon + timedelta(seconds=15), LONDON) == "14:30:15 GMT"
    summer = datetime(today.year, 7, 15, 14, 30, tzinfo=timezone.utc)
    assert time_of_day(summer, LONDON) == "15:30 BST"
    assert time_of_day(noon, KOLKATA) == "20:00 IST"
    assert time_of_day(noon, ZoneInfo("Asia/Kathmandu")) == "20:15 UTC+05:45"  # a zone with no abbreviation
    assert date_and_time(noon, LONDON).endswith(" 15 January, 14:30 GMT")
