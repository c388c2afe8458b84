"""REDIS_URL puts the public pages' cache on Redis, where every process and machine finds them.

Needs a Redis server (REDIS_URL); .ci/run starts one, elsewhere these skip.
"""

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command

from tournament.models import Tournament

pytestmark = [pytest.mark.redis, pytest.mark.django_db]


def test_the_cache_is_the_redis_server_of_redis_url(redis_server):
    cache.set("stored-by-the-site", "on Redis")
    assert any(redis_server.scan_iter(match="*stored-by-the-site"))


def test_a_public_page_is_stored_in_redis_and_served_from_it(client, redis_server):
    call_command("demo", stdout=io.StringIO())
    standings = f"/t/{Tournament.objects.get().slug}/standings/"
    assert not any(redis_server.scan_iter(match="*public-page:*"))
    first = client.get(standings)
    assert (first.status_code, first["X-Page-Cache"]) == (200, "miss")
    assert len(list(redis_server.scan_iter(match="*public-page:*"))) == 1
    again = client.get(standings)
    assert (again["X-Page-Cache"], again.content) == ("hit", first.content)


def test_the_health_check_asks_redis(client, redis_server):
    assert client.get("/healthz").json() == {"database": "ok", "cache": "ok"}
