"""Counting tries in a window: the one throttle of the site (failed logins, guessed confirmation links, entry forms).

A `Throttle` counts, for one kind of try, how many each caller (a user name, a network address, a mail address)
made within `window_s` of the first of them; at `limit` the caller is held until the window ends.

The counts are in Django's cache: with REDIS_URL, one count for every worker and machine; without it, each
process counts its own (a server of N workers allows up to N times the limit).  A cache that fails never makes
a request a 500: the throttle stands aside (fails open) and says so in the log; what it guards has its own
defence behind it (a password, a random token, a confirmation by mail).

Callers are keyed by a digest made with the site's secret (`salted_hmac`): a plain SHA-256 of an address can be
reversed by hashing every address there is, and the cache is no place for readable addresses.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.utils.crypto import salted_hmac

logger = logging.getLogger(__name__)


def digest(kind: str, who: str) -> str:
    """A keyed digest of `who` (an address, a user name) for `kind`: the same for the same site and caller, and
    useless without the site's secret."""
    return salted_hmac(f"ingenious.throttle.{kind}", who).hexdigest()[:32]


class Throttle:
    """At most `limit` tries per caller within `window_s` seconds, counted from the caller's first."""

    def __init__(self, kind: str, limit: int, window_s: int):
        self.kind, self.limit, self.window_s = kind, limit, window_s

    def key(self, who: str) -> str:
        return f"throttle:{self.kind}:{digest(self.kind, who)}"

    def count(self, who: str) -> int:
        """The caller's tries in the window so far (0 when the cache does not answer)."""
        try:
            return cache.get(self.key(who), 0)
        except Exception:  # noqa: BLE001 - any cache fault: throttle nothing rather than refuse everyone
            logger.warning("Throttle %s: the cache did not answer; not throttled meanwhile", self.kind, exc_info=True)
            return 0

    def held(self, who: str) -> bool:
        """Whether the caller has used up the window's tries."""
        return self.count(who) >= self.limit

    def hit(self, who: str) -> int:
        """Count one try; the caller's count with it (0 when the cache does not answer: not held)."""
        key = self.key(who)
        try:
            if cache.add(key, 1, self.window_s):
                return 1
            try:
                return cache.incr(key)
            except ValueError:  # the window ended between add and incr: this try opens the next one
                cache.add(key, 1, self.window_s)
                return 1
        except Exception:  # noqa: BLE001 - as in `count`
            logger.warning("Throttle %s: the cache did not answer; a try went uncounted", self.kind, exc_info=True)
            return 0

    def take(self, who: str) -> bool:
        """Count one try and say whether it is within the limit (a try over it is counted too)."""
        return self.hit(who) <= self.limit

    def clear(self, who: str) -> None:
        try:
            cache.delete(self.key(who))
        except Exception:  # noqa: BLE001 - as in `count`
            logger.warning("Throttle %s: the cache did not answer; a count was not cleared", self.kind, exc_info=True)
