"""An online round run by its organiser and arbiter, end to end in browsers (docs/online-play.md).

On `make run`'s set-up (Daphne's runserver, SQLite, the clock sweep running):
the organiser publishes round 1 of four players (two games) through the
publish form, starting a minute ahead; table 1's players join through
their private links in two browser contexts and each makes a placement, then
both run out of time (a 25 s clock): the game ends by itself.  Table 2 is
played by two `play_random` players; once it is under way the arbiter pauses
it from the desk, resumes it and ends it by decision on the result form the
desk links.  The
dashboard, the standings and the public round page, opened before, show both
results without a reload; the audit log shows the pause, the resume and the
decision.  The site's clock is moved on to the start and past both flags
(`SiteClock`) rather than waited for.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.factories import typable, typed
from tests.production.servers import HOST, manage, runserver, sqlite_environment

from .live_site import ROOT, SiteClock, play_random
from .test_live import play_one_turn

PASSWORD = "a long secret"
CLOCK_S = 25
ARTIFACTS = ROOT / "tests" / "artifacts"
LEAD_S = 60  # the start, this many seconds after the organiser types it (the site's clock is moved on to it)

SETUP = """
import json
from django.contrib.auth import get_user_model
from tests.factories import make_event, matches
from tournament import services
make = get_user_model().objects.create_user
organiser, arbiter = make("org", password=%(password)r, is_staff=True), make("arb", password=%(password)r)
tournament = make_event("Online Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], organiser=organiser,
                        play="online", clock_s=%(clock_s)d)
tournament.arbiters.add(arbiter)
services.generate_round(tournament, user=organiser)  # a draft: the organiser publishes it in the browser
games = [{"table": m.table, "names": [m.first.name, m.second.name], "links": [m.first.link_token, m.second.link_token]}
         for m in matches(tournament)]
print(json.dumps({"slug": tournament.slug, "games": games}))
"""

STORED = """
import json
from rooms.models import Room
from tournament.models import AuditEntry, Match, Round
round_ = Round.objects.get(tournament__slug=%(slug)r, number=1)
print(json.dumps({"starts_at": round_.starts_at.isoformat(), "play": round_.play,
                  "matches": [{"table": m.table, "status": m.status, "scores": m.scores, "log": bool(m.log),
                               "flagged": [m.first_flagged, m.second_flagged],
                               "room_finished": Room.objects.get(match=m).finished}
                              for m in round_.matches.order_by("table")],
                  "audit": list(AuditEntry.objects.filter(tournament=round_.tournament).order_by("pk")
                                .values_list("action", "who", "subject"))}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("online-round")
    clock = SiteClock(folder)
    env = clock.environment(sqlite_environment(folder / "db.sqlite3"))
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    event = json.loads(manage(env, "shell", "-c", SETUP % {"password": PASSWORD, "clock_s": CLOCK_S})
                       .strip().splitlines()[-1])
    with runserver(env, folder) as (port, _output, _pid):
        yield {"base": f"http://{HOST}:{port}", "env": env, "clock": clock, **event}


def stored(site) -> dict:
    return json.loads(manage(site["env"], "shell", "-c", STORED % {"slug": site["slug"]}).strip().splitlines()[-1])


def log_in(context, base, username):
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text(\"Log in\")")
    page.wait_for_load_state()
    return page


def status_of(page) -> str:
    return page.locator("#status").inner_text()


def play_a_turn(page, seconds: float = 20) -> None:
    """Wait for this player's turn, then play it whole (a placement, any bonus, the end of the turn)."""
    deadline = time.monotonic() + seconds
    while "Your turn" not in status_of(page):
        assert time.monotonic() < deadline, f"never this player's turn: {status_of(page)!r}"
        time.sleep(0.1)
    while time.monotonic() < deadline:
        if not play_one_turn(page) and " is playing" in status_of(page):
            return
        time.sleep(0.1)
    raise AssertionError(f"the turn did not end: {status_of(page)!r}")


@pytest.mark.skipif(not shutil.which("chromium") and not Path("/usr/bin/chromium").exists(),
                    reason="Debian's chromium is not installed (apt-get install chromium)")
def test_an_organiser_runs_an_online_round_of_two_games_to_its_results(site):
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    expect = sync_api.expect
    base, slug, clock = site["base"], site["slug"], site["clock"]
    one, two = site["games"]
    randoms = []
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            wide = {"viewport": {"width": 1280, "height": 900}}
            organiser = log_in(browser.new_context(**wide), base, "org")
            arbiter = log_in(browser.new_context(**wide), base, "arb")
            # The organiser publishes the draft with its start a minute ahead, typed in London time.
            organiser.goto(f"{base}/manage/{slug}/round/1/")
            for width in (390, 1280):  # the publish form with its start time, on a phone and a laptop
                organiser.set_viewport_size({"width": width, "height": 900})
                organiser.locator("form.publish").screenshot(path=str(ARTIFACTS / f"publish-online-{width}.png"))
            # Times in UTC: between two London times the subtraction is of wall clocks, an hour short on the night
            # summer time ends; `typed` writes the start in London time.
            start = typable(clock.now().replace(microsecond=0) + timedelta(seconds=LEAD_S))
            skipped = (start - clock.now()).total_seconds() - LEAD_S  # out of a repeated hour, if in one
            clock.move_on(skipped, step_s=skipped)  # no socket open yet: in one step
            organiser.fill("#id_starts_at", typed(start))
            organiser.click("button:has-text(\"Publish round 1 online\")")
            expect(organiser.locator(".messages, [role=status]").first).to_contain_text("game rooms are open")
            assert organiser.url.endswith(f"/manage/{slug}/")
            dashboard = organiser
            # Table 2's players, two random players on their links, play at a slow human pace.
            randoms = [play_random(site["env"], f"{base}/p/{token}/", seed, 2.0)
                       for seed, token in enumerate(two["links"])]

            # The pages a visitor has open before any result: the standings and the round's pairings.
            visitor = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            standings = visitor.new_page()
            standings.goto(f"{base}/t/{slug}/standings/")
            pairings = visitor.new_page()
            pairings.goto(f"{base}/t/{slug}/round/1/")
            # No result yet: each table's live status (the live list replaces "to come" at once).
            for status in pairings.locator("[data-field=status_text]").all():
                expect(status).to_have_text(re.compile("^(to come|waiting for the start|playing.*)$"))
            expect(dashboard.locator("#current-round")).to_contain_text("0 of 2 results in")

            # Table 1's players come in through their private links, before the start: a countdown.
            players = []
            for token in one["links"]:
                page = browser.new_context(**wide).new_page()
                page.goto(f"{base}/p/{token}/")
                page.click("text=open your game")
                players.append(page)
            expect(players[0].locator("#status")).to_contain_text("The game starts in")
            arbiter.goto(f"{base}/manage/{slug}/round/1/rooms/")
            clock.move_on((start - clock.now()).total_seconds() + 0.5)  # the start: the sweep starts the clocks

            # Once table 2 is under way, the arbiter pauses it from the desk (the desk refreshes by itself).
            room = arbiter.locator("tr[data-table='2']")
            expect(room.locator("[data-field=placements]")).not_to_have_text("0", timeout=30_000)
            room.locator("input[name=reason]").fill("a player's connection")
            room.locator("button:has-text('Pause')").click()
            room = arbiter.locator("tr[data-table='2']")
            expect(room.locator("[data-field=status_text]")).to_have_text("paused")

            # Table 1: each player plays a turn from the start time on, then leaves the game.
            first, second = players
            play_a_turn(first)
            assert clock.now() >= start
            play_a_turn(second)

            # The arbiter resumes table 2, and ends it by decision on the form the desk links.
            room.locator("input[name=reason]").fill("connection back")
            room.locator("button:has-text('Resume')").click()
            room = arbiter.locator("tr[data-table='2']")
            expect(room.locator("[data-field=status_text]")).to_have_text("playing")
            room.locator("text=End by decision").click()
            for attempt in range(5):  # the robots play on: a form read before their move is refused, with the new state
                arbiter.fill("input[name=reason]", "the robots' owner asked")
                for seat, row in enumerate(([5, 6, 7, 8, 9, 10], [3, 4, 5, 6, 7, 8])):
                    for colour, value in enumerate(row):
                        arbiter.fill(f"input[name=s{seat}{colour}]", str(value))
                arbiter.click("button:has-text('Save these scores')")
                arbiter.wait_for_load_state()
                if "/decide/" not in arbiter.url:
                    break
            for process in randoms:  # the room told them the game is over
                out, err = process.communicate(timeout=30)
                assert process.returncode == 0, err[-2000:]
                assert out.strip().splitlines()[-1].startswith("ended by the arbiter's decision")

            # Table 1: both players have placed a tile and let their 25 s run out (the site's clock moved past both
            # flags, table 2 being over); the sweep ends the game.
            clock.move_on(2 * CLOCK_S)
            for page in players:
                expect(page.locator("#status")).to_contain_text("Game over", timeout=60_000)

            # The pages open since before the results show both of them, without a reload.
            expect(dashboard.locator("#current-round")).to_contain_text("2 of 2 results in", timeout=15_000)
            for status in pairings.locator("[data-field=status_text]").all():
                expect(status).to_have_text("finished", timeout=15_000)
            expect(standings.locator("#live-note")).to_contain_text("Updated at", timeout=15_000)
            dashboard.screenshot(path=str(ARTIFACTS / "online-round-dashboard-1280.png"),
                                 full_page=True)
            pairings.screenshot(path=str(ARTIFACTS / "online-round-pairings-390.png"),
                                full_page=True)
            round_text = pairings.locator("main").inner_text()
            round_rows = pairings.locator("main table tbody tr").all_inner_texts()
            # Each result moves the standings on by itself, one update each: wait for both games' VP (1 each).
            deadline = time.monotonic() + 30
            while True:
                standings_rows = standings.locator("table tbody tr").all_inner_texts()
                if vp_total(standings_rows) == 2 or time.monotonic() > deadline:
                    break
                standings.wait_for_timeout(500)
            dashboard_text = dashboard.locator("#current-round").inner_text()

            # The audit log shows the pause, the resume and the decision, each by the arbiter.
            organiser.goto(f"{base}/manage/{slug}/audit/")
            audit = organiser.locator("main").inner_text()
        finally:
            for process in randoms:
                if process.poll() is None:
                    process.kill()
            browser.close()
    result = stored(site)
    assert result["play"] == "online" and datetime.fromisoformat(result["starts_at"]) == start
    played, decided = result["matches"]
    # Table 1 played to its end: both placed a tile, then both ran out of time; the room wrote the result.
    assert played["status"] == "played" and played["log"] and played["flagged"] == [True, True]
    assert played["room_finished"] and decided["room_finished"]
    # Table 2: the arbiter's result, the room's log so far kept beside it.
    assert decided["status"] == "played" and decided["scores"] == [[5, 6, 7, 8, 9, 10], [3, 4, 5, 6, 7, 8]]
    expected = [f"{one['names'][0]} {outcome(played['scores'])} {one['names'][1]}",
                f"{two['names'][0]} 1–0 {two['names'][1]}"]
    assert all(words in dashboard_text for words in expected), dashboard_text
    assert "2 of 2 results in" in dashboard_text
    # The public round page: no game to come, each table's result.
    rows = {row.split("\t")[0].strip(): row for row in round_rows}
    assert outcome(played["scores"]) in rows["1"] and "1–0" in rows["2"] and "to come" not in round_text
    # The standings (name -> VP): the decided game's 1 and 0, table 1's by its scores.
    vp = {row.split("\t")[1]: row.split("\t")[2] for row in standings_rows}
    halves = {"1–0": ("1", "0"), "0–1": ("0", "1"), "½–½": ("½", "½")}[outcome(played["scores"])]
    assert vp == {two["names"][0]: "1", two["names"][1]: "0", one["names"][0]: halves[0], one["names"][1]: halves[1]}
    by_arbiter = [(action, who) for action, who, subject in result["audit"] if subject == "Round 1, table 2"]
    assert by_arbiter == [("game paused", "arb"), ("game resumed", "arb"), ("result entered", "arb"),
                          ("game ended by decision", "arb")]
    assert all(action in audit for action in ("game paused", "game resumed", "game ended by decision")), audit


def vp_total(rows) -> float:
    """The VP of every standings row added up ("1½" is 1.5): one for each game with its result."""
    total = 0.0
    for row in rows:
        vp = row.split("\t")[2].strip()
        whole = vp.rstrip("½")
        total += (float(whole) if whole else 0.0) + (0.5 if vp.endswith("½") else 0.0)
    return total


def outcome(scores) -> str:
    """The result of a played game by the rules: the lower lowest colour loses, ties broken by the next lowest."""
    first, second = sorted(scores[0]), sorted(scores[1])
    return "1–0" if first > second else "0–1" if first < second else "½–½"
