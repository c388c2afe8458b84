"""Benchmark, by hand: what one move of a game room costs the server, machine-independently.

    .venv/bin/python -m pytest tests/bench/test_bench_room_move.py -s

Plays a whole game through `rooms.services` (a fixed seed, a fake clock, no flag) and, for each move, counts
the SQL queries and the CPU time (`time.process_time`) of
  (a) the move itself (`services.move`: its transaction, its answer to the mover);
  (b) what each viewer's socket does once the bell rings: the opponent's, the mover's and a spectator's
      view of the room (`consumers.RoomConsumer.room_bell`: the read and the JSON it sends), both as a process
      that has seen the room up to the move before (its replay cache one move behind: another worker) and as the
      process that made the move; a watcher whose cache is empty replays the whole game (`cold`);
  (c) the channel layer's send (`bell.ring`, on the layer the settings give: in memory in the tests).
Prints the mean and worst per move, and the total of one move seen by its opponent and `SPECTATORS` spectators.
Nothing is asserted but that the game finished: the figures are for reading.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms.sockets import bell
from rooms.game import copies
from rooms import services
from tests.factories import make_event, matches
from tests.rooms.helpers import START, seeded

pytestmark = pytest.mark.django_db(transaction=True)

SPECTATORS = 4  # 1,000 spectators over 250 games


class Costs:
    def __init__(self):
        self.samples = defaultdict(list)  # what -> [(queries, cpu ms, bytes)]

    def measure(self, what, function, *args, **kwargs):
        with CaptureQueriesContext(connection) as queries:
            began = time.process_time()
            result = function(*args, **kwargs)
            cpu = (time.process_time() - began) * 1000
        self.samples[what].append((len(queries.captured_queries), cpu, getattr(result, "size", 0)))
        return result

    def mean(self, what):
        rows = self.samples[what]
        return tuple(sum(r[i] for r in rows) / len(rows) for i in range(3)) if rows else (0, 0, 0)

    def report(self):
        print(f"\n{'per move':<46} {'n':>4} {'queries':>8} {'CPU ms':>8} {'worst':>7} {'bytes':>7}")
        for what, rows in self.samples.items():
            queries, cpu, size = self.mean(what)
            print(f"{what:<46} {len(rows):>4} {queries:>8.2f} {cpu:>8.2f} {max(r[1] for r in rows):>7.2f} "
                  f"{size:>7.0f}")


class Sent:
    """What a consumer would send: its JSON, sized."""

    def __init__(self, text):
        self.size = len(text)


def viewer_after_bell(room_id, seat, seq, log_sent, rung=None):
    """What a watcher's socket does on the bell: look (or use the rung events), then the JSON it sends."""
    answer = None if rung is None else services.look_rung(room_id, seat, rung, at_ms=NOW[0])
    message = (answer or services.look(room_id, seat, at_ms=NOW[0])).message
    events = message["events"]
    start = log_sent if log_sent <= len(events) else 0
    message = {"type": "room", **message, "log_from": start, "events": events[start:]}
    return Sent(json.dumps(message))


NOW = [START]


def test_cost_of_one_move():
    tournament = make_event("Online Bench", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=3600)
    match = matches(tournament)[0]
    room = services.open_room(match, START, at_ms=START - 1, draw=seeded(0))
    rng, costs, now = random.Random(7), Costs(), START
    rung = []
    stop = bell.listen(lambda room_id, seq: rung.append(seq))
    messages = []
    original_ring = bell._ring_channel_layer

    def timed_ring(room_id, message):
        messages.append(message)
        costs.measure("(c) channel layer send (bell.ring)", original_ring, room_id, message)

    bell._ring_channel_layer = timed_ring
    try:
        seen = services.look(room.pk, None, at_ms=now).message
        log_sent = {0: len(seen["events"]), 1: len(seen["events"]), None: len(seen["events"])}
        moves = 0
        while seen["status"] != "finished" and moves < 400:
            now += 1_000
            NOW[0] = now
            seat = seen["turn"]
            mine = services.look(room.pk, seat, at_ms=now).message
            behind = copy.deepcopy(copies.kept.tables.get(copies.room_key(services.Room.objects.get(pk=room.pk))))
            kwargs = dict(seq=mine["seq"], client_id=f"m-{now}", at_ms=now, draw=seeded(now))
            if mine["stage"] == "decide":
                action = "swap" if mine["may_swap"] and rng.random() < 0.3 else "end_turn"
            else:
                action = "place"
                kwargs.update(tile=rng.choice(mine["rack"]), cells=rng.choice(mine["legal_pairs"]))
            before_rings = len(messages)
            answer = costs.measure(f"(a) move ({'place' if action == 'place' else 'swap/end turn'})",
                                   services.move, room.pk, seat, action, **kwargs)
            moves += 1
            assert answer.applied and len(messages) == before_rings + 1
            rung_message = messages[-1]
            seq = rung_message["seq"]
            costs.measure("(a') the mover's answer as JSON", lambda: Sent(json.dumps(
                {"type": "room", **answer.message})))
            key = copies.room_key(services.Room.objects.get(pk=room.pk))
            for label, seat_ in (("opponent", 1 - seat), ("spectator", None), ("mover", seat)):
                # Another worker: its cache holds the room as it was before the move.
                kept = copies.kept.tables.pop(key)
                copies.kept.tables[key] = copy.deepcopy(behind)
                costs.measure(f"(b) {label}'s view, other process", viewer_after_bell, room.pk, seat_, seq,
                              log_sent[seat_], rung_message)
                copies.kept.tables[key] = kept
                costs.measure(f"(b) {label}'s view, same process", viewer_after_bell, room.pk, seat_, seq,
                              log_sent[seat_], rung_message)
            if moves % 10 == 0:
                copies.kept.tables.pop(key, None)
                costs.measure("(b) spectator's view, cold (whole replay)", viewer_after_bell, room.pk, None, seq, 0)
            seen = services.look(room.pk, None, at_ms=now).message
            for seat_ in log_sent:
                log_sent[seat_] = len(seen["events"])
    finally:
        bell._ring_channel_layer = original_ring
        stop()
    assert seen["status"] == "finished"
    costs.report()
    (mq, mc, _), (eq, ec, _) = costs.mean("(a) move (place)"), costs.mean("(a) move (swap/end turn)")
    nplace, nend = len(costs.samples["(a) move (place)"]), len(costs.samples["(a) move (swap/end turn)"])
    move_q, move_c = (mq * nplace + eq * nend) / moves, (mc * nplace + ec * nend) / moves
    for where in ("other process", "same process"):
        oq, oc, _ = costs.mean(f"(b) opponent's view, {where}")
        sq, sc, _ = costs.mean(f"(b) spectator's view, {where}")
        cq, cc, _ = costs.mean("(c) channel layer send (bell.ring)")
        aq, ac, _ = costs.mean("(a') the mover's answer as JSON")
        print(f"one move, watchers in the {where}, opponent + {SPECTATORS} spectators: "
              f"{move_q + oq + SPECTATORS * sq + cq:.1f} queries, "
              f"{move_c + ac + oc + SPECTATORS * sc + cc:.2f} ms CPU ({moves} moves)")
