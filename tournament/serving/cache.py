"""Whole-page caching of the public pages: keyed by the versions of what each page shows, rendered once per change.

Each page is stored in the Django cache under a key made of the versions of
what it shows (`versions.scope`: the round, the player, the standings
version...) and the page's address (with only the query parameters the page
reads), so a change makes stale exactly the pages that show it; the others
are served on.  Every key also holds a digest of the code and templates
(`release()`), so a new release never serves the pages an old one stored in
Redis, nor answers 304 to a browser holding one: the same code gives the
same digest on every machine.

The versions live in the database, not in the cache: they move in the same
transaction as the change, and each gunicorn worker may keep its own copies
of pages without any of them serving a stale page.  Reading them costs one
small query per request.

**Once per change.**  When a page's current version is not stored, one
request renders it and the others do not: in this process they wait for it
(`_Flight`), in other processes and machines they see the render's short
lock in the shared cache (`cache.add`, `LOCK_SECONDS`).  Meanwhile whoever
waits is served the page's previous version if there is one (stale while
revalidating, only while the render is under way: `X-Page-Cache: stale`),
else waits for the new one at most `WAIT_SECONDS`, then renders it itself.

**The cache may fail.**  Every cache call goes through `_cache_get`,
`_cache_set`... : an error is a miss (reads) or ignored (writes), so a
stopped or hung Redis makes pages slower, never an error (the Redis backend
also answers fast then: tournament/serving/redis_cache.py).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import secrets
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpResponse, HttpResponseNotModified, QueryDict
from django.utils.cache import patch_cache_control

from .versions import scope, tournament_part

logger = logging.getLogger(__name__)

# Headers of a view's own response worth keeping (CSV export names its file);
# the middleware adds the rest again on every response.
KEPT_HEADERS = ("Content-Type", "Content-Disposition")

LOCK_SECONDS = 10  # a render holds its page's lock at most this long (a crashed one frees it by then)
WAIT_SECONDS = 5  # a reader with no older version to be served waits at most this long, then renders itself
POLL_SECONDS = 0.05  # how often a reader waiting on another process's render looks for its page

# What makes a page besides the data: the Python code and the templates, of every app.
RELEASE_PARTS = ("games", "scoring", "tournament", "templates")


@functools.cache
def release() -> str:
    """A digest of the code and templates that render the pages, the same for the same files anywhere."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for part in RELEASE_PARTS:
        for path in sorted((root / part).rglob("*")):
            if path.suffix in (".py", ".html", ".css", ".js") and "migrations" not in path.parts:
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


# --- the cache, failing soft ------------------------------------------------------------------


def _cache_call(method: str, *args, failed=None):
    try:
        return getattr(cache, method)(*args)
    except Exception as error:  # noqa: BLE001 - a cache that fails makes a page slower, never an error
        logger.warning("page cache: %s failed (%s); going on without it", method, type(error).__name__)
        return failed


def _cache_get(key):
    return _cache_call("get", key)


def _cache_set(key, value, timeout=None):
    args = (key, value) if timeout is None else (key, value, timeout)
    _cache_call("set", *args)


def _cache_add(key, value, timeout) -> bool | None:
    """True: added; False: someone holds the key; None: the cache did not say (take it as ours)."""
    return _cache_call("add", key, value, timeout)


def _cache_delete(key):
    _cache_call("delete", key)


# --- keys -------------------------------------------------------------------------------------


def _path_digest(request) -> str:
    return hashlib.sha256(request.get_full_path().encode()).hexdigest()


def _page_key(page_scope: str, request) -> str:
    return f"public-page:{release()}:{page_scope}:{_path_digest(request)}"


def _latest_key(page_scope: str, request) -> str:
    """Where the key of the page's last stored version is kept, whatever the version (never copied locally)."""
    return f"public-latest:{release()}:{tournament_part(page_scope)}:{_path_digest(request)}"


def _etag_of(key: str) -> str:
    return f'"{hashlib.sha256(key.encode()).hexdigest()[:32]}"'


def _read_only(request, reads: dict) -> None:
    """Keep in the request's query string only the parameters the page reads, with values it takes, in one order.

    `reads` maps a parameter to the values it takes (a collection, or a
    predicate).  Anything else (`?junk=1`, `?sort=nonsense`, a parameter
    twice) is dropped before the view sees the request, so the page made is
    the page its key names, and a junk query string is served from the cache.
    """
    kept = []
    for name, allowed in reads.items():
        value = request.GET.get(name)
        if value is not None and (allowed(value) if callable(allowed) else value in allowed):
            kept.append((name, value))
    query = urlencode(kept)
    if query != request.META.get("QUERY_STRING", ""):
        request.META["QUERY_STRING"] = query
        request.GET = QueryDict(query)


# --- one render per change ------------------------------------------------------------------------


class _Flight:
    """A render under way in this process: the threads asking for the same page wait for its outcome."""

    def __init__(self):
        self.done = threading.Event()
        self.stored = None  # (status, headers, content), once rendered


_flights: dict[str, _Flight] = {}
_flights_lock = threading.Lock()


def _stored_response(stored, etag: str, how: str):
    status, headers, content = stored
    response = HttpResponse(content, status=status, headers=headers)
    response["X-Page-Cache"] = how
    return _revalidated(response, etag)


def _previous(latest_key: str, key: str, request):
    """The page's previous version, as stored: (its key, the page), or None."""
    previous_key = _cache_get(latest_key)
    if not previous_key or previous_key == key:
        return None
    stored = _cache_get(previous_key)
    return None if stored is None else (previous_key, stored)


def _stale(latest_key: str, key: str, request):
    """The previous version as a response (a 304 to a browser that holds it), or None."""
    previous = _previous(latest_key, key, request)
    if previous is None:
        return None
    previous_key, stored = previous
    etag = _etag_of(previous_key)
    if etag in _etags(request.headers.get("If-None-Match", "")):
        return _revalidated(HttpResponseNotModified(), etag)
    return _stored_response(stored, etag, "stale")


def _render_and_store(view, request, args, kwargs, key: str, latest_key: str):
    response = view(request, *args, **kwargs)
    stored = None
    if response.status_code == 200 and not response.streaming:
        headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
        stored = (response.status_code, headers, response.content)
        _cache_set(key, stored)
        _cache_set(latest_key, key, LOCK_SECONDS * 360)
        response["X-Page-Cache"] = "miss"
        _revalidated(response, request.page_etag)
    return response, stored


def _wait_for_other_process(key: str) -> tuple | None:
    """The page another process renders, once it has stored it; None after WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        stored = _cache_get(key)
        if stored is not None:
            return stored
    return None


def _lead(view, request, args, kwargs, key: str, latest_key: str, flight: _Flight):
    """This thread renders the page unless another process does; either way its flight ends with the page."""
    lock_key = f"public-render:{key}"
    token = secrets.token_hex(8)
    try:
        if _cache_add(lock_key, token, LOCK_SECONDS) is False:  # another process renders it
            stale = _stale(latest_key, key, request)
            if stale is not None:
                return stale
            flight.stored = _wait_for_other_process(key)
            if flight.stored is not None:
                return _stored_response(flight.stored, request.page_etag, "waited")
        response, flight.stored = _render_and_store(view, request, args, kwargs, key, latest_key)
        if _cache_get(lock_key) == token:
            _cache_delete(lock_key)
        return response
    finally:
        with _flights_lock:
            _flights.pop(key, None)
        flight.done.set()


def _follow(view, request, args, kwargs, key: str, latest_key: str, flight: _Flight):
    """Another thread of this process renders the page: the previous version now, or the new one when made."""
    stale = _stale(latest_key, key, request)
    if stale is not None:
        return stale
    if flight.done.wait(WAIT_SECONDS) and flight.stored is not None:
        return _stored_response(flight.stored, request.page_etag, "waited")
    response, _ = _render_and_store(view, request, args, kwargs, key, latest_key)
    return response


def _missed(view, request, args, kwargs, key: str, latest_key: str):
    with _flights_lock:
        flight = _flights.get(key)
        leader = flight is None
        if leader:
            flight = _flights[key] = _Flight()
    if leader:
        return _lead(view, request, args, kwargs, key, latest_key, flight)
    return _follow(view, request, args, kwargs, key, latest_key, flight)


# --- values several pages read --------------------------------------------------------------------


_building: dict[str, threading.Lock] = {}

# This process's own copies of remembered values, the latest version of each (name, tournament): a value read
# back from the cache is unpickled, which for a 500-player standings report costs a third of a page.  A key's
# value never changes, but a copy is used only while the cache still holds its key (a cheap look-up, no
# unpickling), so an emptied cache (after a restore; between tests) empties them too.  Bounded: the oldest leaves.
_copies: dict[str, tuple[str, object]] = {}
MAX_COPIES = 16
# What a cache of this process's own memory holds under a remembered value's key: the value is in `_copies`
# already, and pickling it into the cache as well (another 30 ms of a 500-player report) would serve nobody else.
HELD_HERE = "held in the process"


def remembered(name: str, tournament, build):
    """`build()`, kept in the cache under `name` and the tournament's standings version: built once per change.

    For what several pages and sheets read, such as one standings report:
    the value must depend on nothing but the tournament's data, whose every
    change moves `data_version` (tournament/serving/versions.py).  `tournament` is the
    row as the caller read it, before it reads the data `build` uses, so the
    value is never older than its key.  In this process one thread builds it
    while the others asking for it wait; a cache that fails means a build each time.
    The process keeps its own copy of the latest version it read (`_copies`).
    """
    slot = f"{name}:t{tournament.pk}"
    key = f"public-value:{release()}:{slot}-{tournament.data_version}"
    value = _held(slot, key)
    if value is not None:
        return value
    with _flights_lock:
        lock = _building.setdefault(key, threading.Lock())
    try:
        with lock:
            value = _held(slot, key)
            if value is None:
                value = build()
                _cache_set(key, value if _shared() else HELD_HERE)
                _keep_copy(slot, key, value)
    finally:
        with _flights_lock:
            _building.pop(key, None)
    return value


def _shared() -> bool:
    """Whether other processes read the cache (Redis), not only this one (the memory cache)."""
    return not isinstance(caches["default"], LocMemCache)


def _held(slot: str, key: str):
    """The value under `key`: this process's copy while the cache holds the key, else the shared cache's; None
    when neither has it."""
    copy = _copies.get(slot)
    if copy is not None and copy[0] == key and _cache_call("has_key", key, failed=False):
        return copy[1]
    if not _shared():
        return None
    value = _cache_get(key)
    if value is not None:
        _keep_copy(slot, key, value)
    return value


def _keep_copy(slot: str, key: str, value) -> None:
    with _flights_lock:
        _copies.pop(slot, None)
        _copies[slot] = (key, value)
        while len(_copies) > MAX_COPIES:
            _copies.pop(next(iter(_copies)))


# --- the decorator ------------------------------------------------------------------------


def cached_public_page(view=None, *, reads: dict | None = None, shows: str = "everything"):
    """Serve the view's page from the cache to anonymous GETs; render it once per change on a miss.

    Only anonymous visitors share pages: staff see organiser links.  The key
    holds the versions of what the page `shows` (tournament/serving/versions.py:
    "everything", "round", "player", "game"), the path and the query
    parameters the page reads (`reads`, e.g. `?sort=` and `?_export=csv`);
    any other parameter is dropped for everyone (`_read_only`), so it neither
    changes the page nor makes another copy of it.  A view without a `slug`
    argument is keyed by the site-wide version.  Only 200 responses are
    stored.  A hit costs one query and one cache read; a conditional request
    for the version the browser holds (If-None-Match) costs the query only,
    answered 304.  Use as `@cached_public_page` or `@cached_public_page(shows="round")`.
    """
    if view is None:
        return functools.partial(cached_public_page, reads=reads, shows=shows)
    reads = reads or {}

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        _read_only(request, reads)
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        page_scope = scope(shows, kwargs.get("slug"), kwargs)
        if page_scope is None:  # no such tournament: the view answers 404
            return view(request, *args, **kwargs)
        # The versions are read before the view reads the data, so the page is
        # never older than its key: a change committed meanwhile moves them past it.
        key = _page_key(page_scope, request)
        # The page's ETag is its key's: it moves with the versions.  A browser (or the live
        # pages' script) that holds this version gets a 304 for the one query above.
        request.page_etag = etag = _etag_of(key)
        if etag in _etags(request.headers.get("If-None-Match", "")):
            return _revalidated(HttpResponseNotModified(), etag)
        stored = _cache_get(key)
        if stored is not None:
            return _stored_response(stored, etag, "hit")
        return _missed(view, request, args, kwargs, key, _latest_key(page_scope, request))

    return wrapper


def _etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match header, weak ones as their strong twins."""
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def _revalidated(response, etag: str):
    """Tag the response with its version; browsers and proxies keep it but ask again before using it."""
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response
