"""/healthz, as a load balancer asks it: no login, never cached, 503 naming what does not answer."""

import runpy
from pathlib import Path

import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db

SETTINGS = Path(__file__).resolve().parents[2] / "tournament" / "settings.py"


def test_both_answer_200_without_login_and_never_cached(client):
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {"database": "ok", "cache": "ok"})
    assert "no-store" in response["Cache-Control"]
    assert client.get("/healthz").json() == {"database": "ok", "cache": "ok"}  # asked again: answered again


def test_a_cache_that_does_not_answer_is_503_naming_the_cache(client, settings):
    # Nothing listens on port 1 of this machine: the Redis client fails at once.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": "redis://127.0.0.1:1/0",
                                   "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "ok" and response.json()["cache"].startswith("failing")


def test_a_database_that_does_not_answer_is_503_naming_the_database(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["cache"] == "ok" and response.json()["database"].startswith("failing")


def test_a_post_is_refused_not_an_error(client):
    assert client.post("/healthz").status_code == 405


def test_with_https_the_health_check_is_not_redirected_but_the_pages_are(client, settings, monkeypatch):
    monkeypatch.setenv("DJANGO_HTTPS", "1")
    https = runpy.run_path(str(SETTINGS))
    for name in ("SECURE_SSL_REDIRECT", "SECURE_REDIRECT_EXEMPT", "SECURE_PROXY_SSL_HEADER", "SECURE_HSTS_SECONDS"):
        setattr(settings, name, https[name])
    assert client.get("/healthz").status_code == 200  # a balancer checking over plain HTTP
    redirected = client.get("/")
    assert redirected.status_code == 301 and redirected["Location"].startswith("https://")
    through_proxy = client.get("/", HTTP_X_FORWARDED_PROTO="https")
    assert through_proxy.status_code == 200 and "max-age=" in through_proxy["Strict-Transport-Security"]
