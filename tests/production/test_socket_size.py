"""The servers refuse a WebSocket message over the site's limit as it arrives (tournament/serving/socket_limits.py):
`make serve`'s uvicorn workers and `make run`'s Daphne, so that a stranger's 16 MiB frame is never read whole."""

from io import StringIO

import pytest
from daphne.management.commands import runserver
from django.core.management import call_command
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rooms.sockets import frames
from tests.production.servers import free_port, uvicorn_in_thread
from tournament.serving import handshake


async def echo_length(scope, receive, send):
    """A socket that answers each message with its length in bytes."""
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        await send({"type": "websocket.send", "text": str(len(message["text"].encode()))})


@pytest.fixture
def worker_server():
    """uvicorn with the settings `make serve`'s workers give it (handshake.Worker)."""
    with uvicorn_in_thread(echo_length, **handshake.Worker.CONFIG_KWARGS) as port:
        yield f"ws://127.0.0.1:{port}/"


def test_a_worker_reads_a_message_at_the_limit_and_closes_on_one_past_it(worker_server):
    with connect(worker_server, max_size=None) as socket:
        socket.send("a" * frames.MAX_FRAME_BYTES)
        assert socket.recv(timeout=5) == str(frames.MAX_FRAME_BYTES)
        socket.send("é" * (frames.MAX_FRAME_BYTES // 2 + 1))  # fewer characters than the limit, 2 bytes each
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=5)
    assert closed.value.rcvd.code == 1009  # message too big: the application never saw it


@pytest.mark.django_db  # runserver looks for unapplied migrations before it starts
def test_make_run_s_daphne_is_given_the_site_s_limit(monkeypatch):
    given = {}

    class Server:
        def __init__(self, **options):
            given.update(options)

        def run(self):
            pass

    monkeypatch.setattr(runserver.Command, "server_cls", Server)
    call_command("runserver", f"127.0.0.1:{free_port()}", use_reloader=False, skip_checks=True, stdout=StringIO())
    assert given["websocket_max_message_size"] == given["websocket_max_frame_size"] == frames.MAX_FRAME_BYTES
