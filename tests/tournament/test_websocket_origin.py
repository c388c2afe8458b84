"""Which pages may open a room's socket (tournament/serving/websocket_origin.py): the site's own origin, by scheme,
host and port; host names alone are not enough."""

import pytest
from django.test import override_settings

from tournament.serving.websocket_origin import allowed


def handshake(origin: str | None, host: str = "127.0.0.1:8000", scheme: str = "ws") -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@override_settings(SITE_URL="https://tm.example.org", ALLOWED_HOSTS=["tm.example.org", "127.0.0.1", "localhost"])
@pytest.mark.parametrize("origin, host, scheme, expected", [
    ("https://tm.example.org", "tm.example.org", "wss", True),  # the site's own address
    ("https://tm.example.org:443", "127.0.0.1:8000", "ws", True),  # SITE_URL's origin, whatever the proxy says
    ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),  # the page the handshake itself came from
    ("http://127.0.0.1:9999", "127.0.0.1:8000", "ws", False),  # another port of the same machine
    ("https://127.0.0.1", "127.0.0.1:8000", "ws", False),  # another scheme
    ("http://localhost:8000", "127.0.0.1:8000", "ws", False),  # another host name for the same machine
    ("http://tm.example.org", "tm.example.org", "wss", False),  # plain http beside a wss socket
    ("https://evil.example.org", "evil.example.org", "wss", False),  # a host the site does not answer to
    ("null", "127.0.0.1:8000", "ws", False),  # a sandboxed or file page
    (None, "127.0.0.1:8000", "ws", False),  # no Origin at all
])
def test_only_the_sites_own_origin_opens_a_socket(origin, host, scheme, expected):
    assert allowed(handshake(origin, host, scheme)) is expected
