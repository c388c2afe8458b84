"""What a public page costs the server: one cached copy whatever the query string, a crosstable that grows as
n × rounds, a game viewer that reads one log, and a standings download safe to open in a spreadsheet.

(The timings of a 500-player event are in tests/bench/test_bench_public_pages.py.)
"""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.standings import round_chart
from tournament.records import import_record
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

pytestmark = pytest.mark.django_db

# A four-player Swiss of two rounds, worked by hand (bye 1 VP):
#   round 1: Ann (first) beats Ben (Ann's lowest colour 5 to Ben's 4); Cy wins by forfeit against Dai.
#   round 2: Cy (first) beats Ann (lowest 6 to 5); Ben (first) against Dai is a forfeit both lost.
# Cy 2 VP is first; Ann 1 VP second; Ben and Dai 0.
WON, LOST = [5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]
TWO_ROUNDS = {
    "format": "ingenious-tournament/1",
    "name": "Spring Swiss",
    "settings": {"system": "swiss", "rounds": 3},
    "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "=HYPERLINK(\"x\",\"Ben\")"},
                {"id": 3, "name": "Cy Cole"}, {"id": 4, "name": "-Dai Evans"}],
    "rounds": [
        {"number": 1, "matches": [
            {"first": 1, "second": 2, "status": "played", "scores": [WON, LOST], "flagged": [False, False]},
            {"first": 3, "second": 4, "status": "forfeit", "winner": 3}]},
        {"number": 2, "matches": [
            {"first": 3, "second": 1, "status": "played", "scores": [[6, 6, 7, 8, 9, 10], [5, 18, 18, 18, 18, 18]],
             "flagged": [False, False]},
            {"first": 2, "second": 4, "status": "forfeit", "winner": None}]},
    ],
}


@pytest.fixture
def swiss():
    return import_record(parse(TWO_ROUNDS))


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response


# --- the cache keys on what a page reads -------------------------------------------------------


def test_sixty_junk_query_strings_are_one_cached_page(client, swiss):
    url = f"/t/{swiss.slug}/crosstable/"
    first = get(client, url)
    stored = cache.stored_bytes
    assert first["X-Page-Cache"] == "miss" and stored > len(first.content)
    for n in range(60):
        junk = get(client, f"{url}?junk={n}&x{n}=" + "y" * n)
        assert junk["X-Page-Cache"] == "hit" and junk.content == first.content
    assert cache.stored_bytes == stored  # not one byte more


def test_the_standings_keep_sort_and_export_and_drop_everything_else(client, swiss):
    url = f"/t/{swiss.slug}/standings/"
    plain = get(client, f"{url}?junk=1")
    assert plain["X-Page-Cache"] == "miss"
    # The sort links the page writes carry no junk: it never saw it.
    assert 'href="?sort=name"' in plain.content.decode() and "junk" not in plain.content.decode()
    assert get(client, f"{url}?sort=not-a-column")["X-Page-Cache"] == "hit"
    by_name = get(client, f"{url}?sort=-name&junk=2")
    assert by_name["X-Page-Cache"] == "miss"
    assert get(client, f"{url}?junk=3&sort=-name")["X-Page-Cache"] == "hit"
    names = [row[1] for row in csv.reader(io.StringIO(get(client, f"{url}?sort=-name&_export=csv&a=b").content
                                                      .decode()))][1:]
    # Sorted on the names as entered (- before = before letters), written safe.
    assert names == ["Cy Cole", "Ann Able", "'=HYPERLINK(\"x\",\"Ben\")", "'-Dai Evans"]


def test_the_standings_download_is_safe_in_a_spreadsheet_and_keeps_its_numbers(client, swiss):
    rows = list(csv.reader(io.StringIO(get(client, f"/t/{swiss.slug}/standings/?_export=csv").content.decode())))
    assert rows[0] == ["Place", "Player", "VP", "H2H", "PD", "PL", "Games"]
    by_name = {row[1]: row for row in rows[1:]}
    # A name a spreadsheet would run as a formula is text with a ' before it (OWASP): =, +, -, @.
    assert set(by_name) == {"Cy Cole", "Ann Able", "'=HYPERLINK(\"x\",\"Ben\")", "'-Dai Evans"}
    # Numbers stay numbers, a negative one too: Ann's differences are +1 (5 - 4) then -1 (5 - 6), so 0;
    # Ben's -1 (4 - 5) and 0 for the forfeit, so -1.
    assert by_name["Ann Able"][2:] == ["1.0", "", "0", "10", "2"]
    assert by_name["'=HYPERLINK(\"x\",\"Ben\")"][4] == "-1"


# --- the crosstable: a grid for small fields and all-play-alls, else round by round --------------


def test_a_small_swiss_has_the_grid(client, swiss):
    page = get(client, f"/t/{swiss.slug}/crosstable/").content.decode()
    assert 'class="crosstable"' in page and "R1" not in page


def test_a_swiss_of_31_players_is_shown_round_by_round(client):
    tournament = import_record(parse(simulate(31, 3, seed=5)))
    page = get(client, f"/t/{tournament.slug}/crosstable/").content.decode()
    assert 'class="crosstable rounds"' in page
    assert "<th>R1</th><th>R2</th><th>R3</th>" in page
    assert page.count('<td class="cell">') == 31 * 3  # n × rounds, not n × n


def test_an_all_play_all_of_12_keeps_the_grid(client):
    tournament = import_record(parse(simulate(12, 2, seed=6, system="all-play-all")))
    page = get(client, f"/t/{tournament.slug}/crosstable/").content.decode()
    assert 'class="crosstable"' in page and page.count("<td class=\"cell") == 12 * 12


def test_the_round_chart_names_each_opponent_by_row_side_and_result():
    rounds, rows = round_chart(parse(TWO_ROUNDS))
    assert rounds == [1, 2]
    by_name = {row.standing.name: row for row in rows}
    assert [row.standing.name for row in rows][:2] == ["Cy Cole", "Ann Able"]
    ann, cy = by_name["Ann Able"], by_name["Cy Cole"]
    ben = by_name["=HYPERLINK(\"x\",\"Ben\")"]
    dai = by_name["-Dai Evans"]
    assert (cy.number, ann.number) == (1, 2)
    # Ann: played first against Ben and won; played second against Cy and lost.
    assert ann.cells == (f"{ben.number}f 1", "1s 0")
    # Cy: won by forfeit against Dai (first), then beat Ann playing first.
    assert cy.cells == (f"{dai.number}f +", "2f 1")
    # Ben: lost to Ann (second), then a forfeit both lost.
    assert ben.cells == ("2s 0", f"{dai.number}f −")


# --- the game viewer reads its own log only -----------------------------------------------------


def test_the_game_viewer_reads_one_log(client):
    tournament = import_record(parse(simulate(12, 3, seed=7, log_chance=1.0)))
    with CaptureQueriesContext(connection) as queries:
        page = get(client, f"/t/{tournament.slug}/round/2/table/3/")
    assert "Step" in page.content.decode() or "step" in page.content.decode()
    # A query reads logs when it selects the column itself (not only whether it is null).
    reading_logs = [q["sql"] for q in queries.captured_queries
                    if '"tournament_match"."log"' in q["sql"].split(" FROM ")[0] and "IS NOT NULL" not in q["sql"]]
    assert len(reading_logs) == 1 and '"tournament_match"."table" = 3' in reading_logs[0]
