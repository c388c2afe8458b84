"""This process's sockets by room, and the check that none stays behind its room, nor open on a replaced link.

The channel layer only rings: Redis's publish-subscribe reaches only the
processes listening at that moment (not while Redis restarts, nor while a
process joins it again), and channels-redis's queued layer dropped rings
silently past a process's queue of 100.  Every `CHECK_EVERY_S` one query per
process reads, for each room its sockets watch, its sequence number and its
two seats' live private links:

- a socket still behind the number read at the check before (its bell had all
  that time to come) looks again: a lost bell costs its watcher a few seconds,
  never a game that waits for a move it was never shown;
- a seat's socket opened with a link the organiser has since renewed is closed
  (the renewal's own message closes it at once; this check, when that message
  was lost);
- a socket of a room no longer stored (its round taken back) is closed, and its
  page opens the player's game anew.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from ..models import Room
from .threads import database_sync_to_async

logger = logging.getLogger("rooms.sockets.consumers")

CHECK_EVERY_S = 2.0  # a socket whose bell was lost is caught up within two of these


class Watchers:
    def __init__(self):
        self.rooms: dict[int, set] = {}
        self.read: dict[int, int] = {}  # room -> its sequence number at the last check
        self.task: asyncio.Task | None = None

    def add(self, consumer) -> None:
        self.rooms.setdefault(consumer.room_id, set()).add(consumer)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._check_while_watched())

    def discard(self, consumer) -> None:
        watching = self.rooms.get(consumer.room_id)
        if watching is not None:
            watching.discard(consumer)
            if not watching:
                del self.rooms[consumer.room_id]
                self.read.pop(consumer.room_id, None)

    async def _check_while_watched(self):
        while self.rooms:
            await asyncio.sleep(CHECK_EVERY_S)
            try:
                await self.check()
            except Exception:  # noqa: BLE001 - a database hiccup: the next check tries again
                logger.warning("could not check the watched rooms' sequence numbers", exc_info=True)

    async def check(self) -> None:
        watched = list(self.rooms)
        stored = await database_sync_to_async(_stored)(watched)
        for room_id in watched:
            if room_id not in stored:  # closed: its round was taken back
                for consumer in list(self.rooms.get(room_id, ())):
                    consumer.room_gone()
        for room_id, (seq, links) in stored.items():
            before, self.read[room_id] = self.read.get(room_id), seq
            for consumer in list(self.rooms.get(room_id, ())):
                if consumer.seat is not None and links[consumer.seat] != consumer.link:
                    consumer.link_gone()
                elif before is not None and consumer.sent_seq < before:
                    # Behind the number read a check ago (a room's first read is skipped: its bells had no time).
                    consumer.catch_up()


def _stored(room_ids) -> dict[int, tuple[int, tuple[str, str]]]:
    """Each room's sequence number and its seats' live links, in one query."""
    rows = Room.objects.filter(pk__in=room_ids).values_list(
        "pk", "seq", "match__first__link_token", "match__second__link_token")
    return {pk: (seq, (first, second)) for pk, seq, first, second in rows}


_watchers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Watchers]" = weakref.WeakKeyDictionary()


def watchers() -> Watchers:
    """The sockets of this event loop (one per server process; each test's own)."""
    return _watchers.setdefault(asyncio.get_running_loop(), Watchers())
