"""The memory cache is bounded in bytes as well as entries (tournament/serving/memory_cache.py)."""

from __future__ import annotations

import pickle
import uuid

from django.conf import settings

from tournament.serving.memory_cache import BoundedMemoryCache


def a_cache(max_bytes: int, **options) -> BoundedMemoryCache:
    return BoundedMemoryCache(f"test-{uuid.uuid4()}", {"TIMEOUT": None, "OPTIONS": {"MAX_BYTES": max_bytes, **options}})


def size(value) -> int:
    return len(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


PAGE = b"x" * 400  # one "page": 400 bytes, a little more pickled


def test_the_least_recently_used_page_leaves_when_the_bytes_are_full():
    cache = a_cache(3 * size(PAGE))
    for key in "abc":
        cache.set(key, PAGE)
    assert cache.stored_bytes == 3 * size(PAGE)
    assert cache.get("a") == PAGE  # read: now the most recently used
    cache.set("d", PAGE)  # one too many: b, the least recently used, goes
    assert [cache.get(key) is not None for key in "abcd"] == [True, False, True, True]
    assert cache.stored_bytes == 3 * size(PAGE)


def test_a_page_bigger_than_the_whole_cache_is_not_kept_and_does_not_push_others_out():
    cache = a_cache(3 * size(PAGE))
    cache.set("a", PAGE)
    cache.set("huge", b"y" * 5000)
    assert cache.get("huge") is None and cache.get("a") == PAGE
    assert cache.stored_bytes == size(PAGE)


def test_replacing_deleting_and_clearing_keep_the_count_right():
    cache = a_cache(10_000)
    cache.set("a", PAGE)
    cache.set("a", b"z" * 100)  # replaced: counted once, at its new size
    assert cache.stored_bytes == size(b"z" * 100)
    cache.add("b", PAGE)
    cache.delete("a")
    assert cache.stored_bytes == size(PAGE)
    cache.set("n", 1)
    cache.incr("n", 10**30)  # a bigger number, a bigger pickle
    assert cache.stored_bytes == size(PAGE) + size(1 + 10**30)
    cache.clear()
    assert cache.stored_bytes == 0 and cache.get("b") is None


def test_the_entry_limit_still_holds():
    cache = a_cache(10**9, MAX_ENTRIES=10, CULL_FREQUENCY=2)
    for n in range(11):
        cache.set(f"page-{n}", PAGE)
    assert sum(cache.get(f"page-{n}") is not None for n in range(11)) == 6  # 10, less half on the 11th, plus it
    assert cache.stored_bytes == 6 * size(PAGE)


def test_the_site_uses_it_by_default_bounded_at_64_mb():
    default = settings.CACHES["default"]
    if settings.REDIS_URL:  # the Redis set-up bounds its local copies the same way
        assert default["OPTIONS"]["LOCAL_MAX_BYTES"] == 64 * 2**20
        return
    assert default["BACKEND"] == "tournament.serving.memory_cache.BoundedMemoryCache"
    assert default["OPTIONS"]["MAX_BYTES"] == 64 * 2**20
