"""The game rooms' channel layer on Redis (REDIS_URL): a socket's wait for its next message outlives Redis's quiet.

Needs a Redis server (REDIS_URL); .ci/run starts one, elsewhere these skip.
"""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

pytestmark = pytest.mark.redis


def test_a_socket_of_a_quiet_room_waits_past_redis_s_5_s_without_an_error(redis_server):
    """channels-redis waits 5 s at a time for a message (BZPOPMIN): with redis-py 8's default 5 s read timeout
    that wait raised a TimeoutError now and then, closing the player's socket. Nothing comes for 6.5 s here: the
    wait is only ever ended by this test, never by an error; then a message still arrives."""
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        try:
            await asyncio.wait_for(layer.receive(channel), 6.5)
        except asyncio.TimeoutError:
            pass  # ours: nothing was sent
        await layer.send(channel, {"type": "room.bell", "seq": 1})
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert async_to_sync(scenario)()["seq"] == 1
