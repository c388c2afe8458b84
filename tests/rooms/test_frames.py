"""What a room's socket reads from a browser before anything else looks at it (rooms/sockets/frames.py): the size of a
frame in bytes, and a socket's budget of messages on its own clock."""

import json

import pytest

from rooms.sockets import frames
from rooms.sockets.frames import BadFrame, Budget


class Clock:
    """The budget's clock, moved by the test."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def sync_frame(pad: str) -> str:
    """A `sync` message carrying `pad` as it is (UTF-8, not escaped)."""
    return json.dumps({"type": "sync", "pad": pad}, ensure_ascii=False)


def sync_frame_of(size_bytes: int) -> str:
    """A `sync` message of exactly `size_bytes` bytes."""
    return sync_frame("a" * (size_bytes - len(sync_frame("").encode())))


def test_a_frame_is_limited_in_bytes_not_in_characters():
    assert frames.read(sync_frame_of(frames.MAX_FRAME_BYTES), None)["type"] == "sync"
    with pytest.raises(BadFrame):
        frames.read(sync_frame_of(frames.MAX_FRAME_BYTES + 1), None)
    # "é" is 2 bytes: 3,000 of them are fewer characters than the limit and half as many bytes again.
    wide = sync_frame("é" * 3_000)
    assert len(wide) < frames.MAX_FRAME_BYTES < len(wide.encode())
    with pytest.raises(BadFrame) as refused:
        frames.read(wide, None)
    assert refused.value.code == "bad-frame"


def test_an_hour_quiet_saves_up_no_more_than_the_burst():
    clock = Clock()
    budget = Budget(burst=20, per_s=2.0, clock=clock)
    clock.now += 3600  # 7,200 tokens earned at 2 a second, if nothing held them to the burst
    assert [budget.spend() for _ in range(21)] == [True] * 20 + [False]
    clock.now += 1.0  # then 2 a second again
    assert [budget.spend() for _ in range(3)] == [True, True, False]


def test_a_socket_is_closed_once_it_goes_on_past_a_burst_of_refusals():
    budget = Budget(burst=3, per_s=2.0, clock=Clock())  # the clock stands still: no token comes back
    assert [budget.spend() for _ in range(3)] == [True] * 3
    refusals = []
    for _ in range(4):
        budget.spend()
        refusals.append(budget.exhausted)
    assert refusals == [False, False, False, True]  # 3 refusals in a row are answered, the 4th closes it


def test_a_socket_s_bad_frames_are_answered_up_to_the_stated_count_then_it_is_closed():
    budget = Budget()
    assert [budget.bad_frame() for _ in range(21)] == [False] * 20 + [True]
