"""A real SMTP server on loopback (aiosmtpd), started by the test, whose answers the test chooses."""

from __future__ import annotations

import socket

import pytest
from aiosmtpd.controller import Controller


class MailServer:
    """Accepts mail, or refuses each recipient with `refuse` ("451 4.3.0 busy", "550 5.1.1 no such mailbox"), or
    refuses the message once read with `refuse_data` (keeping its text in `refused`, so a test sees every try)."""

    def __init__(self):
        self.refuse: str | None = None
        self.refuse_data: str | None = None
        self.received: list[tuple[str, str]] = []  # (recipient, message text)
        self.refused: list[str] = []  # the texts of messages refused after their data

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse:
            return self.refuse
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        text = envelope.content.decode("utf-8", "replace")
        if self.refuse_data:
            self.refused.append(text)
            return self.refuse_data
        self.received.extend((to, text) for to in envelope.rcpt_tos)
        return "250 Message accepted"

    def to(self, address: str) -> list[str]:
        return [text for to, text in self.received if to == address]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Running:
    """The server on one port, which a test may stop (a server down: connection refused) and start again."""

    def __init__(self, port: int):
        self.port, self.server, self.controller = port, MailServer(), None

    def start(self):
        self.controller = Controller(self.server, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


@pytest.fixture
def smtp(settings):
    """A running SMTP server the site's mail settings point at."""
    running = Running(free_port())
    running.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", running.port, False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.DEFAULT_FROM_EMAIL = "tournaments@example.org"
    yield running
    running.stop()
