"""What a room's socket accepts from a browser before anything else looks at it (docs/online-play.md).

Anyone may open a spectator's socket, so nothing a frame holds may cost the
server more than a refusal: a frame is read defensively (`read`: text only, at
most `MAX_FRAME_BYTES` bytes of UTF-8, the site's limit that the servers hold
too, one JSON object of a known type, or `BadFrame` with a code); each socket
has a `Budget` of messages (a burst, then a steady rate, never more than the
burst saved up however long it was quiet), past which its messages are refused
without a database read, and the socket is closed when it goes on; a socket's
first `BAD_FRAMES_ANSWERED` bad frames are answered, the next closes it; and a
bad frame is one WARNING line in the server's log, at most one a `WARN_EVERY_S`
for the whole process (`Warnings`), never a traceback.

Close codes the page knows (4000-4999: the application's own; Daphne refuses
1003 and 1007 from an application):
"""

from __future__ import annotations

import json
import logging
import time

from tournament.serving.socket_limits import MESSAGE_MAX_BYTES

logger = logging.getLogger("rooms.sockets.frames")

MAX_FRAME_BYTES = MESSAGE_MAX_BYTES  # a move is a few hundred bytes
BAD_FRAMES_ANSWERED = 20  # an honest page sends none: past these, the socket is closed (BAD_FRAMES)
TYPES = ("move", "sync", "pong")

# Close codes, each explained by the page (rooms/static/rooms/room.js).
BAD_FRAMES = 4400  # kept sending frames that are not the room's messages
NO_ROOM = 4404  # no such room or link
ROOM_GONE = 4409  # the room was closed (its round taken back): the page opens the player's game again
LINK_REPLACED = 4410  # the link was replaced: the page says whom to ask, and does not come back
TOO_MANY = 4429  # far past its budget of messages: the page comes back after a pause
SERVER_HICCUP = 4503  # the database did not answer: the page comes back at once and sends its move again


class BadFrame(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def read(text: str | None, data: bytes | None) -> dict:
    """The browser's message as a dict with a known `type`, or `BadFrame` saying why not."""
    if text is None:
        raise BadFrame("bad-frame", "the room reads text frames only")
    # A character is at least a byte: a text longer in characters is too long without encoding it.
    if len(text) > MAX_FRAME_BYTES or len(text.encode()) > MAX_FRAME_BYTES:
        raise BadFrame("bad-frame", f"a message is at most {MAX_FRAME_BYTES} bytes")
    try:
        content = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFrame("bad-frame", "a message is one JSON object") from None
    if not isinstance(content, dict):
        raise BadFrame("bad-frame", "a message is one JSON object")
    if content.get("type") not in TYPES:
        raise BadFrame("bad-frame", f"type: one of {', '.join(TYPES)}")
    return content


class Budget:
    """A socket's messages: `burst` at once, then `per_s` a second (a token bucket on the server's clock).
    `spend` says whether a message may be answered; `exhausted` whether the socket should be closed (it went on
    after `burst` refusals in a row); `bad_frame` counts a frame that is not a message and says when it is one too
    many.  Tokens never pile up past `burst`: a socket quiet for an hour still has only its burst to spend."""

    def __init__(self, burst: int = 20, per_s: float = 2.0, clock=time.monotonic):
        self.burst, self.per_s, self.clock = burst, per_s, clock
        self.tokens = float(burst)
        self.at = clock()
        self.refused_in_a_row = 0
        self.bad_frames = 0

    def spend(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_s)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        return False

    @property
    def exhausted(self) -> bool:
        return self.refused_in_a_row > self.burst

    def bad_frame(self) -> bool:
        """Counts a frame that is not a message: True when the socket should be closed (past `BAD_FRAMES_ANSWERED`)."""
        self.bad_frames += 1
        return self.bad_frames > BAD_FRAMES_ANSWERED


class Warnings:
    """One WARNING line for a socket's misbehaviour, at most one every `every_s` in the process (the rest
    counted and named in the next line): a stranger's flood of bad frames cannot flood the log."""

    def __init__(self, every_s: float = 10.0, clock=time.monotonic):
        self.every_s, self.clock = every_s, clock
        self.last: float | None = None
        self.held = 0

    def warn(self, what: str, *args) -> bool:
        now = self.clock()
        if self.last is not None and now - self.last < self.every_s:
            self.held += 1
            return False
        held, self.held, self.last = self.held, 0, now
        logger.warning("room socket: " + what + (f" ({held} more not logged)" if held else ""), *args)
        return True


warnings = Warnings()
