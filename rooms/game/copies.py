"""This process's copies of the rooms it has read (each a `Table` at a sequence number), so a read replays only
the events it has not seen.

Only a shortcut: the database stays the one authority (docs/online-play.md, "Nothing lost").  `table_of` brings
this process's copy of a room up to the room row's last event (no query when it is there already);
`view_rung` brings it forward by the events a bell carries (`bell.ring`), with no query at all, or says it
cannot (this process does not have the room at the event before them) and the caller reads the database.
A copy goes back only once what it holds is committed (`keep_after_commit`), or at once after a read that
changed nothing (`keep`); one with events not stored (`Table.new`) never goes back.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from django.db import transaction

from ..models import Room
from .messages import view
from .referee import Stored, Table

logger = logging.getLogger(__name__)


class Copies:
    """The last committed game of each room this process has read, by the room's sequence number.

    Only a shortcut: the database stays the one authority.  A table is taken out
    to be used (so no two threads share one) and put back, with its sequence
    number, only once what it holds is committed; a room read after a change
    elsewhere replays just the events it has not seen.
    """

    MAX_ROOMS = 2_000

    def __init__(self):
        self.lock = threading.Lock()
        self.tables: OrderedDict[tuple, tuple[int, Table]] = OrderedDict()

    def take(self, room_id: tuple) -> tuple[int, Table] | None:
        with self.lock:
            return self.tables.pop(room_id, None)

    def keep(self, room_id: tuple, seq: int, table: Table) -> None:
        with self.lock:
            known = self.tables.get(room_id)
            if known is None or known[0] < seq:
                self.tables[room_id] = (seq, table)
                self.tables.move_to_end(room_id)
            while len(self.tables) > self.MAX_ROOMS:
                self.tables.popitem(last=False)


    def key_of(self, room_id: int) -> tuple | None:
        """The key of this process's copy of room `room_id`, if it has one (the newest, by the room's opening)."""
        with self.lock:
            keys = [key for key in self.tables if key[0] == room_id]
        return max(keys, default=None)


kept = Copies()  # this process's copies


def view_kept(room_id: int, seat: int | None, at_least: int, *, at_ms: int) -> dict | None:
    """The room as `seat` sees it from this process's copy, with no database read, when that copy holds event
    `at_least` or later (as current as anything this process has heard of the room) and has nothing to settle;
    else None: then the caller reads the database."""
    key = kept.key_of(room_id)
    cached = None if key is None else kept.take(key)
    if cached is None:
        return None
    seq, table = cached
    due = table.wakes_at()
    message = None if seq < at_least or table.new or (due is not None and due <= at_ms) else view(table, seat, seq,
                                                                                                    at_ms)
    if not table.new:
        kept.keep(key, seq, table)
    return message


def table_of(room: Room) -> Table:
    """The room's game as its stored events make it (replaying only those this process has not seen: none, and
    no query, when this process has the room at its last event)."""
    cached = kept.take(room_key(room))
    if cached is not None and cached[0] <= room.seq and not cached[1].new:
        seq, table = cached
        if seq < room.seq:
            # Up to the row's own number: a move committed since the row was read is not this table's (it is
            # kept under room.seq, and the bell of that move brings it forward).
            for event in room.events.filter(seq__gt=seq, seq__lte=room.seq).order_by("seq"):
                table._apply(Stored(event.kind, event.at_ms, event.data))
    else:
        events = [Stored(e.kind, e.at_ms, e.data) for e in room.events.filter(seq__lte=room.seq).order_by("seq")]
        table = Table.replay(room.names, room.clock_s, room.starts_at_ms, events)
    return table


def keep_after_commit(room: Room, table: Table) -> None:
    """Put the table back for the next read once the events it holds are committed (never a rolled-back one)."""
    key, seq = room_key(room), room.seq
    transaction.on_commit(lambda: kept.keep(key, seq, table))


def keep(room: Room, table: Table) -> None:
    """Put back at once a table a read took and did not change (nothing to wait for)."""
    kept.keep(room_key(room), room.seq, table)


def room_key(room: Room) -> tuple:
    """A room as the cache knows it: its id and when it opened (an id is never reused, but a flushed or
    restored database may give it again)."""
    return room.pk, room.opened_at_ms, room.starts_at_ms


def view_rung(room_id: int, seat: int | None, rung: dict, *, at_ms: int) -> dict | None:
    """The room as `seat` sees it after the bell `rung` (`bell.ring`: the events just committed, `seq_from` to
    `seq`; `key`, the room as `room_key` names it), with no database read: from this process's copy of the room,
    brought forward by the rung events.
    None when this process does not have the room at `seq_from - 1` or later (a missed bell, another thread
    using it, a restart), or the room has a start or a flag to settle: then `look`, which reads the database."""
    key = tuple(rung["key"])
    if key[0] != room_id:
        return None
    cached = kept.take(key)
    if cached is None:
        return None
    seq, table = cached
    first = rung["seq_from"]
    if table.new or seq < first - 1:
        if not table.new:
            kept.keep(key, seq, table)
        return None
    try:
        for number, (kind, event_at_ms, data) in enumerate(rung["events"], start=first):
            if number > seq:
                table._apply(Stored(kind, event_at_ms, data))
    except Exception:  # noqa: BLE001 - a copy that does not take the events is dropped: the database answers
        logger.warning("room %s: the process's copy did not take events %s-%s; read again", room_id, first,
                       rung["seq"], exc_info=True)
        return None
    seq = max(seq, rung["seq"])
    due = table.wakes_at()
    message = None if due is not None and due <= at_ms else view(table, seat, seq, at_ms)
    kept.keep(key, seq, table)  # only now: once kept, another thread may take it and move it on
    return message
