"""A Redis that stops or hangs makes the public pages slower, never an error; /healthz says it (503 naming why).

These start a Redis server of their own (`redis-server` on a spare port,
nothing saved) and stop it, or freeze it with SIGSTOP, while the site runs
in this process on the project's own Redis settings; a socket that accepts
and never answers stands for a hung Redis where no redis-server is installed.
"""

import os
import runpy
import shutil
import signal
import socket
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.core.cache import cache

from tournament import services
from tournament import settings as project
from tournament.models import Match

from tests.factories import make_event
from tournament.serving.redis_cache import RedisWithLocalCopies

from .servers import RedisServer

pytestmark = pytest.mark.django_db

PORT = 63801
SCORES = [[5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]]
SLOW_S = 1.5  # a page while Redis fails: at most one read timeout (0.3 s) and a render, never seconds of waiting


def redis_settings(url: str) -> dict:
    """The cache of tournament/settings.py with REDIS_URL set, on `url`."""
    return {"default": {"BACKEND": "tournament.serving.redis_cache.RedisWithLocalCopies", "LOCATION": url,
                        "KEY_PREFIX": f"outage-{uuid.uuid4().hex[:8]}", "TIMEOUT": 3600,
                        "OPTIONS": {"socket_connect_timeout": 0.3, "socket_timeout": 0.3,
                                    "LOCAL_COPIES_OF": ["public-page:"], "LOCAL_MAX_BYTES": project.PAGE_CACHE_BYTES}}}


def test_the_settings_give_redis_short_timeouts(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    configured = runpy.run_path(str(Path(__file__).resolve().parents[2] / "tournament" / "settings.py"))
    options = configured["CACHES"]["default"]["OPTIONS"]
    assert options["socket_connect_timeout"] <= 0.5 and options["socket_timeout"] <= 0.5


@pytest.fixture
def own_redis(settings):
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    server = RedisServer(PORT)
    server.start()
    settings.CACHES = redis_settings(f"redis://127.0.0.1:{PORT}/0")
    yield server
    server.stop()


@pytest.fixture
def event():
    tournament = make_event("O", ("Ann Able", "Ben Baker", "Cy Cole", "Dai Evans"), system="swiss",
                            publish_round_one=True)
    return tournament


def public_urls(event):
    return ["/", f"/t/{event.slug}/", f"/t/{event.slug}/round/1/", f"/t/{event.slug}/players/1/",
            f"/t/{event.slug}/standings/", f"/t/{event.slug}/crosstable/", f"/t/{event.slug}/screen/"]


def look(client, url):
    started = time.monotonic()
    response = client.get(url)
    return response, time.monotonic() - started


def enter_a_result(event) -> Match:
    match = Match.objects.filter(round__tournament=event, status=Match.PENDING).order_by("table").first()
    return services.enter_result(match, services.ResultEntry.typed(scores=SCORES))


def assert_served_without_the_cache(client, event):
    """Every public page 200, quickly, and the result entered meanwhile is on them; /healthz 503 naming the cache."""
    for url in public_urls(event):
        response, seconds = look(client, url)
        assert response.status_code == 200, url
        assert seconds < SLOW_S, (url, seconds)
    assert "1–0" in client.get(f"/t/{event.slug}/round/1/").content.decode()
    health = client.get("/healthz")
    assert health.status_code == 503
    assert health.json()["database"] == "ok" and health.json()["cache"].startswith("failing")


@pytest.mark.redis
def test_a_stopped_redis_means_pages_without_the_cache_then_with_it_again(client, event, own_redis):
    for url in public_urls(event):
        assert client.get(url).status_code == 200
    own_redis.stop()
    enter_a_result(event)
    assert_served_without_the_cache(client, event)
    own_redis.start()
    time.sleep(1.1)  # each process leaves a failed Redis alone for a second
    assert client.get("/healthz").status_code == 200
    enter_a_result(event)
    standings = f"/t/{event.slug}/standings/"
    assert client.get(standings)["X-Page-Cache"] == "miss"
    assert client.get(standings)["X-Page-Cache"] == "hit"

    assert any(b"public-page:" in key for key in redis.Redis(port=PORT).keys())  # stored in Redis again


@pytest.mark.redis
def test_a_hung_redis_means_slower_pages_never_an_error(client, event, own_redis):
    for url in public_urls(event):
        assert client.get(url).status_code == 200
    os.kill(own_redis.process.pid, signal.SIGSTOP)
    try:
        enter_a_result(event)
        assert_served_without_the_cache(client, event)
        assert client.get("/healthz").json()["cache"] == "failing (TimeoutError)"
    finally:
        os.kill(own_redis.process.pid, signal.SIGCONT)
    time.sleep(1.1)
    assert client.get("/healthz").status_code == 200
    assert "1–0" in client.get(f"/t/{event.slug}/round/1/").content.decode()


def test_a_redis_that_accepts_and_never_answers_is_a_miss_after_its_timeout(client, event, settings):
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)
        settings.CACHES = redis_settings(f"redis://127.0.0.1:{silent.getsockname()[1]}/0")
        cache.get("warm-up")  # the first failure pauses the cache for this process
        enter_a_result(event)
        assert_served_without_the_cache(client, event)
        assert client.get("/healthz").json()["cache"] == "failing (TimeoutError)"


def test_a_hung_redis_costs_one_timeout_per_process_not_one_per_request(settings):
    """Under ASGI each request has a cache object of its own: the pause after a failure is the process's."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)
        location = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        params = redis_settings(location)["default"]
        first, started = RedisWithLocalCopies(location, params), time.monotonic()
        assert first.get("round-clock", "miss") == "miss"
        assert time.monotonic() - started >= 0.25  # the first request waits for the read timeout (0.3 s)
        started = time.monotonic()
        for _ in range(10):
            assert RedisWithLocalCopies(location, params).get("round-clock", "miss") == "miss"
        assert time.monotonic() - started < 0.25  # the next ten, within the pause, do not wait at all
