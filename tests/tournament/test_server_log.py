"""A private link's token in no line the server writes, nor in the admins' mail (tournament/serving/server_log.py,
tournament/serving/error_mail.py): a failing page whose error names its own address, and runserver's request lines."""

from __future__ import annotations

import io
import logging

import pytest
from django.core import mail
from django.urls import path
from gunicorn.config import Config

from tournament.serving.gunicorn_conf import RedactingLogger
from tournament.urls import urlpatterns as site

TOKEN = "Zm9vYmFyLXNlY3JldC1saW5rLXRva2VuLW5vdC1yZWFs"


def fails_naming_its_address(request, token):
    raise RuntimeError(f"could not show {request.build_absolute_uri()}")


urlpatterns = [path("p/<str:token>/broken/", fails_naming_its_address), *site]

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


@pytest.fixture
def caught():
    """What the settings' own handlers write to stderr, caught: Django's error lines and runserver's."""
    handlers = [h for name in ("django", "django.server") for h in logging.getLogger(name).handlers
                if isinstance(h, logging.StreamHandler) and h.name in ("stderr", "server_lines")]
    assert len(handlers) == 2
    stream = io.StringIO()
    previous = [handler.setStream(stream) for handler in handlers]
    yield stream
    for handler, old in zip(handlers, previous):
        handler.setStream(old)


def test_an_error_whose_text_names_the_link_is_logged_without_it(client, caught):
    client.raise_request_exception = False
    assert client.get(f"/p/{TOKEN}/broken/").status_code == 500
    logged = caught.getvalue()
    assert "RuntimeError: could not show http://testserver/p/[private]/broken/" in logged  # the traceback's line
    assert TOKEN not in logged


def test_the_admins_mail_of_that_error_holds_no_token(client, settings):
    settings.ADMINS = [("Ann Able", "ann@example.org")]
    client.raise_request_exception = False
    client.get(f"/p/{TOKEN}/broken/", HTTP_REFERER=f"https://tm.example.org/p/{TOKEN}/")
    (message,) = mail.outbox
    html = message.alternatives[0][0] if message.alternatives else ""
    assert "/p/[private]/broken/" in message.body
    assert TOKEN not in message.subject + message.body + html


def test_runservers_request_lines_hold_no_token(caught):
    logging.getLogger("django.server").info('"%s" %s %s', f"GET /p/{TOKEN}/game/4/send/ HTTP/1.1", "302", "0")
    assert '"GET /p/[private]/game/4/send/ HTTP/1.1" 302 0' in caught.getvalue()
    assert TOKEN not in caught.getvalue()


def test_gunicorns_error_log_redacts_a_traceback_too():
    config = Config()
    config.set("errorlog", "-")
    logger = RedactingLogger(config)
    stream = io.StringIO()
    logger.error_log.handlers[0].setStream(stream)
    try:
        raise RuntimeError(f"could not read /p/{TOKEN}/game/4/send/")
    except RuntimeError:
        logger.error_log.exception(f"Error handling request /p/{TOKEN}/game/4/send/")
    written = stream.getvalue()
    assert "Error handling request /p/[private]/game/4/send/" in written
    assert "RuntimeError: could not read /p/[private]/game/4/send/" in written and TOKEN not in written
