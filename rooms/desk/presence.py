"""Each seat's connection to its room: connected now, or last seen when (docs/online-event.md, "Presence and attention").

Stored in the room's row, not in a process: several instances serve the sockets, and an instance may die without
saying goodbye.  A seat's socket (`rooms.sockets.loops`) calls `arrived` when it opens, `still_here` on each answer
to its ping (at most every `HEARTBEAT_MS`), and `left` when it closes; the page's plain-HTTP fallback calls `still_here`
on each read.  Each is one UPDATE of the seat's columns, whichever instance makes it.

A seat may have several sockets (a second tab, a phone beside the laptop), on different instances: the row counts
them (`sockets0`/`sockets1`: +1 on arrival, -1 on leaving), so that one tab closing leaves the seat connected while
another is open.  The rule: a seat is **connected** while it was heard from within `CONNECTED_FOR_MS`, and either a
socket of it is open as far as the server knows (the count above 0) or the last word from it was not a goodbye
(`here`: a page reading over plain HTTP, which has no socket to count).  A socket whose instance died never says
goodbye: its count stays, and the seat shows as gone once nothing of it has been heard for `CONNECTED_FOR_MS`; the
next arrival after such a silence counts from 0 again (no socket that lives is silent that long).
"""

from __future__ import annotations

from django.db.models import Case, F, Q, Value, When

from ..models import Room

# A heartbeat comes every 10 to 15 s (`HEARTBEAT_MS`, marked on the answer to a ping sent every 5 s): a
# seat silent this long has missed more than one, and is gone.  Shorter would show a 15 s outage, but also flicker
# a healthy seat whose one heartbeat came late (docs/online-event.md, "Presence and attention").
CONNECTED_FOR_MS = 25_000
HEARTBEAT_MS = 10_000  # a seat's socket is marked `still_here` at most this often (on the answer to a ping)
SEATS = (0, 1)


def heartbeat_due(marked_ms: int, at_ms: int) -> bool:
    """Whether a socket whose seat was last marked at `marked_ms` marks it again at `at_ms` (`HEARTBEAT_MS`)."""
    return at_ms - marked_ms >= HEARTBEAT_MS


def arrived(room_id: int, seat: int, at_ms: int) -> bool:
    """A socket of the seat opened at `at_ms`: one more counted (the first, after a silence of `CONNECTED_FOR_MS`:
    the sockets counted before it are dead).  True when the room exists (the answer of the UPDATE)."""
    sockets, seen = _columns(seat)
    silent = Q(**{f"{seen}__isnull": True}) | Q(**{f"{seen}__lt": at_ms - CONNECTED_FOR_MS})
    return _heard(room_id, seat, at_ms, here=True,
                  sockets=Case(When(silent, then=Value(1)), default=F(sockets) + 1))


def still_here(room_id: int, seat: int, at_ms: int) -> bool:
    """The seat answered a ping at `at_ms`, or read its room over plain HTTP: still connected."""
    return _heard(room_id, seat, at_ms, here=True)


def left(room_id: int, seat: int, at_ms: int) -> bool:
    """A socket of the seat closed at `at_ms`: one fewer counted; last seen then, unless another is open."""
    sockets, _ = _columns(seat)
    return _heard(room_id, seat, at_ms, here=False,
                  sockets=Case(When(**{f"{sockets}__gt": 0}, then=F(sockets) - 1), default=Value(0)))


def _columns(seat: int) -> tuple[str, str]:
    if seat not in SEATS:
        raise ValueError(f"seat: 0 or 1, not {seat!r}")
    return f"sockets{seat}", f"seen{seat}_ms"


def _heard(room_id: int, seat: int, at_ms: int, *, here: bool, sockets=None) -> bool:
    count, seen = _columns(seat)
    change = {seen: at_ms, f"here{seat}": here, **({} if sockets is None else {count: sockets})}
    # One UPDATE: every expression in it reads the row as it was (the silence `arrived` tests is the one before).
    return bool(Room.objects.filter(pk=room_id).update(**change))


def connected(room: Room, seat: int, at_ms: int) -> bool:
    """Whether the seat is connected at `at_ms`: heard from within `CONNECTED_FOR_MS`, with a socket open as far
    as the server knows or a last word that was not a goodbye (the rule in this module's docstring)."""
    seen = getattr(room, f"seen{seat}_ms")
    there = getattr(room, f"sockets{seat}") > 0 or getattr(room, f"here{seat}")
    return bool(there) and seen is not None and at_ms - seen <= CONNECTED_FOR_MS


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
        "seen0_ms", "seen1_ms", "here0", "here1", "sockets0", "sockets1") for seat in SEATS)
