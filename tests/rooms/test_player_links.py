"""`player_links` says which base its links start with, and `--base` gives another: with no
SITE_URL set, the default port 8000 is rarely where the site runs (`PORT=9101 make run`)."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.factories import make_event

pytestmark = pytest.mark.django_db


def links(*args):
    out, err = StringIO(), StringIO()
    call_command("player_links", *args, stdout=out, stderr=err)
    return out.getvalue().splitlines(), err.getvalue().strip()


def test_without_site_url_it_says_the_default_base_and_base_gives_another(settings):
    settings.SITE_URL, settings.SITE_URL_GIVEN = "http://127.0.0.1:8000", False
    event = make_event("Links Base Open", ["Ann Able", "Ben Baker"])
    ann = event.players.get(name="Ann Able")
    lines, said = links(event.slug)
    assert lines[0] == f"{ann.number}\tAnn Able\thttp://127.0.0.1:8000/p/{ann.link_token}/"
    assert said.startswith("Links on http://127.0.0.1:8000 (") and "SITE_URL is not set" in said
    lines, said = links(event.slug, "--base", "http://127.0.0.1:9101/")
    assert lines[0] == f"{ann.number}\tAnn Able\thttp://127.0.0.1:9101/p/{ann.link_token}/"
    assert said == "Links on http://127.0.0.1:9101 (--base)"
    settings.SITE_URL, settings.SITE_URL_GIVEN = "https://tm.example.org", True
    assert links(event.slug)[1] == "Links on https://tm.example.org (SITE_URL)"


def test_a_base_that_is_no_web_address_is_refused_naming_the_option():
    event = make_event("Links Bad Base", ["Ann Able", "Ben Baker"])
    with pytest.raises(CommandError) as refused:
        links(event.slug, "--base", "tm.example.org")
    assert refused.value.returncode == 2 and str(refused.value).startswith("--base 'tm.example.org'")
