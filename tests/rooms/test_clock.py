"""The game room's clock (docs/online-play.md, "Clocks") as a pure value on a fake clock, in milliseconds."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rooms.game.clock import RoomClock, clock_text, reading_s
from rooms.game.network import MAX_ALLOWANCE_MS

TEN_MINUTES = 600_000


def test_a_turn_charges_the_time_from_its_start_to_the_last_decision():
    clock = RoomClock.new(600).start_turn(0, at_ms=1_000)
    clock = clock.end_turn(at_ms=13_500)  # 12.5 s thinking
    assert clock.left_ms == (587_500, 600_000)
    assert clock.readings(20_000) == (588, 600)  # 587.5 s read as 588: rounded up


def test_only_the_running_players_clock_runs():
    clock = RoomClock.new(600).start_turn(1, at_ms=0)
    assert clock.left(0, 50_000) == TEN_MINUTES
    assert clock.left(1, 50_000) == TEN_MINUTES - 50_000


def test_the_allowance_is_not_charged_and_is_capped_at_half_a_second():
    measured_200 = RoomClock.new(600).start_turn(0, at_ms=0, allowance_ms=200).end_turn(at_ms=10_000)
    assert measured_200.left_ms[0] == TEN_MINUTES - 9_800
    measured_2000 = RoomClock.new(600).start_turn(0, at_ms=0, allowance_ms=2_000).end_turn(at_ms=10_000)
    assert measured_2000.left_ms[0] == TEN_MINUTES - 9_500  # only 0.5 s of a 2 s delay is forgiven


def test_a_flag_falls_exactly_when_the_time_reaches_zero():
    clock = RoomClock.new(60).start_turn(0, at_ms=5_000, allowance_ms=300)
    assert clock.flag_at() == 5_000 + 300 + 60_000
    assert clock.left(0, 65_299) == 1 and clock.readings(65_299)[0] == 1
    assert clock.left(0, 65_300) == 0 and clock.flagged(0, 65_300)
    assert clock.readings(65_300)[0] == 0
    with pytest.raises(ValueError):
        clock.flag(65_299)
    flagged = clock.flag(65_300)
    assert flagged.left_ms == (0, 60_000) and flagged.running is None
    with pytest.raises(ValueError):
        flagged.start_turn(0, at_ms=70_000)  # no turn for a player out of time


def test_a_pause_stops_the_running_clock_and_moves_the_flag_by_its_length():
    clock = RoomClock.new(60).start_turn(0, at_ms=0)
    paused = clock.pause(at_ms=20_000)
    assert paused.left(0, 20_000) == 40_000 and paused.left(0, 500_000) == 40_000
    assert paused.flag_at() is None
    with pytest.raises(ValueError):
        paused.end_turn(30_000)  # moves are refused while paused
    resumed = paused.resume(at_ms=100_000)
    assert resumed.left(0, 100_000) == 40_000
    assert resumed.flag_at() == clock.flag_at() + 80_000


def test_a_start_time_passing_during_a_pause_starts_the_clock_at_the_resume():
    clock = RoomClock.new(60).pause(at_ms=0).start_turn(0, at_ms=10_000).resume(at_ms=25_000)
    assert clock.left(0, 25_000) == 60_000
    assert clock.left(0, 35_000) == 50_000


def test_readings_round_up_so_zero_means_out_of_time():
    assert [reading_s(ms) for ms in (0, 1, 999, 1_000, 1_001, 600_000)] == [0, 1, 1, 1, 2, 600]


def test_a_clock_shown_in_minutes_is_the_reading_rounded_up():
    assert [clock_text(ms) for ms in (0, 1, 59_001, 60_000, 544_001, 600_000)] == [
        "0:00", "0:01", "1:00", "1:00", "9:05", "10:00"]


# -- properties on random games ------------------------------------------------------------

# A game as steps: (kind, gap in ms before it, allowance).  Kinds: a turn ends,
# a pause, a resume; the driver skips what the state does not allow.
steps = st.lists(
    st.tuples(st.sampled_from(["end", "end", "end", "pause", "resume"]), st.integers(0, 90_000),
              st.integers(-100, 3_000)),
    max_size=40,
)


def drive(plan, clock_s=120, insert_pause=None):
    """Plays `plan` on a fresh clock; yields (now, clock) after each step, flagging when time runs out.

    `insert_pause` = (step index, length): a pause of that length just before that step, everything after
    it shifted by the length (for the "pauses change nothing" property).
    """
    clock = RoomClock.new(clock_s).start_turn(0, at_ms=0)
    now = 0
    shift = 0
    for index, (kind, gap, allowance) in enumerate(plan):
        if insert_pause is not None and index == insert_pause[0] and clock.paused_at is None:
            clock = clock.pause(now + shift)
            shift += insert_pause[1]
            clock = clock.resume(now + shift)
        now += gap
        at = now + shift
        if clock.running is not None and clock.flag_at() is not None and clock.flag_at() <= at:
            flagged_player = clock.running
            clock = clock.flag(clock.flag_at())
            other = 1 - flagged_player
            if clock.left_ms[other] == 0:
                yield at, clock
                return
            clock = clock.start_turn(other, at_ms=at, allowance_ms=allowance)
        if kind == "end" and clock.paused_at is None and clock.running is not None:
            player = clock.running
            clock = clock.end_turn(at)
            following = 1 - player if clock.left_ms[1 - player] > 0 else player
            if clock.left_ms[following] == 0:
                yield at, clock
                return
            clock = clock.start_turn(following, at_ms=at, allowance_ms=allowance)
        elif kind == "pause" and clock.paused_at is None:
            clock = clock.pause(at)
        elif kind == "resume" and clock.paused_at is not None:
            clock = clock.resume(at)
        yield at, clock


@settings(max_examples=200, deadline=None)
@given(steps)
def test_time_only_runs_down(plan):
    previous = (120_000, 120_000)
    for now, clock in drive(plan):
        current = (clock.left(0, now), clock.left(1, now))
        assert all(0 <= c <= p for c, p in zip(current, previous)), (previous, current)
        previous = current


@settings(max_examples=200, deadline=None)
@given(steps)
def test_a_flag_is_at_zero_exactly(plan):
    for now, clock in drive(plan):
        due = clock.flag_at()
        if due is not None:
            assert clock.left(clock.running, due) == 0
            assert clock.left(clock.running, due - 1) == 1
            assert clock.readings(due - 1)[clock.running] == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 100_000), st.integers(-1_000, 10_000), st.integers(0, 200_000))
def test_the_allowance_never_forgives_more_than_half_a_second(started, allowance, elapsed):
    clock = RoomClock.new(600).start_turn(0, at_ms=started, allowance_ms=allowance)
    charged = TEN_MINUTES - clock.left(0, started + elapsed)
    assert charged >= min(TEN_MINUTES, elapsed - MAX_ALLOWANCE_MS)
    assert charged <= elapsed


@settings(max_examples=200, deadline=None)
@given(steps, st.integers(0, 39), st.integers(1, 500_000))
def test_a_pause_changes_nothing_but_the_wall_time(plan, where, length):
    plain = [clock for _, clock in drive(plan)]
    with_pause = [clock for _, clock in drive(plan, insert_pause=(where, length))]
    assert [c.left_ms for c in plain] == [c.left_ms for c in with_pause]
    assert [c.running for c in plain] == [c.running for c in with_pause]
