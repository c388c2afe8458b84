"""A Playwright page on Debian's chromium, phone-sized, against the live test server."""

import os
import shutil
from pathlib import Path

import pytest
from django.core.handlers.wsgi import WSGIHandler

from .turns import DATABASE_TURN

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="package")
def chromium():
    """One chromium for the folder's tests (launching it is the slow part); each test gets a context of its own."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
    if not shutil.which("chromium") and not Path("/usr/bin/chromium").exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop in this thread
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="package", autouse=True)
def requests_take_turns():
    """Each request of the live server holds `DATABASE_TURN` (tests/browser/turns.py says why)."""
    serve = WSGIHandler.__call__

    def in_turn(handler, environ, start_response):
        with DATABASE_TURN:
            return serve(handler, environ, start_response)

    WSGIHandler.__call__ = in_turn
    yield
    WSGIHandler.__call__ = serve


@pytest.fixture
def page(live_server, chromium):
    """A fresh tab in a fresh context (no cookies, no cache) of the shared chromium, phone-sized."""
    context = chromium.new_context(viewport={"width": 390, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    tab.base = live_server.url
    # Anything the Content-Security-Policy blocked (an inline script left behind) fails the test.
    blocked = []
    tab.on("console", lambda message: blocked.append(message.text)
           if "Content Security Policy" in message.text else None)
    tab.on("pageerror", lambda error: blocked.append(str(error)))
    yield tab
    context.close()
    assert blocked == [], blocked


def expect(target, message=None):
    """Playwright's assertion that waits (up to 5 s) for the page to reach a state: what a script fills in, or
    the page a click leads to, is asserted once it is there, never read once too early. Imported here, late,
    so that without Playwright the tests skip (the `chromium` fixture) instead of failing to import."""
    from playwright.sync_api import expect as waiting_expect

    return waiting_expect(target, message)


def shot(page, name):
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def log_in(page, username, password):
    page.goto(page.base + "/manage/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button:has-text(\"Log in\")")


AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def violations(page) -> list[str]:
    """axe's WCAG 2.1 A and AA violations on the page as it stands: rule, and the first element it names (the page's
    context must bypass the Content-Security-Policy, for axe is injected)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""() => axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}).then(r => r.violations.map(v =>
        v.id + ': ' + v.nodes.length + ' × ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))""")
