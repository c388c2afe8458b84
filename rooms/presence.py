"""Each seat's connection to its room: connected now, or last seen when (docs/online-event.md, "Presence and attention").

Stored in the room's row, not in a process: several instances serve the sockets, and an instance may die without
saying goodbye.  The WebSocket consumer calls `arrived` when a seat's socket opens, `still_here` on each answer to
its ping (at most every ~10 s a socket), and `left` when it closes; each is one UPDATE of two columns.  A seat is
connected while it is there (arrived, not left) and was heard from within `CONNECTED_FOR_MS`: a socket whose
instance died stops refreshing, and the seat shows as gone within that time.
"""

from __future__ import annotations

from .models import Room

CONNECTED_FOR_MS = 25_000  # a heartbeat comes every ~10 s: two missed ones and the seat is gone
SEATS = (0, 1)


def arrived(room_id: int, seat: int, at_ms: int) -> bool:
    """The seat's socket opened at `at_ms`.  True when the room exists (the answer of the UPDATE)."""
    return _heard(room_id, seat, at_ms, here=True)


def still_here(room_id: int, seat: int, at_ms: int) -> bool:
    """The seat answered a ping at `at_ms`: still connected."""
    return _heard(room_id, seat, at_ms, here=True)


def left(room_id: int, seat: int, at_ms: int) -> bool:
    """The seat's socket closed at `at_ms`: last seen then."""
    return _heard(room_id, seat, at_ms, here=False)


def _heard(room_id: int, seat: int, at_ms: int, *, here: bool) -> bool:
    if seat not in SEATS:
        raise ValueError(f"seat: 0 or 1, not {seat!r}")
    return bool(Room.objects.filter(pk=room_id).update(**{f"seen{seat}_ms": at_ms, f"here{seat}": here}))


def connected(room: Room, seat: int, at_ms: int) -> bool:
    """Whether the seat is connected at `at_ms`: there, and heard from within `CONNECTED_FOR_MS`."""
    seen = getattr(room, f"seen{seat}_ms")
    return bool(getattr(room, f"here{seat}")) and seen is not None and at_ms - seen <= CONNECTED_FOR_MS


def presence_of(room: Room, at_ms: int) -> list[dict]:
    """Each seat's connection as the desk and the players see it: `connected`, and `seen_ms` (when the server
    last heard from the seat; None: never)."""
    return [{"connected": connected(room, seat, at_ms), "seen_ms": getattr(room, f"seen{seat}_ms")}
            for seat in SEATS]


def presence_text(seat_presence: dict, at_ms: int) -> str:
    """"connected", "never connected", or "last seen 2 min ago" / "last seen 40 s ago"."""
    if seat_presence["connected"]:
        return "connected"
    seen = seat_presence["seen_ms"]
    if seen is None:
        return "never connected"
    return f"last seen {ago_text(at_ms - seen)} ago"


def ago_text(ms: int) -> str:
    """A time gone by in the largest whole unit that fits: "40 s", "3 min", "2 h"."""
    seconds = max(0, ms // 1000)
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


def connected_players(round_, at_ms: int) -> int:
    """How many players are connected to the round's rooms at `at_ms` (what taking the round back would cut off)."""
    return sum(connected(room, seat, at_ms) for room in Room.objects.filter(match__round=round_).only(
        "seen0_ms", "seen1_ms", "here0", "here1") for seat in SEATS)
