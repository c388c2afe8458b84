"""The pages everyone can read: pairings, standings, crosstable, player pages."""

import copy
import csv
import html
import io
import re

import pytest

from tournament.records import import_record
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

pytestmark = pytest.mark.django_db

TINY = {
    "format": "ingenious-tournament/1",
    "name": "Tiny Cup",
    "settings": {"system": "swiss", "rounds": 2, "progressive": "running"},
    "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "Zoë Ørsted"}, {"id": 3, "name": "Cy Cole"}],
    "rounds": [
        {"number": 1, "matches": [
            {"first": 1, "second": 2, "status": "played", "scores": [[5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]],
             "flagged": [False, True]},
            {"first": 3, "second": None, "status": "bye"},
        ]},
        {"number": 2, "matches": [
            {"first": 3, "second": 1, "status": "pending"},
            {"first": 2, "second": None, "status": "bye"},
        ]},
    ],
}


@pytest.fixture
def tiny():
    return import_record(parse(TINY))


def test_pairings_page_shows_the_round_in_progress(client, tiny):
    page = client.get(f"/t/{tiny.slug}/").content.decode()
    assert "Round 2" in page and "in progress" in page
    assert "Cy Cole" in page and "to come" in page
    page = client.get(f"/t/{tiny.slug}/round/1/").content.decode()
    assert "1–0" in page  # Ann's lowest 5 beats Zoë's 4


def test_player_page_lists_every_game(client, tiny):
    page = client.get(f"/t/{tiny.slug}/players/2/").content.decode()
    # Round 1: Zoë played second against Ann, 4 18 18 18 18 18 against 5 6 7 8 9 10,
    # L = 4, D = 4 - 5 = -1, 0 VP, and ran out of time.  Round 2: a bye.
    assert "Zoë Ørsted" in page and "Ann Able" in page
    assert "4 18 18 18 18 18" in page and "5 6 7 8 9 10" in page
    assert "<td>-1</td>" in page and "ran out of time" in page and "bye" in page and "second</div>" in page
    assert client.get(f"/t/{tiny.slug}/players/9/").status_code == 404


def test_standings_page_states_the_reading_and_exports_csv(client, tiny):
    page = client.get(f"/t/{tiny.slug}/standings/").content.decode()
    assert "sums of the running totals after each round" in page  # the one wording, as on the sheets
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tiny.slug}/standings/?_export=csv").content.decode())))
    assert rows[0][:3] == ["Place", "Player", "VP"]
    # Ann 1 VP (won), Zoë 1 VP (bye in round 2), Cy 1 VP (bye in round 1): all tied on VP.
    assert sorted(row[1] for row in rows[1:]) == ["Ann Able", "Cy Cole", "Zoë Ørsted"]
    assert all(float(row[2]) == 1 for row in rows[1:])


def grid(page: str) -> tuple[dict, dict, set]:
    """The crosstable's grid read back: {(row player, column player): cell}, {player: other rounds}, the diagonal.

    Rows and columns are both in standings order, so column j is the player of row j.
    """
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    rows = re.findall(r'title="([^"]+)">\d+\. .*?</a>.*?((?:<td class="cell[^"]*">[^<]*</td>)+)\s*'
                      r'<td class="other">([^<]*)</td>', html.unescape(body), re.S)
    names = [name for name, _, _ in rows]
    cells, diagonal = {}, set()
    for name, tds, _ in rows:
        found = re.findall(r'<td class="cell( self)?">([^<]*)</td>', tds)
        assert len(found) == len(names)  # an n × n grid
        for column, (self_, cell) in zip(names, found, strict=True):
            cells[name, column] = cell
            if self_:
                diagonal.add((name, column))
    return cells, {name: other for name, _, other in rows}, diagonal


def test_crosstable_page(client, tiny):
    page = client.get(f"/t/{tiny.slug}/crosstable/").content.decode()
    cells, other, diagonal = grid(page)
    # Round 1: Ann (lowest 5) beat Zoë (lowest 4): 1 in Ann's row under Zoë, 0 in Zoë's under Ann.
    assert cells["Ann Able", "Zoë Ørsted"] == "1" and cells["Zoë Ørsted", "Ann Able"] == "0"
    # Round 2: Cy v Ann is still pending, and Cy never met Zoë: those cells stay empty.
    assert cells["Cy Cole", "Ann Able"] == cells["Ann Able", "Cy Cole"] == ""
    assert cells["Cy Cole", "Zoë Ørsted"] == cells["Zoë Ørsted", "Cy Cole"] == ""
    # The diagonal: each player against themselves, marked and empty.
    players = ("Ann Able", "Cy Cole", "Zoë Ørsted")
    assert diagonal == {(name, name) for name in players} and all(cells[name, name] == "" for name in players)
    # The byes are not cells of the grid but "other rounds", each with its 1 VP.
    assert other == {"Ann Able": "", "Cy Cole": "R1 bye 1", "Zoë Ørsted": "R2 bye 1"}


def test_crosstable_gives_each_player_half_for_a_draw(client):
    drawn = copy.deepcopy(TINY)
    drawn["name"] = "Tiny Cup Drawn"
    # Round 2, Cy v Ann: both sorted rows 6 6 6 6 6 6, every colour in the same position, so a draw.
    drawn["rounds"][1]["matches"][0] = {"first": 3, "second": 1, "status": "played",
                                        "scores": [[6] * 6, [6] * 6], "flagged": [False, False]}
    tournament = import_record(parse(drawn))
    cells, _, _ = grid(client.get(f"/t/{tournament.slug}/crosstable/").content.decode())
    assert cells["Cy Cole", "Ann Able"] == cells["Ann Able", "Cy Cole"] == "½"
    assert cells["Ann Able", "Zoë Ørsted"] == "1" and cells["Zoë Ørsted", "Ann Able"] == "0"


def test_unknown_tournament_is_404(client):
    assert client.get("/t/no-such-event/standings/").status_code == 404


@pytest.fixture(scope="module")
def big_file():
    return simulate(200, 9, seed=4, forfeit_chance=0.02, withdraw_chance=0.01, late_entries=3)


def test_standings_take_a_fixed_number_of_queries(client, big_file, django_assert_max_num_queries):
    tournament = import_record(parse(big_file))
    with django_assert_max_num_queries(6):
        response = client.get(f"/t/{tournament.slug}/standings/")
    assert response.status_code == 200
    with django_assert_max_num_queries(6):
        assert client.get(f"/t/{tournament.slug}/crosstable/").status_code == 200
    with django_assert_max_num_queries(6):
        assert client.get(f"/t/{tournament.slug}/players/17/").status_code == 200
