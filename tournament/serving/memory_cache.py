"""Django's in-process memory cache, bounded in bytes as well as in entries.

`LocMemCache` bounds only the number of entries (`MAX_ENTRIES`): 5,000 pages
of a big event's crosstable at 5.6 MB each would be 28 GB.  This one also
keeps the sum of the stored (pickled) values under `MAX_BYTES` in its
OPTIONS, dropping the least recently used first, and never stores a value
bigger than that.  Everything else is Django's: the same global store per
LOCATION, the same lock, the same pickling.
"""

from __future__ import annotations

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

DEFAULT_MAX_BYTES = 64 * 2**20

# Per LOCATION, like Django's own `_caches`: the size of each stored value, and their sum.
_sizes: dict[str, dict[str, int]] = {}
_totals: dict[str, list[int]] = {}


class BoundedMemoryCache(LocMemCache):
    def __init__(self, name, params):
        options = dict(params.get("OPTIONS") or {})
        self.max_bytes = int(options.pop("MAX_BYTES", DEFAULT_MAX_BYTES))
        super().__init__(name, {**params, "OPTIONS": options})
        self._sizes = _sizes.setdefault(name, {})
        self._total = _totals.setdefault(name, [0])

    @property
    def stored_bytes(self) -> int:
        """The sum of the stored values' sizes, pickled, in bytes."""
        with self._lock:
            return self._total[0]

    # Each of these runs under the lock, as in LocMemCache.
    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):
        if len(value) > self.max_bytes:  # too big to keep at all; an older value under the key goes too
            self._delete(key)
            return
        self._forget(key)
        super()._set(key, value, timeout)
        self._sizes[key] = len(value)
        self._total[0] += len(value)
        while self._total[0] > self.max_bytes:
            self._drop_least_recent()

    def _cull(self):
        if self._cull_frequency == 0:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._total[0] = 0
            return
        for _ in range(len(self._cache) // self._cull_frequency):
            self._drop_least_recent()

    def _drop_least_recent(self):
        key, _ = self._cache.popitem()  # LocMemCache keeps the most recently used first
        self._expire_info.pop(key, None)
        self._forget(key)

    def _delete(self, key):
        self._forget(key)
        return super()._delete(key)

    def _forget(self, key):
        self._total[0] -= self._sizes.pop(key, 0)

    def incr(self, key, delta=1, version=None):
        value = super().incr(key, delta, version)
        full_key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if full_key in self._cache:
                self._forget(full_key)
                self._sizes[full_key] = len(self._cache[full_key])
                self._total[0] += self._sizes[full_key]
        return value

    def clear(self):
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._total[0] = 0
