"""The room's WebSocket consumer (channels.testing): two seats and a spectator on one room."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from rooms import services
from rooms.sockets import bell, watchers
from tests.factories import make_event, matches
from tests.rooms.sockets import connect, receive

pytestmark = pytest.mark.django_db(transaction=True)


def draws_seen(message):
    return [e for e in message["events"] if e["type"] == "draw"]


def test_each_seat_sees_its_own_draws_and_a_spectator_no_rack_tile_as_a_game_goes_on():
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True))[0]
    services.open_room(match, at_ms=services.now_ms() - 1)
    slug = match.round.tournament.slug

    async def scenario():
        ann = connect(f"/ws/p/{match.first.link_token}/room/")
        ben = connect(f"/ws/p/{match.second.link_token}/room/")
        spectator = connect(f"/ws/t/{slug}/round/1/table/{match.table}/room/")
        received = {"ann": [], "ben": [], "spectator": []}
        for who, socket in (("ann", ann), ("ben", ben), ("spectator", spectator)):
            connected, _ = await socket.connect()
            assert connected
            received[who].append(await receive(socket, timeout=5))
        first = received["ann"][0]
        assert first["seat"] == 0 and first["turn"] == 0
        await ann.send_json_to({"type": "move", "action": "place", "seq": first["seq"], "client_id": "a-1",
                                "tile": first["rack"][0], "cells": first["legal_pairs"][0]})
        answer = await receive(ann, timeout=5)
        received["ann"].append(answer)
        if answer["stage"] == "decide":
            await ann.send_json_to({"type": "move", "action": "end_turn", "seq": answer["seq"], "client_id": "a-2"})
            received["ann"].append(await receive(ann, timeout=5))
        # Ben and the spectator are rung and look: each gets the room after Ann's turn.
        for who, socket in (("ben", ben), ("spectator", spectator)):
            while True:
                message = await receive(socket, timeout=5)
                if message["type"] == "ping":
                    continue
                received[who].append(message)
                if message["turn"] == 1:
                    break
        wrong = await ben.send_json_to({"type": "move", "action": "end_turn", "seq": received["ben"][-1]["seq"]})
        assert wrong is None
        refused = await receive(ben, timeout=5)
        assert refused["type"] == "refused" and refused["error"]["code"] == "out-of-turn"
        received["ben"].append(refused)
        for socket in (ann, ben, spectator):
            await socket.disconnect()
        return received

    received = async_to_sync(scenario)()
    for message in received["spectator"]:
        assert "rack" not in message and "legal_pairs" not in message
        assert all("tiles" not in draw for draw in draws_seen(message))
    for seat, who in ((0, "ann"), (1, "ben")):
        for message in received[who]:
            own = [d for d in draws_seen(message) if d["player"] == seat]
            other = [d for d in draws_seen(message) if d["player"] != seat]
            assert all("tiles" in d for d in own) and all("tiles" not in d for d in other)
    last_for_ben = received["ben"][-1]
    assert last_for_ben["turn"] == 1 and len(last_for_ben["rack"]) == 6


def test_a_socket_with_no_such_link_is_closed():
    async def scenario():
        socket = connect("/ws/p/no-such-token/room/")
        connected, code = await socket.connect()
        return connected, code

    connected, code = async_to_sync(scenario)()
    assert not connected


def test_a_socket_whose_bell_was_lost_is_shown_the_move_by_the_process_s_check(monkeypatch):
    """The channel layer drops a ring to a full queue and forgets its listeners when Redis restarts: Ben, waiting for
    Ann's move whose bell never comes, is shown it by his process's check of the watched rooms' numbers."""
    monkeypatch.setattr(watchers, "CHECK_EVERY_S", 0.05)
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True))[0]
    room = services.open_room(match, at_ms=services.now_ms() - 1)

    async def scenario():
        ben = connect(f"/ws/p/{match.second.link_token}/room/")
        connected, _ = await ben.connect()
        assert connected
        before = await receive(ben, timeout=5)
        monkeypatch.setattr(bell, "_ring_channel_layer", lambda room_id, message: None)  # the bell is lost
        ann = await database_sync_to_async(services.look)(room.pk, 0)
        await database_sync_to_async(services.move)(room.pk, 0, "place", seq=ann.message["seq"], client_id="a-1",
                                                    tile=ann.message["rack"][0], cells=ann.message["legal_pairs"][0])
        shown = await receive(ben, timeout=2)
        await ben.disconnect()
        return before, shown

    before, shown = async_to_sync(scenario)()
    assert shown["type"] == "room" and shown["seq"] > before["seq"]
    assert [e["type"] for e in shown["events"]][:1] == ["place"] and shown["events"][0]["player"] == 0
