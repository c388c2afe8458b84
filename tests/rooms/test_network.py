"""The network allowance (docs/online-play.md, Clocks): measured by the server's own pings, credited on the clock,
and nothing a browser invents about time is credited."""

import pytest

from rooms import services
from rooms.game.network import RoundTrips
from rooms.models import RoomEvent
from tests.factories import make_event, matches
from tests.rooms.helpers import START, play_turn, seeded



def test_an_answer_counts_once_and_only_for_a_ping_the_server_sent():
    trips = RoundTrips()
    ping = trips.ping(1_000)
    assert not trips.pong(ping + 1, 1_010)  # an id never sent
    assert not trips.pong(str(ping), 1_010)  # not even spelt as text
    assert trips.allowance_ms() == 0
    assert trips.pong(ping, 1_080)
    assert not trips.pong(ping, 1_081)  # answered already
    assert trips.allowance_ms() == 40  # half of 80 ms


def test_holding_back_some_answers_gains_nothing_the_lowest_round_trip_counts():
    trips = RoundTrips()
    first, second, third = trips.ping(0), trips.ping(5_000), trips.ping(10_000)
    assert trips.pong(first, 1_200)  # held back 1.2 s
    assert trips.pong(second, 5_030)  # answered at once: 30 ms
    assert trips.pong(third, 11_200)  # held back again
    assert trips.allowance_ms() == 15


def test_a_browser_that_holds_back_every_answer_looks_like_a_slow_network_capped_at_half_a_second():
    trips = RoundTrips()
    for sent in (0, 5_000, 10_000):
        assert trips.pong(trips.ping(sent), sent + 1_200)
    assert trips.allowance_ms() == 500


def test_an_answer_to_a_ping_given_up_counts_for_nothing():
    trips = RoundTrips()
    oldest = trips.ping(0)
    for sent in (5_000, 10_000, 15_000, 20_000):  # four more outstanding: the oldest is given up
        trips.ping(sent)
    assert not trips.pong(oldest, 20_010)
    late = trips.ping(25_000)
    assert not trips.pong(late, 25_000 + 31_000)  # over 30 s: a dead ping, not a measurement


def test_the_allowance_is_stored_only_when_it_changes_by_ten_ms_or_more():
    trips = RoundTrips()
    assert trips.to_store() is None  # nothing measured yet
    trips.pong(trips.ping(0), 100)
    assert trips.to_store() == 50  # the first figure is always stored
    trips.pong(trips.ping(5_000), 5_084)
    assert trips.to_store() is None  # 42 ms: within 10 ms of 50
    trips.pong(trips.ping(10_000), 10_060)
    assert trips.to_store() == 30


# -- the allowance on the clock: measured here, stored by the service, charged by the room's clock ---------------


def bens_first_reading(trips: RoundTrips) -> int:
    """Ben's clock reading in the log after his first placement, 10 s into his turn on a 60 s clock, when his
    browser's answers were `trips` before his turn started."""
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=60))[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(1))
    allowance = trips.to_store()
    if allowance is not None:
        services.store_allowance(room.pk, 1, allowance)
    play_turn(room, 0, START + 1_000, seeded(3))
    mine = services.look(room.pk, 1, at_ms=START + 11_000).message
    services.move(room.pk, 1, "place", seq=mine["seq"], tile=mine["rack"][0], cells=mine["legal_pairs"][0],
                  at_ms=START + 11_000, draw=seeded(2))
    placed = RoomEvent.objects.filter(room=room, kind="log", data__type="place", data__player=1).get()
    return placed.data["clock_s"]


@pytest.mark.django_db
def test_a_measured_delay_is_credited_on_the_next_turn():
    trips = RoundTrips()
    trips.pong(trips.ping(START - 5_000), START - 5_000 + 1_600)  # a 1.6 s round trip: 0.8 s, capped at 0.5 s
    # 10 s of thinking, 0.5 s of it the network's: 50.5 s left, read as 51 (rounded up); 50 with no allowance.
    assert bens_first_reading(trips) == 51


@pytest.mark.django_db
def test_a_forged_answer_is_not_credited():
    trips = RoundTrips()
    trips.pong(999, START - 4_000)  # a pong for a ping never sent, claiming a slow network
    assert bens_first_reading(trips) == 50
