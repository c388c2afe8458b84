"""`make serve`'s HTTP protocol (tournament/serving/handshake.py): a request head sent by halves is cut off, while a
whole request, and an idle connection kept alive after one, are served as uvicorn serves them."""

import socket

import pytest

from tests.production.servers import uvicorn_in_thread
from tournament.serving import handshake


async def hello(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain"),
                                                                       (b"content-length", b"5")]})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setattr(handshake, "HEAD_WITHIN_S", 0.5)
    with uvicorn_in_thread(hello, http=handshake.TimedHeadH11Protocol, timeout_keep_alive=30) as port:
        yield port


def closed_within(connection, seconds) -> bool:
    connection.settimeout(seconds)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False


def test_half_a_request_head_is_cut_off(server):
    with socket.create_connection(("127.0.0.1", server)) as connection:
        connection.sendall(b"GET /ws/p/x/room/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        assert closed_within(connection, 2)


def test_a_whole_request_is_served_and_the_next_head_is_timed_too(server):
    with socket.create_connection(("127.0.0.1", server)) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        connection.settimeout(2)
        answer = b""
        while not answer.endswith(b"hello"):
            answer += connection.recv(1024)
        assert answer.startswith(b"HTTP/1.1 200")
        assert not closed_within(connection, 1)  # idle after a response: uvicorn's keep-alive (30 s here) holds
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 12")
        assert closed_within(connection, 2)
