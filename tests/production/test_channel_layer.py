"""The game rooms' channel layer on Redis (REDIS_URL): a socket's wait for its next message outlives Redis's quiet.

Needs a Redis server (REDIS_URL); .ci/run starts one, elsewhere these skip.
"""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

pytestmark = pytest.mark.redis


def test_a_socket_of_a_quiet_room_waits_past_redis_s_timeouts_without_an_error(redis_server):
    """A room can be quiet for longer than Redis's read timeout (5 s in the settings): a socket's wait for its next
    message is never ended by an error (with channels-redis's queued layer and redis-py 8's defaults it was, now and
    then, closing the player's socket).  Nothing comes for 6.5 s here; then the room's bell still arrives."""
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("room-1", channel)
        waiting = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(6.5)
        assert not waiting.done()  # no message, and no error either
        await layer.group_send("room-1", {"type": "room.bell", "seq": 1})
        return await asyncio.wait_for(waiting, 5)

    assert async_to_sync(scenario)()["seq"] == 1
