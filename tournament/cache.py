"""Whole-page caching of the public pages, invalidated by a per-tournament data version.

Each tournament has a version number in the Django cache
(`tournament-version-<id>`); a page is stored under a key made of that
version and the page's full address.  Changing anything a public page shows
bumps the version, so the old pages are never read again and simply age out.
The site-wide version (`tournament-version-all`) moves with every bump and
keys the front page.

Saves and deletes of tournaments, players, rounds and matches bump through
the signals connected in `TournamentConfig.ready()`; `bulk_create`,
`bulk_update` and `QuerySet.update` send no signals, so the services that use
them call `bump()` themselves.

The versions live in the configured cache.  With the default LocMemCache each
process has its own, which is right for a single process (runserver, one
gunicorn worker) only: several workers or servers need a shared cache
(Redis, Memcached) so that a result entered through one is seen by all.
"""

from __future__ import annotations

import functools
import hashlib
import time

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse

from .models import Match, Player, Round, Tournament

SITE = "all"
# Headers of a view's own response worth keeping (CSV export names its file);
# the middleware adds the rest again on every response.
KEPT_HEADERS = ("Content-Type", "Content-Disposition")


def _version_key(scope) -> str:
    return f"tournament-version-{scope}"


def _slug_key(slug: str) -> str:
    return f"tournament-slug-{slug}"


def _fresh_version() -> int:
    # A missing version (never set, or evicted) restarts from the clock, never
    # from 1, so it cannot land on a number that old pages are stored under.
    return time.time_ns()


def version(scope) -> int:
    """The current data version of a tournament (by id), or of the site (`SITE`)."""
    key = _version_key(scope)
    current = cache.get(key)
    if current is None:
        cache.add(key, _fresh_version(), timeout=None)
        current = cache.get(key)
    return current


def _bump_now(scope) -> None:
    key = _version_key(scope)
    try:
        cache.incr(key)
    except ValueError:  # no version yet, or evicted
        cache.set(key, _fresh_version(), timeout=None)


def bump(tournament_id: int) -> None:
    """Make every cached public page of the tournament, and the front page, stale.

    Bumps at once, so later reads in the same transaction (and tests, whose
    transactions never commit) see fresh pages, and again on commit, so a page
    another request rendered from the not-yet-committed data is dropped too.
    """
    for scope in (tournament_id, SITE):
        _bump_now(scope)
    transaction.on_commit(lambda: [_bump_now(scope) for scope in (tournament_id, SITE)])


# --- the decorator ------------------------------------------------------------------------


def _tournament_id(slug: str) -> int | None:
    key = _slug_key(slug)
    tournament_id = cache.get(key)
    if tournament_id is None:
        tournament_id = Tournament.objects.filter(slug=slug).values_list("pk", flat=True).first()
        if tournament_id is not None:
            cache.set(key, tournament_id, timeout=None)
    return tournament_id


def _page_key(scope, request) -> str:
    path = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"public-page:{scope}:{version(scope)}:{path}"


def cached_public_page(view):
    """Serve the view's page from the cache to anonymous GETs; store it on a miss.

    Only anonymous visitors share pages: staff see organiser links.  The key
    holds the full path with its query string (`?sort=`, `?_export=csv`).  A
    view with a `slug` argument is keyed by its tournament's version, any other
    by the site-wide one.  Only 200 responses are stored.
    """

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        slug = kwargs.get("slug")
        scope = SITE if slug is None else _tournament_id(slug)
        if scope is None:  # no such tournament: the view answers 404
            return view(request, *args, **kwargs)
        # The key is made before the view reads the data: a change during
        # rendering bumps past it, so a page from old data is never served late.
        key = _page_key(scope, request)
        stored = cache.get(key)
        if stored is not None:
            status, headers, content = stored
            response = HttpResponse(content, status=status, headers=headers)
            response["X-Page-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
            cache.set(key, (response.status_code, headers, response.content))
            response["X-Page-Cache"] = "miss"
        return response

    return wrapper


# --- invalidation by signals --------------------------------------------------------------


def _tournament_changed(sender, instance, **kwargs):
    cache.delete(_slug_key(instance.slug))  # a new, changed or freed slug is looked up afresh
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
