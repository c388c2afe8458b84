"""Whole-page caching of the public pages, invalidated by a per-tournament data version.

Each tournament row carries `data_version`, a number that moves on with every
change a public page could show.  A page is stored in the Django cache under
a key made of that version and the page's address (with only the query
parameters the page reads), so a changed
tournament is simply never served from its old pages again; they age out.
The front page is keyed by the sum of all versions and the number of
tournaments.  Every key also holds a digest of the code and templates
(`release()`), so a new release never serves the pages an old one stored in
Redis, nor answers 304 to a browser holding one: the same code gives the
same digest on every machine.

The version lives in the database, not in the cache, for two reasons: it
moves in the same transaction as the change (a rolled-back change leaves it
alone, a committed one is seen by every process at once), and each gunicorn
worker may keep its own in-memory cache of pages without any of them
serving a stale page.  Reading it costs one small query per request.

Saves and deletes of tournaments, players, rounds and matches bump through
the signals connected in `TournamentConfig.ready()`; `bulk_create`,
`bulk_update` and `QuerySet.update` send no signals, so the services that use
them call `bump()` themselves.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from urllib.parse import urlencode

from django.core.cache import cache
from django.db.models import Count, F, Sum
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse, HttpResponseNotModified, QueryDict
from django.utils.cache import patch_cache_control

from .models import Match, Player, Round, Tournament

# Headers of a view's own response worth keeping (CSV export names its file);
# the middleware adds the rest again on every response.
KEPT_HEADERS = ("Content-Type", "Content-Disposition")


def bump(tournament_id: int) -> None:
    """Make every cached public page of the tournament, and the front page, stale."""
    Tournament.objects.filter(pk=tournament_id).update(data_version=F("data_version") + 1)


# --- the decorator ------------------------------------------------------------------------


def _scope(slug: str | None) -> str | None:
    """The part of the key that changes with the data: None when there is no such tournament."""
    if slug is None:
        totals = Tournament.objects.aggregate(n=Count("pk"), versions=Sum("data_version"))
        return f"site-{totals['n']}-{totals['versions'] or 0}"
    row = Tournament.objects.filter(slug=slug).values_list("pk", "data_version").first()
    return None if row is None else f"t{row[0]}-{row[1]}"


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


def _page_key(scope: str, request) -> str:
    path = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"public-page:{release()}:{scope}:{path}"


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


def cached_public_page(view=None, *, reads: dict | None = None):
    """Serve the view's page from the cache to anonymous GETs; store it on a miss.

    Only anonymous visitors share pages: staff see organiser links.  The key
    holds the path and the query parameters the page reads (`reads`, e.g.
    `?sort=` and `?_export=csv`); any other parameter is dropped for everyone
    (`_read_only`), so it neither changes the page nor makes another copy of
    it.  A view with a `slug` argument is keyed by its tournament's version,
    any other by the site-wide one.  Only 200 responses are stored.  A hit
    costs one query; so does a conditional request for the version the
    browser holds (If-None-Match), answered 304.  Use as `@cached_public_page` or `@cached_public_page(reads={...})`.
    """
    if view is None:
        return functools.partial(cached_public_page, reads=reads)
    reads = reads or {}

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        _read_only(request, reads)
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        scope = _scope(kwargs.get("slug"))
        if scope is None:  # no such tournament: the view answers 404
            return view(request, *args, **kwargs)
        # The version is read before the view reads the data, so the page is
        # never older than its key: a change committed meanwhile moves the
        # version past it.
        key = _page_key(scope, request)
        # The page's ETag is its key's: it moves with the tournament's version.  A browser (or the live
        # pages' script) that holds this version gets a 304 for the one query above.
        request.page_etag = etag = f'"{hashlib.sha256(key.encode()).hexdigest()[:32]}"'
        if etag in _etags(request.headers.get("If-None-Match", "")):
            return _revalidated(HttpResponseNotModified(), etag)
        stored = cache.get(key)
        if stored is not None:
            status, headers, content = stored
            response = HttpResponse(content, status=status, headers=headers)
            response["X-Page-Cache"] = "hit"
            return _revalidated(response, etag)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
            cache.set(key, (response.status_code, headers, response.content))
            response["X-Page-Cache"] = "miss"
            _revalidated(response, etag)
        return response

    return wrapper


def _etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match header, weak ones as their strong twins."""
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def _revalidated(response, etag: str):
    """Tag the response with its version; browsers and proxies keep it but ask again before using it."""
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response


# --- invalidation by signals --------------------------------------------------------------


def _tournament_changed(sender, instance, **kwargs):
    bump(instance.pk)


def _part_changed(sender, instance, **kwargs):
    """A player or round: it names its tournament."""
    if _deleted_with_its_owner(instance, kwargs.get("origin")):
        return
    bump(instance.tournament_id)


def _match_changed(sender, instance, **kwargs):
    origin = kwargs.get("origin")
    if _deleted_with_its_owner(instance, origin):
        return
    if Match.round.is_cached(instance):
        tournament_id = instance.round.tournament_id
    else:
        tournament_id = Round.objects.filter(pk=instance.round_id).values_list("tournament_id", flat=True).first()
    if tournament_id is not None:
        bump(tournament_id)


def _deleted_with_its_owner(instance, origin) -> bool:
    """A row deleted by cascade from its round or tournament, which bumps for it.

    Skipping these saves a query for each match of a deleted draft round.
    """
    return isinstance(origin, (Round, Tournament)) and origin is not instance


RECEIVERS = {Tournament: _tournament_changed, Player: _part_changed, Round: _part_changed, Match: _match_changed}


def connect_signals() -> None:
    for model, receiver in RECEIVERS.items():
        for signal, event in ((post_save, "saved"), (post_delete, "deleted")):
            signal.connect(receiver, sender=model, dispatch_uid=f"public-cache-{model.__name__}-{event}")
