"""The network allowance, measured and chosen in one place (docs/online-play.md, Clocks: "Network allowance").

Pure: the server's clock is passed in.  The server pings a seat's browser and
times the answer itself; nothing a browser says about time is used, not even
an echo of the server's own time (a browser could send back any number):

- each ping has an id the server chose and the server's own send time, kept
  until answered (at most `OUTSTANDING` at once, each for at most `ANSWER_WITHIN_MS`);
- only the answer to an outstanding ping counts, once; a pong with an id the
  server never sent, or sent already answered, counts for nothing;
- the one-way delay is half the **lowest** round trip of the last `SAMPLES`
  answers: a browser that holds back some of its answers gains nothing, since one
  prompt answer sets the figure; one that holds back every answer looks like a
  slow network, which `MAX_ALLOWANCE_MS` bounds.

The allowance of a turn is that delay, never below 0 and never above 0.5 s.
It is stored for the seat (the room's `delays_ms`, read when the seat's next
turn starts) only when it changes by `WORTH_WRITING_MS` or more.
"""

from __future__ import annotations

from collections import OrderedDict, deque

MAX_ALLOWANCE_MS = 500  # "at most 0.5 s a turn"
SAMPLES = 12  # the last minute of answers, at a ping every 5 s
OUTSTANDING = 4
ANSWER_WITHIN_MS = 30_000  # a later answer is a dead ping, not a measurement
WORTH_WRITING_MS = 10


def allowance_of(delay_ms: int | None) -> int:
    """A turn's allowance for a measured one-way delay: never below 0, never above 0.5 s (none measured: 0)."""
    if delay_ms is None:
        return 0
    return max(0, min(int(delay_ms), MAX_ALLOWANCE_MS))


class RoundTrips:
    """One socket's pings and the allowance its answers earn."""

    def __init__(self):
        self.sent: OrderedDict[int, int] = OrderedDict()  # ping id -> the server's send time (ms)
        self.round_trips: deque[int] = deque(maxlen=SAMPLES)
        self.next_id = 1
        self.stored: int | None = None  # the allowance last stored for the seat by this socket

    def ping(self, now_ms: int) -> int:
        """A new ping sent at `now_ms`: its id, for the message.  The oldest unanswered one is given up past
        `OUTSTANDING`."""
        ping_id, self.next_id = self.next_id, self.next_id + 1
        self.sent[ping_id] = now_ms
        while len(self.sent) > OUTSTANDING:
            self.sent.popitem(last=False)
        return ping_id

    def pong(self, ping_id, now_ms: int) -> bool:
        """The answer to ping `ping_id` arrived at `now_ms`; whether it counted (an outstanding ping's, in time)."""
        if type(ping_id) is not int:
            return False
        sent_ms = self.sent.pop(ping_id, None)
        if sent_ms is None:
            return False
        round_trip = now_ms - sent_ms
        if not 0 <= round_trip <= ANSWER_WITHIN_MS:
            return False
        self.round_trips.append(round_trip)
        return True

    def allowance_ms(self) -> int:
        """The allowance the answers so far earn: half the lowest round trip, capped (0 before any answer)."""
        if not self.round_trips:
            return 0
        return allowance_of(min(self.round_trips) // 2)

    def to_store(self) -> int | None:
        """The allowance to store for the seat now, or None when it has not changed enough to be worth a write
        (the first measurement is always stored: the seat's stored figure may be another socket's)."""
        if not self.round_trips:
            return None
        allowance = self.allowance_ms()
        if self.stored is not None and abs(allowance - self.stored) < WORTH_WRITING_MS:
            return None
        self.stored = allowance
        return allowance
