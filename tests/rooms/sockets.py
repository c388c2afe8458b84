"""The room's WebSocket as the tests open it (channels.testing): a page of the site's own, and its messages with the
server's pings answered or left aside."""

from channels.testing import WebsocketCommunicator

from tournament.asgi import application

SITE = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


def connect(path, headers=SITE):
    return WebsocketCommunicator(application, path, headers=headers)


async def receive(socket, timeout=5):
    """The next message that is not a ping (left unanswered: no allowance is measured)."""
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        if message.get("type") != "ping":
            return message
