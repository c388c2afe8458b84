"""Threads that race: the same call made from several threads released together, for the tests that show a
write happens once however many callers reach it at the same moment (the outbox's senders, the timetable's
advances, a player's presses while the timetable pairs); and the rows a call locks, in order, which shows on any
database the lock a race would need."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import contextmanager
from unittest import mock

from django.db import connection
from django.db.models.query import QuerySet


def at_once(call: Callable[[], object], threads: int = 2) -> list:
    """What `call()` returned in each of `threads` threads, started together at a barrier (in the order they
    finished)."""
    return together([call] * threads)


def together(calls: list[Callable[[], object]]) -> list:
    """What each of `calls` returned, each in its own thread, all started together at a barrier (in the order they
    finished). Each thread closes its own database connection; an error in any of them is raised here."""
    start = threading.Barrier(len(calls))
    answers, errors = [], []

    def run(call):
        try:
            start.wait()
            answers.append(call())
        except BaseException as error:  # raised again in the test's own thread, where pytest sees it
            errors.append(error)
        finally:
            connection.close()

    running = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    if errors:
        raise errors[0]
    return answers


@contextmanager
def locks_taken():
    """The models whose rows are locked (`select_for_update`), in order: on any database."""
    order = []
    real = QuerySet.select_for_update

    def spy(self, *args, **kwargs):
        order.append(self.model.__name__)
        return real(self, *args, **kwargs)

    with mock.patch.object(QuerySet, "select_for_update", spy):
        yield order
