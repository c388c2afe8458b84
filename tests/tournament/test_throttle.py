"""The site's one throttle (tournament/serving/throttle.py): counts in a window, keys keyed with the site's
secret, and a cache that fails lets everything through and says so in the log."""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache

from tournament.serving.throttle import Throttle


def test_a_caller_is_held_at_the_limit_and_others_are_not():
    throttle = Throttle("test", 3, 60)
    assert [throttle.take("10.0.0.1") for _ in range(4)] == [True, True, True, False]
    assert throttle.held("10.0.0.1") and not throttle.held("10.0.0.2")
    throttle.clear("10.0.0.1")
    assert not throttle.held("10.0.0.1")


def test_a_count_that_expired_between_add_and_incr_starts_again(monkeypatch):
    throttle = Throttle("test", 3, 60)
    throttle.hit("ann")

    def gone(key, delta=1):
        cache.delete(key)
        raise ValueError(key)

    monkeypatch.setattr(cache, "incr", gone)
    assert throttle.hit("ann") == 1 and throttle.count("ann") == 1


def test_the_key_is_keyed_with_the_sites_secret_not_a_plain_digest(settings):
    throttle = Throttle("test", 3, 60)
    key = throttle.key("10.0.0.1")
    assert hashlib.sha256(b"10.0.0.1").hexdigest()[:32] not in key and "10.0.0.1" not in key
    settings.SECRET_KEY = "another site's secret"
    assert throttle.key("10.0.0.1") != key


def test_a_cache_that_fails_lets_everything_through_and_logs_it(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    for method in ("get", "add", "incr", "delete"):
        monkeypatch.setattr(cache, method, broken)
    throttle = Throttle("test", 1, 60)
    with caplog.at_level(logging.WARNING, logger="tournament.serving.throttle"):
        assert [throttle.take("ann") for _ in range(3)] == [True] * 3 and not throttle.held("ann")
        throttle.clear("ann")
    logged = [record.getMessage() for record in caplog.records if record.name == "tournament.serving.throttle"]
    assert len(logged) == 3 + 1 + 1 and all("Throttle test: the cache did not answer" in line for line in logged)
