"""Failed logins are throttled per account and per address (tournament/serving/login_throttle.py).

Eight threads of wrong passwords cut public throughput eightfold: nothing
stopped them.  Five wrong passwords for one account, or thirty from one
address, within 15 minutes, and the login refuses at once (429), saying why.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import check_password
from django.test import Client

from tests.factories import page_text
from tournament.serving import login_throttle

pytestmark = pytest.mark.django_db

PAUSED_ACCOUNT = "Too many failed logins for this account: logging in is paused for up to 15 minutes."
PAUSED_ADDRESS = "Too many failed logins from your address: logging in is paused for up to 15 minutes."


@pytest.fixture(autouse=True)
def fast_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def accounts(django_user_model):
    make = django_user_model.objects.create_user
    return {name: make(name, password=f"{name}-right", is_staff=True) for name in ("ann", "bob")}


def log_in(browser, username, password, address="203.0.113.7", path="/accounts/login/"):
    return browser.post(path, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_five_wrong_passwords_pause_the_account_and_the_sixth_try_is_refused_unchecked(accounts, monkeypatch):
    browser = Client()
    for _ in range(5):
        response = log_in(browser, "ann", "wrong")
        assert response.status_code == 200 and PAUSED_ACCOUNT not in page_text(response)
    checked = []
    monkeypatch.setattr("django.contrib.auth.backends.ModelBackend.authenticate",
                        lambda *args, **kwargs: checked.append(1))
    response = log_in(browser, "ann", "ann-right")
    assert response.status_code == 429
    assert PAUSED_ACCOUNT in page_text(response)
    assert checked == []  # no password hashed: the try costs the site nothing
    assert "_auth_user_id" not in browser.session


def test_a_paused_account_pauses_from_every_address_but_not_the_other_accounts(accounts):
    for _ in range(5):
        log_in(Client(), "ann", "wrong", address="203.0.113.7")
    assert log_in(Client(), "Ann ", "ann-right", address="198.51.100.9").status_code == 429  # case and spaces aside
    bob = Client()
    assert log_in(bob, "bob", "bob-right").status_code == 302
    assert bob.session["_auth_user_id"] == str(accounts["bob"].pk)


def test_a_right_password_clears_the_accounts_count(accounts):
    browser = Client()
    for _ in range(4):
        log_in(browser, "ann", "wrong")
    assert log_in(browser, "ann", "ann-right").status_code == 302
    for _ in range(4):
        assert log_in(Client(), "ann", "wrong").status_code == 200
    assert log_in(Client(), "ann", "ann-right").status_code == 302


def test_thirty_failures_from_one_address_pause_it_whatever_the_names(accounts):
    for n in range(30):
        assert log_in(Client(), f"guess{n}", "wrong").status_code == 200
    response = log_in(Client(), "bob", "bob-right")
    assert response.status_code == 429 and PAUSED_ADDRESS in page_text(response)
    assert log_in(Client(), "bob", "bob-right", address="198.51.100.9").status_code == 302


def test_the_admin_login_is_throttled_too(accounts):
    for _ in range(5):
        log_in(Client(), "ann", "wrong", path="/admin/login/")
    response = log_in(Client(), "ann", "ann-right", path="/admin/login/")
    assert PAUSED_ACCOUNT in page_text(response)
    assert check_password("ann-right", accounts["ann"].password)  # the account itself is untouched


def test_a_cache_that_fails_leaves_logins_working(accounts, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    for name in ("get", "get_many", "add", "incr", "delete"):
        monkeypatch.setattr(f"django.core.cache.cache.{name}", broken, raising=False)
    assert log_in(Client(), "ann", "wrong").status_code == 200
    assert log_in(Client(), "ann", "ann-right").status_code == 302


def test_behind_the_https_proxy_the_address_is_the_one_the_proxy_added(accounts, settings):
    settings.HTTPS = True
    for n in range(30):
        Client().post("/accounts/login/", {"username": f"guess{n}", "password": "wrong"}, REMOTE_ADDR="127.0.0.1",
                      HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, 203.0.113.7", secure=True)
    paused = Client().post("/accounts/login/", {"username": "bob", "password": "bob-right"}, REMOTE_ADDR="127.0.0.1",
                           HTTP_X_FORWARDED_FOR="203.0.113.7", secure=True)
    assert paused.status_code == 429
    other = Client().post("/accounts/login/", {"username": "bob", "password": "bob-right"}, REMOTE_ADDR="127.0.0.1",
                          HTTP_X_FORWARDED_FOR="198.51.100.9", secure=True)
    assert other.status_code == 302
    assert login_throttle.ADDRESS_LIMIT == 30
