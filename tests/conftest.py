"""Shared pytest fixtures.

pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml; this file sits
at the root of tests/ so fixtures added here reach every test folder.
"""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Each test starts with no cached pages: databases roll back between tests, caches would not."""
    cache.clear()
    yield
    cache.clear()
