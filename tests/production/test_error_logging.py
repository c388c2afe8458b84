"""Server errors on stderr with the request's path and user, mail to DJANGO_ADMINS, and never a private link's token."""

import io
import logging

import pytest
from django.core import mail

from tournament.serving.server_log import redact

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.production.failing_urls")]

TOKEN = "Zm9vYmFyLXNlY3JldC1saW5rLXRva2VuLW5vdC1yZWFs"


@pytest.fixture
def stderr_log():
    """What the settings' stderr handler writes, caught (the handler itself, with its filter and format)."""
    (handler,) = [h for h in logging.getLogger("django").handlers if h.name == "stderr"]
    caught = io.StringIO()
    previous = handler.setStream(caught)
    yield caught
    handler.setStream(previous)


@pytest.fixture
def browser(client):
    client.raise_request_exception = False
    return client


def test_an_error_is_logged_with_the_path_and_the_user_but_not_the_link(browser, stderr_log, django_user_model):
    browser.force_login(django_user_model.objects.create_user("arbiter-ann"))
    assert browser.get(f"/p/{TOKEN}/broken/").status_code == 500
    logged = stderr_log.getvalue()
    assert "ERROR django.request [GET /p/[private]/broken/ user=arbiter-ann] Internal Server Error" in logged
    assert "RuntimeError: the page broke" in logged  # with the traceback
    assert TOKEN not in logged


def test_an_anonymous_visitor_is_logged_as_anonymous(browser, stderr_log):
    browser.get(f"/p/{TOKEN}/broken/")
    assert "user=anonymous]" in stderr_log.getvalue()


def test_the_admins_get_mail_of_a_server_error_when_set(browser, settings):
    settings.ADMINS = [("Ann Able", "ann@example.org")]
    browser.get(f"/p/{TOKEN}/broken/")
    (message,) = mail.outbox
    assert message.to == ["ann@example.org"] and "Internal Server Error" in message.subject
    assert TOKEN not in message.subject


def test_no_mail_without_admins(browser, settings):
    settings.ADMINS = []
    browser.get(f"/p/{TOKEN}/broken/")
    assert mail.outbox == []


@pytest.mark.parametrize("line", [
    f"GET /p/{TOKEN}/ HTTP/1.1",
    f"https://tm.example.org/p/{TOKEN}/game/12/send/",
    f"Not Found: /p/{TOKEN}",
])
def test_a_private_link_is_redacted_wherever_it_stands(line):
    assert TOKEN not in redact(line) and "/p/[private]" in redact(line)


def test_an_entrys_confirmation_link_is_redacted_and_the_entry_form_left_alone():
    assert redact(f"POST /t/mso-open/enter/{TOKEN}/ HTTP/1.1") == "POST /t/mso-open/enter/[private]/ HTTP/1.1"
    assert redact("POST /t/mso-open/enter/ HTTP/1.1") == "POST /t/mso-open/enter/ HTTP/1.1"


@pytest.mark.parametrize("line", [
    f'  File "/srv/app/p/{TOKEN}.py", line 3, in home',
    f"ModuleNotFoundError: No module named 'lib/p/{TOKEN}'",
    f"/usr/lib/python3/dist-packages/p/{TOKEN}/views.py",
    f"/srv/app/t/x/enter/{TOKEN}.py",
])
def test_a_file_path_in_a_traceback_keeps_its_module_names(line):
    assert redact(line) == line


def test_a_rooms_socket_and_an_address_with_a_port_are_redacted():
    assert redact(f"WebSocket /ws/p/{TOKEN}/room/ [127.0.0.1:5]") == "WebSocket /ws/p/[private]/room/ [127.0.0.1:5]"
    assert redact(f"see http://127.0.0.1:8000/p/{TOKEN}/\n") == "see http://127.0.0.1:8000/p/[private]/\n"
    assert redact(f"'/p/{TOKEN}/'") == "'/p/[private]/'"


def test_other_addresses_are_left_alone():
    assert redact("GET /t/mso-open/players/3/ HTTP/1.1") == "GET /t/mso-open/players/3/ HTTP/1.1"


def test_a_refusal_is_logged_in_one_line_without_a_traceback(client, stderr_log, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger"))
    assert client.get("/manage/new/").status_code == 403  # not staff: may not create a tournament
    logged = stderr_log.getvalue()
    assert "WARNING django.request [GET /manage/new/ user=stranger] Forbidden" in logged
    assert "Traceback" not in logged
