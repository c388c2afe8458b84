"""REDIS_URL puts the public pages' cache on Redis, where every process and machine finds them.

Needs a Redis server (REDIS_URL); .ci/run starts one, elsewhere these skip.
"""

import io

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command

from tournament.models import Tournament
from tournament.management.commands.demo import DEMO_NAME
from tournament.serving.redis_cache import RedisWithLocalCopies

pytestmark = [pytest.mark.redis, pytest.mark.django_db]


def test_the_cache_is_the_redis_server_of_redis_url(redis_server):
    cache.set("stored-by-the-site", "on Redis")
    assert any(redis_server.scan_iter(match="*stored-by-the-site"))


def test_a_public_page_is_stored_in_redis_and_served_from_it(client, redis_server):
    call_command("demo", stdout=io.StringIO())
    standings = f"/t/{Tournament.objects.get(name=DEMO_NAME).slug}/standings/"
    assert not any(redis_server.scan_iter(match="*public-page:*"))
    first = client.get(standings)
    assert (first.status_code, first["X-Page-Cache"]) == (200, "miss")
    assert len(list(redis_server.scan_iter(match="*public-page:*"))) == 1
    again = client.get(standings)
    assert (again["X-Page-Cache"], again.content) == ("hit", first.content)


def test_the_health_check_asks_redis(client, redis_server):
    assert client.get("/healthz").json() == {"database": "ok", "cache": "ok"}


def test_a_value_changed_in_redis_by_another_process_is_read_afresh(redis_server):
    """Only page keys (which never change meaning) are copied into the process; any other value is asked of Redis."""
    cache.set("round-clock", "09:00")
    assert cache.get("round-clock") == "09:00"
    (stored,) = redis_server.scan_iter(match="*round-clock")
    redis_server.set(stored, redis_server.get(stored).replace(b"09:00", b"09:30"))
    assert cache.get("round-clock") == "09:30"


def test_a_process_keeps_copies_of_the_pages_it_read_within_its_bound(redis_server, settings):
    options = {"LOCAL_COPIES_OF": ["public-page:"], "LOCAL_MAX_BYTES": 50_000}
    pages = RedisWithLocalCopies(settings.REDIS_URL, {"KEY_PREFIX": "bounded", "OPTIONS": options})
    page = b"x" * 10_000
    for n in range(10):
        pages.set(f"public-page:{n}", page)
    pages.set("other", page)
    redis_server.flushdb()  # Redis forgets everything: what this process still serves is its own copies
    kept = [n for n in range(10) if pages.get(f"public-page:{n}") == page]
    assert kept == [6, 7, 8, 9]  # the last four that fit in 50,000 bytes (a pickled page is a little over 10,000)
    assert pages.get("other") is None
    pages.clear()


def test_every_request_of_a_process_shares_its_redis_connections_and_copies(redis_server, settings):
    """Django makes a cache object per thread, and under ASGI per request: each must not open a connection of its own,
    nor start with no copies (as it did: a page's hit cost a new connection to Redis)."""
    params = {"KEY_PREFIX": "requests", "OPTIONS": {"LOCAL_COPIES_OF": ["public-page:"]}}
    RedisWithLocalCopies(settings.REDIS_URL, params).get("warm-up")
    connected = redis_server.info("clients")["connected_clients"]
    page = b"p" * 1_000
    RedisWithLocalCopies(settings.REDIS_URL, params).set("public-page:1", page)
    for _ in range(20):  # twenty requests, each with its own cache object
        RedisWithLocalCopies(settings.REDIS_URL, params).get("round-clock")
    assert redis_server.info("clients")["connected_clients"] <= connected + 1
    redis_server.flushdb()  # Redis forgets the page: the next request still has the process's copy
    assert RedisWithLocalCopies(settings.REDIS_URL, params).get("public-page:1") == page
    RedisWithLocalCopies(settings.REDIS_URL, params).clear()
