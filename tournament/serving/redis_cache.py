"""Redis as the cache every process shares, with a copy in each process of the entries that never change.

The public pages are cached under keys that hold their tournament's data
version (tournament/serving/cache.py): the page under a key never changes, it only
stops being asked for once the version moves on.  So a process may keep
what it read from Redis and serve it again without asking Redis, which for
a large page (the crosstable of a 500-player event is 5.5 MB) saves most of
a cache hit's cost.  Redis still makes each page rendered once for every
process and machine.

Only keys that start with one of the `LOCAL_COPIES_OF` prefixes (in the
cache's OPTIONS) are copied; any other key always goes to Redis, so a value
that does change under its key is never served stale.  The copies are
bounded by `LOCAL_MAX_BYTES` (least recently used out first) and kept
pickled, as Django's memory cache keeps them, so no caller can change
another's copy.

A Redis that fails (stopped, unreachable, hung) makes pages slower, never an
error: each read that fails is a miss (a local copy is still served), each
write that fails is skipped, and `add` answers None ("could not say").  After
a failure this process leaves Redis alone for `PAUSE_AFTER_FAILURE` seconds,
so a hung Redis costs one read timeout (settings: `socket_timeout`) per
process per pause, not one per call.  `round_trip()`, for /healthz, is the
one call that raises.

Django makes a cache object per thread, and under ASGI per request (each
runs in a thread of its own): the connections to Redis, the local copies
and the pause after a failure belong to the process (`_Shared`, one per
LOCATION and OPTIONS), or each request would open a connection of its own
and never find a copy.
"""

from __future__ import annotations

import logging
import pickle
import threading
import time
from collections import OrderedDict

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property

_ABSENT = object()
PAUSE_AFTER_FAILURE = 1.0  # seconds this process asks Redis nothing after a failed call

logger = logging.getLogger(__name__)


class _Shared:
    """What every cache object of one process and one Redis shares: the client (its connection pools), the copies."""

    def __init__(self):
        self.client = None
        self.copies: OrderedDict[str, bytes] = OrderedDict()
        self.bytes = 0
        self.lock = threading.Lock()
        self.paused_until = 0.0


_shared: dict[tuple, _Shared] = {}
_shared_lock = threading.Lock()


class RedisWithLocalCopies(RedisCache):
    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        self._prefixes = tuple(options.pop("LOCAL_COPIES_OF", ()))
        self._max_bytes = int(options.pop("LOCAL_MAX_BYTES", 64 * 2**20))
        super().__init__(server, {**params, "OPTIONS": options})
        identity = (tuple(self._servers), repr(sorted(options.items())), self._prefixes, self._max_bytes)
        with _shared_lock:
            self._state = _shared.setdefault(identity, _Shared())
        self._lock = self._state.lock

    @cached_property
    def _cache(self):
        """The process's one client for this Redis, made by the first cache object to need it."""
        with _shared_lock:
            if self._state.client is None:
                self._state.client = self._class(self._servers, **self._options)
            return self._state.client

    # --- Redis, failing soft -----------------------------------------------------------------

    def _soft(self, call, failed):
        """`call()` on Redis; `failed` when it raises or Redis failed less than PAUSE_AFTER_FAILURE ago."""
        if time.monotonic() < self._state.paused_until:
            return failed
        try:
            return call()
        except Exception as error:  # noqa: BLE001 - any failure of the cache is a miss, never a page's error
            self._state.paused_until = time.monotonic() + PAUSE_AFTER_FAILURE
            logger.warning("Redis failed (%s): pages are served without it for %.0f s", type(error).__name__,
                           PAUSE_AFTER_FAILURE)
            return failed

    def round_trip(self, key, value, timeout) -> object:
        """Store `value`, read it back and delete it, raising on any failure: the health check's question."""
        RedisCache.set(self, key, value, timeout)
        try:
            return RedisCache.get(self, key)
        finally:
            RedisCache.delete(self, key)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(lambda: super(RedisWithLocalCopies, self).add(key, value, timeout, version), None)

    def get_many(self, keys, version=None):
        return self._soft(lambda: super(RedisWithLocalCopies, self).get_many(keys, version), {})

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(lambda: super(RedisWithLocalCopies, self).set_many(data, timeout, version), list(data))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(lambda: super(RedisWithLocalCopies, self).touch(key, timeout, version), False)

    def has_key(self, key, version=None):
        return self._soft(lambda: super(RedisWithLocalCopies, self).has_key(key, version), False)

    def _copied(self, key) -> bool:
        return isinstance(key, str) and key.startswith(self._prefixes) if self._prefixes else False

    def get(self, key, default=None, version=None):
        if not self._copied(key):
            return self._soft(lambda: super(RedisWithLocalCopies, self).get(key, default, version), default)
        full_key = self.make_and_validate_key(key, version=version)
        with self._lock:
            pickled = self._state.copies.get(full_key)
            if pickled is not None:
                self._state.copies.move_to_end(full_key)
        if pickled is not None:
            return pickle.loads(pickled)
        value = self._soft(lambda: super(RedisWithLocalCopies, self).get(key, _ABSENT, version), _ABSENT)
        if value is _ABSENT:
            return default
        self._keep(full_key, value)
        return value

    @property
    def stored_bytes(self) -> int:
        """Bytes of the local copies this process holds (as the memory cache's `stored_bytes`); Redis holds the rest."""
        return self._state.bytes

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._soft(lambda: super(RedisWithLocalCopies, self).set(key, value, timeout, version), None)
        if self._copied(key):
            self._keep(self.make_and_validate_key(key, version=version), value)

    def delete(self, key, version=None):
        self._drop(self.make_and_validate_key(key, version=version))
        return self._soft(lambda: super(RedisWithLocalCopies, self).delete(key, version), False)

    def clear(self):
        with self._lock:
            self._state.copies.clear()
            self._state.bytes = 0
        return super().clear()

    def _keep(self, full_key: str, value) -> None:
        pickled = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        if len(pickled) > self._max_bytes:
            return
        state = self._state
        with self._lock:
            previous = state.copies.pop(full_key, None)
            state.bytes += len(pickled) - (len(previous) if previous is not None else 0)
            state.copies[full_key] = pickled
            while state.bytes > self._max_bytes:
                _, oldest = state.copies.popitem(last=False)
                state.bytes -= len(oldest)

    def _drop(self, full_key: str) -> None:
        with self._lock:
            previous = self._state.copies.pop(full_key, None)
            if previous is not None:
                self._state.bytes -= len(previous)
