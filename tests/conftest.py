"""Shared pytest fixtures.

pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml; this file sits
at the root of tests/ so fixtures added here reach every test folder. Plain
builders (an event made through the services, a result form's fields) are in
`tests/factories.py`.
"""

import uuid

import pytest
from django.core.cache import cache


def pytest_configure(config):
    """No sweep thread nor mail sender in the test process: tests call `rooms.services.sweep` and
    `outbox.sender.deliver_due` themselves, on a fake clock.  (The servers that tests start as child processes sweep
    and send as in production.)"""
    from outbox import worker
    from rooms import sweeper

    sweeper.ENABLED = False
    worker.ENABLED = False


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Each test starts with no cached pages and no process copies of game rooms: databases roll back between
    tests, caches would not (a room of the next test may have the same id, opening and start: tests fix the time)."""
    from rooms.game.copies import kept

    cache.clear()
    kept.tables.clear()
    yield
    cache.clear()
    kept.tables.clear()


@pytest.fixture
def own_page_cache(settings):
    """A memory cache of the test's own, as the cached-page tests need (the page cache's real backend, not the
    settings' default): the database rolls back between tests, the cache would not."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": f"test-pages-{uuid.uuid4()}"}}
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organiser(django_user_model):
    """A staff account, `org`, that may create tournaments and organises those it makes."""
    return django_user_model.objects.create_user("org", is_staff=True)


@pytest.fixture
def org_client(client, organiser):
    """The test client, logged in as `organiser`."""
    client.force_login(organiser)
    return client


@pytest.fixture
def people(django_user_model, organiser):
    """`org` (the organiser above), `arb` (no staff flag: an arbiter needs only the role) and `other_org`."""
    make = django_user_model.objects.create_user
    return {"org": organiser, "arb": make("arb"), "other_org": make("other_org", is_staff=True)}
