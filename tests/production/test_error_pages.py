"""The site's own pages where Django would answer in its bare words."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.template.loader import render_to_string
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("csrf", [False, True])
def test_a_log_pasted_over_the_form_limit_gets_the_sites_page_saying_so(csrf):
    """3 MB pasted into /logs/check/ got a bare "Bad Request (400)"."""
    browser = Client(enforce_csrf_checks=csrf)
    token = browser.get("/logs/check/").cookies["csrftoken"].value if csrf else ""
    # As a browser sends it: the CSRF check reads the form first, and finds it too large.
    response = browser.post("/logs/check/", {"csrfmiddlewaretoken": token, "text": "x" * (3 * 2**20)})
    assert response.status_code == 413
    assert templates(response)[0] == "400.html"  # the site's own page, not Django's bare line
    assert response.context["too_big"] == {"sent": "3 MB", "limit": "2.5 MB"}


def test_a_log_under_the_form_limit_is_still_read():
    response = Client().post("/logs/check/", {"text": "x" * (2 * 2**20)})
    assert response.status_code == 200
    assert "400.html" not in templates(response)


def test_a_host_not_allowed_gets_the_sites_400_page():
    response = Client(HTTP_HOST="evil.example.org").get("/")
    assert response.status_code == 400
    assert templates(response)[0] == "400.html"
    assert (response.context["too_big"], response.context["too_many"]) == (None, False)


@pytest.fixture
def database_down(monkeypatch):
    """Every new query fails as a database that does not answer fails (PostgreSQL stopped: connection refused)."""
    def refuse(self, *args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr(BaseDatabaseWrapper, "_cursor", refuse)


@pytest.mark.parametrize("address", ["/", "/t/open/standings/", "/p/" + "a" * 43 + "/", "/t/open/round/2/"])
def test_with_the_database_down_a_page_is_a_503_of_the_sites_own(database_down, address):
    """With PostgreSQL down every page was a 500, "Something went wrong on our side"."""
    response = Client(raise_request_exception=False).get(address)
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert "503.html" in templates(response)


def test_with_the_database_down_a_logged_in_organiser_gets_the_503_too(organiser, monkeypatch):
    browser = Client(raise_request_exception=False)
    browser.force_login(organiser)

    monkeypatch.setattr(BaseDatabaseWrapper, "_cursor", lambda *a, **k: (_ for _ in ()).throw(OperationalError("down")))
    response = browser.get("/manage/")  # the session itself is in the database
    assert response.status_code == 503
    assert "503.html" in templates(response)


def test_any_other_error_is_still_the_500_page(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("tournament.pages.views.render", broken)
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    assert "500.html" in templates(response)


@pytest.mark.parametrize("template, context, words", [
    ("400.html", {"too_big": {"sent": "3 MB", "limit": "2.5 MB"}},
     ["<h1>What you sent is too large</h1>",
      "The form held 3 MB of typed or pasted text; the site\n  takes at most 2.5 MB in one form.",
      "All tournaments"]),  # with the site's way back, not Django's bare line
    ("400.html", {"too_many": True}, ["<h1>What you sent is too large</h1>",
                                      "The form held more fields or files than the site takes in one go."]),
    ("400.html", {}, ["<h1>The site could not read that request</h1>"]),
    ("503.html", {}, ["<h1>The site is unavailable for a moment</h1>", "Try again in a minute"]),
    ("500.html", {}, ["<h1>Something went wrong on our side</h1>"]),
])
def test_the_error_pages_wordings(rf, template, context, words):
    """Each error page's words, once: the tests above assert which page and which values a request gets."""
    page = render_to_string(template, context, request=rf.get("/"))
    for sentence in words:
        assert sentence in page


def templates(response) -> list[str]:
    return [template.name for template in response.templates]
