"""A whole small tournament run in a real browser, as a new organiser would (Playwright + Debian's chromium).

Screenshots of each page go to tests/artifacts/ (ignored by git).  Skipped,
with the reason, where Playwright or /usr/bin/chromium is missing (see
conftest.py); .ci/run installs both.
"""

import re

import pytest

from .conftest import expect, log_in, shot

PLAYERS_CSV = "name,rating,club\nAnn Able,1900,Leeds\nBen Baker,1850,York\nZoë Ørsted,1800,Oslo\nDai Evans,,\nEve Fox,1700,\nFay Gray,,\n"

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_organiser_runs_a_three_round_swiss_and_players_read_the_standings(page, django_user_model, tmp_path):
    django_user_model.objects.create_user("org", password="a long secret", is_staff=True)
    log_in(page, "org", "a long secret")

    page.click("text=New tournament")
    page.fill("#id_name", "Browser Open")
    page.select_option("#id_system", "swiss")
    page.fill("#id_rounds_announced", "3")
    page.click("text=Create the tournament")
    shot(page, "01-dashboard-new")

    csv_file = tmp_path / "players.csv"
    csv_file.write_text(PLAYERS_CSV, encoding="utf-8")
    page.set_input_files("form[action$='/players/import/'] input[type=file]", str(csv_file))
    page.click("text=Upload players")
    expect(page.locator("text=Zoë Ørsted")).not_to_have_count(0)

    for number in (1, 2, 3):
        page.click("text=Pair next round")
        shot(page, f"{number:02d}-round-{number}-draft")
        expect(page.locator("text=Publish round")).not_to_have_count(0)
        page.locator(f"button:has-text('Publish round {number}')").first.click()
        for table in (1, 2, 3):  # six players: three tables
            page.locator("a:has-text('Enter result')").first.click()
            for colour in "ROYGBP":
                page.fill(f"#id_first_{colour}", "9")
                page.fill(f"#id_second_{colour}", "5")
            if table == 2:
                page.check("#id_second_flagged")  # one player ran out of time
            if number == 1 and table == 1:
                shot(page, "02-result-form")
            page.click("text=Save the result")
            expect(page).not_to_have_url(re.compile(r"/match/\d+/$"))  # saved: on to the dashboard
        expect(page.locator("a:has-text('Enter result')")).to_have_count(0)
        shot(page, f"{number:02d}-round-{number}-results")
        page.locator(f"button:has-text('Close round {number}')").first.click()

    # All three announced rounds are played: the tournament is finished, and no further round is offered.
    expect(page.locator("text=The tournament is finished")).to_have_count(1)
    expect(page.locator("button:has-text('Pair next round')")).to_have_count(0)

    # A player's view on a phone: standings, crosstable, own page.
    page.click("text=Public pages")
    page.click("text=Standings")
    shot(page, "10-standings")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(6)  # the page is there: its figures can be read
    vps = [float(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(6)]
    assert sum(vps) == 9  # nine games, one VP each (the first player always won)
    assert vps == sorted(vps, reverse=True)
    page.click("text=Crosstable")
    shot(page, "11-crosstable")
    page.click("text=Zoë Ørsted")
    shot(page, "12-player")
    expect(page).to_have_url(re.compile(r"/players/\d+/$"))
    expect(page.locator("table.games tbody tr")).to_have_count(3)
