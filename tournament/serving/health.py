"""/healthz: whether this instance can reach its database and its cache, for a load balancer.

200 with {"database": "ok", "cache": "ok"} when both answer; 503 when one
does not, saying which (and the kind of error, never its text, which may hold
an address or a password).  No login, never cached, and exempt from the
HTTPS redirect (a balancer often checks over plain HTTP; see settings.py).

The root URLconf includes this module at "healthz" (no trailing slash:
balancers do not follow the redirect APPEND_SLASH would send).
"""

from __future__ import annotations

import logging
import secrets

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.urls import path
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


def database_answers() -> None:
    """Raise unless the database runs a query."""
    # A failed connection kept open (DJANGO_CONN_MAX_AGE) is closed at the end
    # of the request by Django itself, so the next check starts afresh.
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def cache_answers() -> None:
    """Raise unless the cache stores a value and gives it back (each call its own key: no clash between instances).

    The pages treat a failing Redis as a miss (tournament/serving/redis_cache.py), so
    this asks through `round_trip`, the one call that raises, naming the
    error (a refused connection, a timeout); other caches never fail.
    """
    key = f"healthz:{secrets.token_hex(8)}"
    value = secrets.token_hex(8)
    if hasattr(cache, "round_trip"):
        if cache.round_trip(key, value, 10) != value:
            raise RuntimeError("the cache did not give back what was stored")
        return
    cache.set(key, value, timeout=10)
    try:
        if cache.get(key) != value:
            raise RuntimeError("the cache did not give back what was stored")
    finally:
        cache.delete(key)


CHECKS = {"database": database_answers, "cache": cache_answers}


@never_cache
@require_safe
def healthz(request):
    report = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as error:  # noqa: BLE001 - any failure means "not healthy", said in the answer
            logger.warning("health check: the %s does not answer: %s", name, type(error).__name__)
            report[name] = f"failing ({type(error).__name__})"
        else:
            report[name] = "ok"
    healthy = all(state == "ok" for state in report.values())
    return JsonResponse(report, status=200 if healthy else 503)


urlpatterns = [path("", healthz, name="healthz")]
