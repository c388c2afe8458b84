"""The Content-Security-Policy: scripts from the site's static files only.

The browser tests (tests/browser/) fail on anything the policy blocks; these
check the header and that no template holds an inline script or handler.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.factories import make_event

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


def test_every_page_carries_the_policy(db, organiser):
    event = make_event("Policy Open", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss",
                       publish_round_one=True)
    browser = Client()
    for address in ["/", f"/t/{event.slug}/", f"/t/{event.slug}/standings/", "/logs/check/", "/accounts/login/",
                    "/no/such/page/", f"/p/{event.players.first().link_token}/", "/admin/login/"]:
        policy = browser.get(address)["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'", address  # no 'unsafe-inline', no nonce
        assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_a_static_script_is_served(client):
    response = client.get("/static/tournament/poll.js")  # the live pages' shared polling loop
    assert response.status_code == 200
    assert b"If-None-Match" in b"".join(response.streaming_content)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT / "templates")))
def test_no_template_has_an_inline_script_or_handler(template):
    text = template.read_text()
    inline = [tag for tag in re.findall(r"<script\b[^>]*>", text)
              if "src=" not in tag and "application/json" not in tag]
    assert inline == []
    assert re.findall(r"\son[a-z]+\s*=", text) == []
    assert "javascript:" not in text
