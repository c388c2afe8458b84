"""A move's cost: each process's replay of a room, and the bell carrying the events just stored.

The database stays the authority: a watcher rung with the events of a move sees exactly what a read of the
database shows, with no query; a watcher that does not have the room up to the event before them, or a room
with a flag due, reads the database.
"""

import copy

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms import services
from rooms.game import copies
from rooms.models import Room, RoomEvent
from rooms.sockets import bell
from tests.factories import make_event, matches
from tests.rooms.helpers import START, seeded
from tests.rooms.sockets import connect, receive

pytestmark = pytest.mark.django_db(transaction=True)

@pytest.fixture
def room():
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=60))[0]
    return services.open_room(match, START, at_ms=START, draw=seeded(3))


@pytest.fixture
def rung(monkeypatch):
    """The messages the bell sends over the channel layer."""
    sent = []
    monkeypatch.setattr(bell, "_ring_channel_layer", lambda room_id, message: sent.append(message))
    return sent


def cached(room):
    return copies.kept.tables.get(copies.room_key(room))


def place(room, seat, at_ms, client_id="", seed=4):
    mine = services.look(room.pk, seat, at_ms=at_ms).message
    return services.move(room.pk, seat, "place", seq=mine["seq"], client_id=client_id, tile=mine["rack"][0],
                         cells=mine["legal_pairs"][0], at_ms=at_ms, draw=seeded(seed))


def read_afresh(room, seat, at_ms):
    """What a process that never saw the room reads from the database."""
    copies.kept.tables.clear()
    message = services.look(room.pk, seat, at_ms=at_ms).message
    del message["presence"]  # each seat's connection is read from the room's row: a bell does not carry it
    return message


def test_a_watcher_rung_with_a_moves_events_sees_what_the_database_shows_without_a_query(room, rung):
    services.look(room.pk, None, at_ms=START + 1_000)
    before_the_move = copy.deepcopy(cached(room))  # another process, which has the room up to Ann's move
    place(room, 0, START + 2_000)
    bell_message = rung[-1]
    assert bell_message["seq_from"] == before_the_move[0] + 1 and bell_message["seq"] > before_the_move[0]
    for seat in (1, None, 0):
        copies.kept.tables[copies.room_key(room)] = copy.deepcopy(before_the_move)
        with CaptureQueriesContext(connection) as queries:
            seen = services.look_rung(room.pk, seat, bell_message, at_ms=START + 2_500)
        assert len(queries.captured_queries) == 0
        assert seen.message == read_afresh(room, seat, START + 2_500)


def test_the_process_that_stored_the_move_has_it_already(room, rung):
    place(room, 0, START + 2_000)
    with CaptureQueriesContext(connection) as queries:
        seen = services.look_rung(room.pk, None, rung[-1], at_ms=START + 2_500)
    assert len(queries.captured_queries) == 0
    assert "rack" not in seen.message
    assert all("tiles" not in e for e in seen.message["events"] if e["type"] == "draw")
    assert seen.message == read_afresh(room, None, START + 2_500)


def test_a_watcher_without_the_event_before_the_bell_reads_the_database(room, rung):
    services.look(room.pk, None, at_ms=START + 1_000)
    too_old = copy.deepcopy(cached(room))
    place(room, 0, START + 2_000, seed=4)
    mine = services.look(room.pk, 0, at_ms=START + 3_000).message
    if mine["stage"] == "decide":
        services.move(room.pk, 0, "end_turn", seq=mine["seq"], at_ms=START + 3_000, draw=seeded(5))
    place(room, 1, START + 4_000, seed=6)  # Ben's move: its bell starts after events the old copy lacks
    key = copies.room_key(room)
    copies.kept.tables[key] = too_old
    assert services.look_rung(room.pk, None, rung[-1], at_ms=START + 4_500) is None
    assert cached(room)[0] == too_old[0]  # put back as it was, for the read that follows
    copies.kept.tables.clear()
    assert services.look_rung(room.pk, None, rung[-1], at_ms=START + 4_500) is None


def test_a_flag_due_is_left_to_a_read_which_settles_it(room, rung):
    place(room, 0, START + 2_000)
    mine = services.look(room.pk, 0, at_ms=START + 2_000).message
    if mine["stage"] == "decide":
        services.move(room.pk, 0, "end_turn", seq=mine["seq"], at_ms=START + 2_000, draw=seeded(5))
    # Ben's 60 s run out at 62 s: a bell read after it does not show a clock at 0 with no flag.
    assert services.look_rung(room.pk, None, rung[-1], at_ms=START + 62_001) is None
    assert services.look(room.pk, None, at_ms=START + 62_001).message["flagged"] == [False, True]


def test_a_move_answering_the_rooms_last_event_reads_no_event_row_nor_does_the_look_after_it(room):
    services.look(room.pk, 0, at_ms=START + 1_000)
    mine = services.look(room.pk, 0, at_ms=START + 1_000).message
    with CaptureQueriesContext(connection) as move_queries:
        services.move(room.pk, 0, "place", seq=mine["seq"], client_id="tab-1:1", tile=mine["rack"][0],
                      cells=mine["legal_pairs"][0], at_ms=START + 2_000, draw=seeded(4))
    with CaptureQueriesContext(connection) as look_queries:
        services.look(room.pk, 1, at_ms=START + 2_500)
    reads = [q["sql"] for q in move_queries.captured_queries + look_queries.captured_queries
             if q["sql"].startswith("SELECT") and "rooms_roomevent" in q["sql"].split(" WHERE ")[0]]
    assert reads == []


def test_a_client_id_used_again_for_another_move_answering_the_last_event_is_not_applied(room):
    first = place(room, 0, START + 2_000, client_id="tab-1:1")
    events = RoomEvent.objects.filter(room=room).count()
    seat = first.message["turn"]  # Ann still, to end her turn, or Ben
    mine = services.look(room.pk, seat, at_ms=START + 3_000).message
    if mine["stage"] == "decide":
        move = {"action": "end_turn"}
    else:
        move = {"action": "place", "tile": mine["rack"][0], "cells": mine["legal_pairs"][0]}
    again = services.move(room.pk, seat, seq=mine["seq"], client_id="tab-1:1", at_ms=START + 3_000, draw=seeded(5),
                          **move)
    assert not again.applied and again.message["seq"] == mine["seq"]
    assert RoomEvent.objects.filter(room=room).count() == events


def test_the_sockets_rung_after_a_move_read_nothing_from_the_database(monkeypatch):
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True))[0]
    services.open_room(match, at_ms=services.now_ms() - 1)
    looks = []
    real_look = services.look
    slug = match.round.tournament.slug

    async def scenario():
        ann, ben = connect(f"/ws/p/{match.first.link_token}/room/"), connect(f"/ws/p/{match.second.link_token}/room/")
        spectator = connect(f"/ws/t/{slug}/round/1/table/{match.table}/room/")
        first = {}
        for who, socket in (("ann", ann), ("ben", ben), ("spectator", spectator)):
            assert (await socket.connect())[0]
            first[who] = await receive(socket, timeout=5)
        monkeypatch.setattr(services, "look", lambda *a, **k: looks.append(a) or real_look(*a, **k))
        mine = first["ann"]
        await ann.send_json_to({"type": "move", "action": "place", "seq": mine["seq"], "client_id": "a-1",
                                "tile": mine["rack"][0], "cells": mine["legal_pairs"][0]})
        answer = await receive(ann, timeout=5)
        seen = {}
        for who, socket in (("ben", ben), ("spectator", spectator)):
            seen[who] = await receive(socket, timeout=5)
        for socket in (ann, ben, spectator):
            await socket.disconnect()
        return answer, seen

    answer, seen = async_to_sync(scenario)()
    assert looks == []
    assert seen["ben"]["seq"] == seen["spectator"]["seq"] == answer["seq"]
    assert len(seen["ben"]["rack"]) == 6 and "rack" not in seen["spectator"]
    assert all("tiles" not in e for e in seen["spectator"]["events"] if e["type"] == "draw")


def test_a_read_racing_a_move_keeps_only_the_events_of_the_row_it_read(room, rung):
    """A spectator's read takes the room row, and a move commits before its events query runs (PostgreSQL reads
    each statement afresh): the replay must stop at the row's number, or the move's bell, applied on top of a
    table that has it already, is a second placement out of turn and the socket died on it."""
    services.look(room.pk, None, at_ms=START + 1_000)
    row_read = Room.objects.get(pk=room.pk)  # the read's row, before Ann's move
    copies.kept.tables.clear()  # this process has no copy: the read replays from the database
    place(room, 0, START + 2_000)  # committed between the row and the events query
    copies.kept.tables.clear()
    table = copies.table_of(row_read)
    copies.kept.keep(copies.room_key(row_read), row_read.seq, table)
    seen = services.look_rung(room.pk, 1, rung[-1], at_ms=START + 2_500)  # Ann's move's bell
    assert seen is not None and seen.message == read_afresh(room, 1, START + 2_500)
