"""Each page rendered once per change, however many ask at once (tournament/serving/cache.py).

The view here is a stand-in that counts its renders and takes 0.3 s, as a
big event's standings do: eight requests sent together must cost one render.
"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import RequestFactory

from tournament.models import Tournament
from tournament.serving.cache import _page_key, cached_public_page, remembered
from tournament.serving.versions import bump, scope

from tests.factories import make_event

# The requests run in threads, each with its own connection.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("own_page_cache")]

RENDER_SECONDS = 0.3


@pytest.fixture
def event():
    return make_event("R", ("Ann Able", "Ben Baker"), system="swiss")


class CountedPage:
    """A public page that counts its renders and says which render made it."""

    def __init__(self):
        self.renders = 0
        self.lock = threading.Lock()
        self.view = cached_public_page(self._render)

    def _render(self, request, slug):
        with self.lock:
            self.renders += 1
            number = self.renders
        time.sleep(RENDER_SECONDS)
        return HttpResponse(f"render {number}")

    def get(self, slug, etag=None):
        headers = {"If-None-Match": etag} if etag else {}
        request = RequestFactory().get(f"/t/{slug}/standings/", headers=headers)
        request.user = AnonymousUser()
        try:
            return self.view(request, slug=slug)
        finally:
            connection.close()

    def together(self, slug, count=8):
        start = threading.Barrier(count)

        def ask(_):
            start.wait()
            return self.get(slug)

        with ThreadPoolExecutor(count) as pool:
            return list(pool.map(ask, range(count)))


def test_eight_simultaneous_requests_for_a_stale_page_render_it_once(event):
    page = CountedPage()
    assert page.get(event.slug).content == b"render 1"
    bump(event.pk)  # a change: the page is stale
    responses = page.together(event.slug)
    assert page.renders == 2  # the first look, and once for the change
    kinds = sorted(r["X-Page-Cache"] for r in responses)
    assert kinds == ["miss"] + ["stale"] * 7  # the others are served the previous version meanwhile
    assert sorted(r.content for r in responses) == [b"render 1"] * 7 + [b"render 2"]
    # Once rendered, everyone gets the new version.
    assert page.get(event.slug).content == b"render 2"
    assert page.renders == 2


def test_eight_simultaneous_requests_for_a_page_never_rendered_render_it_once(event):
    page = CountedPage()
    responses = page.together(event.slug)
    assert page.renders == 1
    assert sorted(r["X-Page-Cache"] for r in responses) == ["miss"] + ["waited"] * 7
    assert {r.content for r in responses} == {b"render 1"}


def test_a_page_another_process_renders_is_waited_for_not_rendered_again(event):
    """Another process (or machine) holds the render's lock in the shared cache: this one waits for its page."""
    page = CountedPage()
    request = RequestFactory().get(f"/t/{event.slug}/standings/")
    key = _page_key(scope("everything", event.slug, {"slug": event.slug}), request)
    cache.add(f"public-render:{key}", "elsewhere", 10)
    stored_later = threading.Timer(0.3, lambda: cache.set(key, (200, {}, b"rendered elsewhere")))
    stored_later.start()
    response = page.get(event.slug)
    stored_later.join()
    assert page.renders == 0
    assert (response["X-Page-Cache"], response.content) == ("waited", b"rendered elsewhere")


def test_a_stale_page_another_process_renders_is_served_stale_meanwhile(event):
    page = CountedPage()
    page.get(event.slug)
    bump(event.pk)
    request = RequestFactory().get(f"/t/{event.slug}/standings/")
    key = _page_key(scope("everything", event.slug, {"slug": event.slug}), request)
    cache.add(f"public-render:{key}", "elsewhere", 10)
    response = page.get(event.slug)
    assert page.renders == 1
    assert (response["X-Page-Cache"], response.content) == ("stale", b"render 1")
    # The live pages' poll, holding that version, is told nothing changed yet (no render, no page sent).
    assert page.get(event.slug, etag=response["ETag"]).status_code == 304
    assert page.renders == 1


def test_the_live_pages_poll_costs_no_render_nor_cache_read(event, django_assert_max_num_queries, monkeypatch):
    page = CountedPage()
    first = page.get(event.slug)
    reads = []
    monkeypatch.setattr("tournament.serving.cache._cache_get", lambda key: reads.append(key))
    with django_assert_max_num_queries(1):
        again = page.get(event.slug, etag=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert (page.renders, reads) == (1, [])
    bump(event.pk)
    assert page.get(event.slug, etag=first["ETag"]).status_code == 200  # changed: the new page


def test_a_value_several_pages_read_is_built_once_per_change(event):
    builds = []

    def build():
        builds.append(len(builds) + 1)
        return {"report": builds[-1]}

    def read():
        return remembered("standings-report", Tournament.objects.get(pk=event.pk), build)

    assert read() == read() == {"report": 1}
    bump(event.pk)
    assert read() == read() == {"report": 2}
    assert builds == [1, 2]
