"""Which pages may open a game room's socket: the site's own, by scheme, host and port (docs/online-play.md).

A browser sends the `Origin` of the page that opens a WebSocket, and any page
of any site may try, in its visitor's name.  A handshake is let through only
when that origin is, exactly (scheme, host and port, default ports filled in):

- the site's own address, `SITE_URL`'s origin; or
- the origin the handshake itself was made to: `http`/`https` as the socket is `ws`/`wss` (behind a proxy, as the
  proxy's X-Forwarded-Proto says), and the Host header, whose host must be one of `ALLOWED_HOSTS`.

This is the rule Django's CSRF check applies to the pages' own forms, so a page
the site served may always open its sockets, while a page of another port
(`http://127.0.0.1:9999` beside a site on 8000), of another scheme
(`https://127.0.0.1` on a plain socket) or of another host (`localhost` on a
handshake to `127.0.0.1`) is refused.  Host names alone were compared before.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(address: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) address, or None for anything else (including `null`)."""
    try:
        parts = urlsplit(address.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def allowed(scope) -> bool:
    """Whether the handshake in `scope` comes from a page of this site (the rule above)."""
    headers = {name: value for name, value in scope.get("headers", [])}
    try:
        origin = origin_of(headers.get(b"origin", b"").decode("latin1"))
        host = headers.get(b"host", b"").decode("latin1")
    except UnicodeDecodeError:
        return False
    if origin is None:
        return False
    if origin == origin_of(settings.SITE_URL):
        return True
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return origin == origin_of(f"{scheme}://{host}")


class SameOrigin:
    """ASGI middleware for the sockets: a handshake from another origin is denied (HTTP 403) before any of the
    application runs."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
