"""A room's socket against a client that cheats or breaks (docs/online-play.md, "The room's socket"): forged and
held-back pongs, a renewed link, old links, malformed frames, floods and a database that does not answer."""

import asyncio
import logging

import pytest
from asgiref.sync import async_to_sync
from django.db import OperationalError, connection

from rooms import services
from rooms.game.referee import Refused
from rooms.models import Room
from rooms.sockets import bell, consumers, frames, loops as socket_loops, watchers
from rooms.sockets.threads import database_sync_to_async
from tests.factories import make_event, matches
from tests.rooms.sockets import connect, receive
from tournament import services as event_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match():
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True))[0]
    services.open_room(match, at_ms=services.now_ms() - 1)
    return match


def renew(player):
    """The organiser renews the player's link, from a thread of its own as a page would (its connection closed after:
    a connection left open would keep the test database from being dropped)."""
    try:
        event_services.renew_link(player)
    finally:
        connection.close()


def seat_path(player):
    return f"/ws/p/{player.link_token}/room/"


async def closed_with(socket):
    """The last words and the close code of a socket the room closes."""
    said = await receive(socket)
    closing = await socket.receive_output(timeout=2)
    assert closing["type"] == "websocket.close"
    return said["error"]["code"], closing["code"]


def test_forged_and_held_back_pongs_are_credited_no_more_than_the_true_delay(match, monkeypatch):
    monkeypatch.setattr(socket_loops, "PING_EVERY_S", 0.4)

    async def scenario():
        ann = connect(seat_path(match.first))
        assert (await ann.connect())[0]

        async def answer_later(ping_id):
            await asyncio.sleep(1.2)
            await ann.send_json_to({"type": "pong", "id": ping_id})

        held_back, pings = [], 0
        while pings < 6:
            message = await ann.receive_json_from(timeout=5)
            if message["type"] != "ping":
                continue
            pings += 1
            # Pongs claiming a slow network: an id never sent, and the old form echoing a time a second ago.
            await ann.send_json_to({"type": "pong", "id": message["id"] + 1_000})
            await ann.send_json_to({"type": "pong", "t": services.now_ms() - 1_000})
            if pings % 2:
                held_back.append(asyncio.ensure_future(answer_later(message["id"])))  # held back 1.2 s
            else:
                await ann.send_json_to({"type": "pong", "id": message["id"]})  # answered at once
        await asyncio.gather(*held_back)
        await asyncio.sleep(0.2)
        await ann.disconnect()

    async_to_sync(scenario)()
    credited = Room.objects.get(match=match).delays_ms[0]
    assert 0 <= credited < 20  # loopback: a few ms, not the 0.5 s the forged and held-back answers claimed


async def latest_ping(socket):
    """The newest ping waiting (the older ones may be given up already: `network.OUTSTANDING`), or the next one."""
    latest = None
    while latest is None or not await socket.receive_nothing(timeout=0.01):
        message = await socket.receive_json_from(timeout=5)
        if message["type"] == "ping":
            latest = message
    return latest


def test_a_seat_answering_its_pings_is_marked_heard_at_most_every_heartbeat(match, monkeypatch):
    # The server's clock moved by hand: answers 4 s, 8 s and 12 s after the arrival; only the third is a heartbeat
    # (presence.HEARTBEAT_MS: 10 s), the first two cost no write.
    clock = [services.now_ms()]
    arrived = clock[0]
    monkeypatch.setattr(services, "now_ms", lambda: clock[0])
    monkeypatch.setattr(socket_loops, "PING_EVERY_S", 0.05)
    room_id = Room.objects.get(match=match).pk

    def seen():
        return Room.objects.get(pk=room_id).seen0_ms

    async def scenario():
        ann = connect(seat_path(match.first))
        assert (await ann.connect())[0]
        marks = []
        for _ in range(3):
            ping = await latest_ping(ann)
            clock[0] += 4_000
            await ann.send_json_to({"type": "pong", "id": ping["id"]})
            await asyncio.sleep(0.2)
            marks.append(await database_sync_to_async(seen)() - arrived)
        await ann.disconnect()
        return marks

    assert async_to_sync(scenario)() == [0, 0, 12_000]


def test_renewing_a_link_closes_its_open_socket_and_the_old_link_cannot_move(match):
    async def scenario():
        ann = connect(seat_path(match.first))
        assert (await ann.connect())[0]
        first = await receive(ann)
        await asyncio.to_thread(renew, match.first)
        words_and_code = await asyncio.wait_for(closed_with(ann), timeout=1)
        return first, words_and_code

    first, (code, close_code) = async_to_sync(scenario)()
    assert (code, close_code) == ("link-replaced", frames.LINK_REPLACED)
    with pytest.raises(Refused) as refused:
        services.move(Room.objects.get(match=match).pk, 0, "place", seq=first["seq"], tile=first["rack"][0],
                      cells=first["legal_pairs"][0], link=match.first.link_token)
    assert refused.value.code == "link-replaced"


def test_a_lost_renewal_message_is_made_up_by_the_process_s_check(match, monkeypatch):
    monkeypatch.setattr(watchers, "CHECK_EVERY_S", 0.05)
    monkeypatch.setattr(bell, "_send_channel_layer", lambda group, message: None)  # every message lost

    async def scenario():
        ann = connect(seat_path(match.first))
        assert (await ann.connect())[0]
        await receive(ann)
        await asyncio.to_thread(renew, match.first)
        return await asyncio.wait_for(closed_with(ann), timeout=1)

    assert async_to_sync(scenario)() == ("link-replaced", frames.LINK_REPLACED)


def test_an_old_link_is_gone_on_every_address_of_the_room(match, client):
    old = match.first.link_token
    event_services.renew_link(match.first)
    assert client.get(f"/p/{old}/play/").status_code == 410
    state = client.get(f"/p/{old}/room/")
    assert (state.status_code, state.json()["error"]["code"]) == (410, "link-replaced")
    moved = client.post(f"/p/{old}/room/move/", data="{}", content_type="application/json")
    assert (moved.status_code, moved.json()["error"]["code"]) == (410, "link-replaced")

    async def socket():
        ann = connect(f"/ws/p/{old}/room/")
        assert (await ann.connect())[0]
        return await closed_with(ann)

    assert async_to_sync(socket)() == ("link-replaced", frames.LINK_REPLACED)


BAD_FRAMES = [
    ("not json", {"text_data": "{'type': 'sync'"}),
    ("binary", {"bytes_data": b"\x00\x01"}),
    ("deep nesting", {"text_data": "[" * 100_000}),
    ("not an object", {"text_data": "[1, 2]"}),
    ("unknown type", {"text_data": '{"type": "rack"}'}),
]


def test_malformed_frames_get_an_error_and_one_warning_line_not_a_dead_socket(match, caplog):
    slug = match.round.tournament.slug

    async def scenario():
        spectator = connect(f"/ws/t/{slug}/round/1/table/{match.table}/room/")
        assert (await spectator.connect())[0]
        await receive(spectator)
        answers = []
        for _, frame in BAD_FRAMES:
            await spectator.send_to(**frame)
            answers.append(await receive(spectator))
        await spectator.send_json_to({"type": "sync"})  # the socket still serves
        after = await receive(spectator)
        await spectator.disconnect()
        return answers, after

    frames.warnings.last = None
    with caplog.at_level(logging.WARNING):
        answers, after = async_to_sync(scenario)()
    assert [(a["type"], a["error"]["code"]) for a in answers] == [("error", "bad-frame")] * len(BAD_FRAMES)
    assert after["type"] == "room"
    assert [r.levelname for r in caplog.records if r.name.startswith("rooms")] == ["WARNING"]  # then quiet
    assert not any(r.exc_info for r in caplog.records)


def test_a_socket_is_closed_at_its_bad_frame_past_the_stated_count(match, monkeypatch):
    # Frames a second apart on the budget's clock, so the budget of messages never refuses one: only the count of
    # bad frames closes the socket.
    seconds = iter(range(10_000))
    monkeypatch.setattr(consumers, "Budget", lambda: frames.Budget(clock=lambda: float(next(seconds))))
    slug = match.round.tournament.slug

    async def scenario():
        spectator = connect(f"/ws/t/{slug}/round/1/table/{match.table}/room/")
        assert (await spectator.connect())[0]
        await receive(spectator)
        answers = []
        for _ in range(frames.BAD_FRAMES_ANSWERED):
            await spectator.send_to(text_data="[1, 2]")
            answers.append((await receive(spectator))["type"])
        await spectator.send_to(text_data="[1, 2]")
        return answers, await closed_with(spectator)

    answers, closed = async_to_sync(scenario)()
    assert answers == ["error"] * 20
    assert closed == ("bad-frame", frames.BAD_FRAMES)


def test_a_flood_is_refused_without_a_database_read_then_closed(match, monkeypatch):
    looks = []
    real_look = services.look
    monkeypatch.setattr(services, "look", lambda *a, **k: looks.append(a) or real_look(*a, **k))

    async def scenario():
        ben = connect(seat_path(match.second))
        assert (await ben.connect())[0]
        await receive(ben)
        answers = []
        for _ in range(60):
            await ben.send_json_to({"type": "sync"})
        while True:
            message = await ben.receive_output(timeout=5)
            if message["type"] == "websocket.close":
                return answers, message["code"]
            answers.append(message)

    answers, close_code = async_to_sync(scenario)()
    assert close_code == frames.TOO_MANY
    # The burst of 20 answered (plus what 2 a second earned meanwhile), each from the process's copy while the
    # room stood still: the one look is the greeting's; the rest refused with no database read.
    assert len(looks) == 1
    assert sum('"type": "room"' in a.get("text", "") for a in answers) >= 20
    assert sum('"too-many"' in a.get("text", "") for a in answers) >= 20


def test_a_move_the_database_failed_is_answered_retry_and_the_socket_stays(match, monkeypatch):
    def failing_move(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    async def scenario():
        ann = connect(seat_path(match.first))
        assert (await ann.connect())[0]
        mine = await receive(ann)
        monkeypatch.setattr(services, "move", failing_move)
        await ann.send_json_to({"type": "move", "action": "place", "seq": mine["seq"], "client_id": "a-1",
                                "tile": mine["rack"][0], "cells": mine["legal_pairs"][0]})
        answer = await receive(ann)
        monkeypatch.undo()
        await ann.send_json_to({"type": "move", "action": "place", "seq": mine["seq"], "client_id": "a-1",
                                "tile": mine["rack"][0], "cells": mine["legal_pairs"][0]})
        again = await receive(ann)
        await ann.disconnect()
        return answer, again

    answer, again = async_to_sync(scenario)()
    assert (answer["type"], answer["error"]["code"]) == ("refused", "retry")
    assert again["type"] == "room" and again["seq"] > 2  # sent again with its client id: applied


def test_a_handshake_the_database_failed_is_closed_for_the_page_to_come_back(match, monkeypatch):
    def failing(token, round_number=None):
        raise OperationalError("the database system is starting up")

    monkeypatch.setattr(consumers, "room_for_link", failing)

    async def scenario():
        ann = connect(seat_path(match.first))
        assert (await ann.connect())[0]
        return await closed_with(ann)

    assert async_to_sync(scenario)() == ("retry", frames.SERVER_HICCUP)
