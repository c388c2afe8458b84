"""Game rooms on a real server: `make run`'s set-up (Daphne's runserver, SQLite, the in-memory channel layer).

`play_random` plays a whole game over the WebSockets, as a browser does; two
Chromium contexts play one through the pages, one player running out of time
and the other playing on to the end; the result written is what the checker
makes of the stored log, and the standings show it.  The site's clock is moved
on past the first player's minute (`SiteClock`) rather than waited for.
"""

from __future__ import annotations

import json
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.production.servers import HOST, Visitor, manage, runserver, sqlite_environment

from .live_site import SiteClock, play_random

ROOT = Path(__file__).resolve().parents[2]
CLOCK_S = 60

SETUP = """
import json
from tests.factories import make_event, matches
from rooms import services
tournament = make_event("Online Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], publish_round_one=True,
                        clock_s=%(clock_s)d)
games = []
for match in matches(tournament):
    services.open_room(match)
    games.append({"table": match.table, "first": match.first.name, "second": match.second.name,
                  "first_link": match.first.link_token, "second_link": match.second.link_token})
print(json.dumps({"slug": tournament.slug, "games": games}))
"""

RESULT = """
import json
from games.engine import replay
from tournament.models import Match
match = Match.objects.get(round__tournament__slug=%(slug)r, round__number=1, table=%(table)d)
report = replay(match.log) if match.log else None
print(json.dumps({"status": match.status, "scores": match.scores, "flagged": [match.first_flagged, match.second_flagged],
                  "valid": report.valid if report else None, "replayed": report.scores if report else None,
                  "replayed_flagged": report.flagged if report else None}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rooms-site")
    clock = SiteClock(folder)
    env = clock.environment(sqlite_environment(folder / "db.sqlite3"))
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    event = json.loads(manage(env, "shell", "-c", SETUP % {"clock_s": CLOCK_S}).strip().splitlines()[-1])
    with runserver(env, folder) as (port, _output, _pid), _random_players(env, port, event["games"][0]) as players:
        # The first game's two random players start at once and play while the browser test plays the second
        # game (their test, below it, only collects what they printed): the same checks in half the time.
        yield {"port": port, "env": env, **event, "output": folder / "server.out", "random_players": players,
               "clock": clock}


@contextmanager
def _random_players(env, port, game):
    base = f"http://{HOST}:{port}"
    players = [play_random(env, f"{base}/p/{game[link]}/", seed, 0.05)
               for seed, link in enumerate(("first_link", "second_link"))]
    try:
        yield players
    finally:
        for player in players:
            if player.poll() is None:
                player.kill()


def stored_result(site, table):
    return json.loads(manage(site["env"], "shell", "-c", RESULT % {"slug": site["slug"], "table": table})
                      .strip().splitlines()[-1])


@pytest.mark.skipif(not shutil.which("chromium") and not Path("/usr/bin/chromium").exists(),
                    reason="Debian's chromium is not installed (apt-get install chromium)")
def test_a_game_played_in_two_browsers_one_player_running_out_of_time(site):
    game = site["games"][1]
    base = f"http://{HOST}:{site['port']}"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            first = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            second = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
            first.goto(f"{base}/p/{game['first_link']}/play/")
            second.goto(f"{base}/p/{game['second_link']}/play/")
            # The first player makes one placement (so the game is played, not forfeited), then leaves it.
            deadline = time.monotonic() + 30
            while not play_one_turn(first):  # once the page has the room and says it is their turn
                assert time.monotonic() < deadline, first.locator("#status").inner_text()
                time.sleep(0.2)
            # The second plays while it is their turn, until it is the first's again: the first's clock runs.
            while room_state(site, game["table"])["turn"] != 0:
                assert time.monotonic() < deadline, second.locator("#status").inner_text()
                if not play_one_turn(second):
                    time.sleep(0.2)
            # The first's minute runs out: the site's clock moves just past it (once table 1's game is over, so
            # that no clock of its players runs), and the sweep lets the flag fall.
            wait_until_over(site, site["games"][0]["table"])
            seen = room_state(site, game["table"])
            assert seen["turn"] == 0 and seen["flagged"] == [False, False]
            site["clock"].move_on((seen["wakes_at_ms"] - seen["now_ms"]) / 1000 + 0.5)
            # The second plays on: every turn is the second's, to the end.
            deadline = time.monotonic() + 150
            while "Game over" not in second.locator("#status").inner_text() and time.monotonic() < deadline:
                if not play_one_turn(second):
                    time.sleep(0.2)
            assert "Game over" in first.locator("#status").inner_text(timeout=10_000) or wait_for_text(first, "Game over")
            assert "ran out of time" in first.locator("#moves").inner_text()
            first.screenshot(path=str(ROOT / "tests" / "artifacts" / "room-finished-1280.png"), full_page=True)
        finally:
            browser.close()
    stored = stored_result(site, game["table"])
    assert stored["status"] == "played" and stored["valid"]
    assert stored["flagged"][0] is True
    assert stored["scores"] == stored["replayed"]
    standings = Visitor(site["port"]).get(f"/t/{site['slug']}/standings/").text
    assert game["first"] in standings and game["second"] in standings


def test_two_play_random_players_finish_a_game_and_it_is_the_matchs_result(site):
    game, players = site["games"][0], site["random_players"]
    outputs = [p.communicate(timeout=240) for p in players]
    assert all(p.returncode == 0 for p in players), [err[-2000:] for _, err in outputs]
    last_lines = [out.strip().splitlines()[-1] for out, _ in outputs]
    assert last_lines[0] == last_lines[1] and last_lines[0].startswith("finished")
    stored = stored_result(site, game["table"])
    assert stored["status"] == "played" and stored["valid"]
    assert stored["scores"] == stored["replayed"] and stored["flagged"] == stored["replayed_flagged"]


def room_state(site, table) -> dict:
    """The room of `table` as a spectator reads it (its `wakes_at_ms`: when the running player's flag falls)."""
    return json.loads(Visitor(site["port"]).get(f"/t/{site['slug']}/round/1/table/{table}/room/").text)


def wait_until_over(site, table, seconds=120):
    """Until the room of `table` says its game is over."""
    deadline = time.monotonic() + seconds
    while room_state(site, table)["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table}'s game did not end"
        time.sleep(0.5)


def wait_for_text(page, text, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if text in page.locator("#status").inner_text():
            return True
        time.sleep(0.2)
    return False


def play_one_turn(page) -> bool:
    """If it is this page's turn: choose a tile, two legal cells, and end the turn if asked; whether it moved."""
    status = page.locator("#status").inner_text()
    if "choose a tile" in status or "Bonus" in status:
        page.locator("#rack .tile").first.click()
        page.locator(".board .cell.legal").first.click()
        page.locator(".board .cell.legal").first.click()
        page.locator("#confirm").click()  # nothing is sent before Confirm
        page.wait_for_function("() => !document.querySelector('.board .cell.proposed, #room.sending')", timeout=5_000)
        time.sleep(0.15)
        return True
    if "end your turn" in status.lower():
        page.locator("#end-turn").click()
        time.sleep(0.15)
        return True
    return False
