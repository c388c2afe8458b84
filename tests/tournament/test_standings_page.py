"""The standings page explains its ties and sorts number columns best first."""

import re

import pytest

from scoring.report import standings_report
from tests.factories import page_text
from tournament.records import import_record, record_of
from tournament.tfile import FORMAT, parse

pytestmark = pytest.mark.django_db


def game(first, second, first_level, second_level):
    return {"first": first, "second": second, "status": "played",
            "scores": [[first_level] + [18] * 5, [second_level] + [18] * 5]}


@pytest.fixture
def event():
    # R1: 1 beats 2 (L 9 v 3), 3 beats 4 (8 v 7); R2: 1 beats 3 (9 v 5), 2 beats 4 (9 v 8).
    # 2 and 3 are level on 1 VP and never met: H2H (2 beat nobody of the group) is not applied; PD puts 3 first.
    return import_record(parse({
        "format": FORMAT, "name": "Ties Open", "settings": {"system": "swiss", "rounds": 3},
        "players": [{"id": i, "name": name} for i, name in enumerate(["Ann", "Ben", "Cy", "Di"], start=1)],
        "rounds": [{"number": 1, "matches": [game(1, 2, 9, 3), game(3, 4, 8, 7)]},
                   {"number": 2, "matches": [game(1, 3, 9, 5), game(2, 4, 9, 8)]}],
    }))


def test_a_tie_not_split_by_head_to_head_says_why_and_greys_its_h2h(client, event):
    page = page_text(client.get(f"/t/{event.slug}/standings/"))
    [note] = standings_report(record_of(event)).notes  # its words: scoring/test_ties
    assert f"<strong>1 VP: Cy, Ben.</strong> {note.sentence}" in page
    rows = re.findall(r"<tr( class=\"h2h-unapplied\")?><td>([^<]*)</td><td><a [^>]*>([^<]*)</a>", page)
    assert [(bool(greyed), place, name) for greyed, place, name in rows] == [
        (False, "1", "Ann"), (True, "2", "Cy"), (True, "3", "Ben"), (False, "4", "Di")]


def test_a_number_column_sorts_best_first_on_the_first_click(client, event):
    page = page_text(client.get(f"/t/{event.slug}/standings/"))
    assert 'href="?sort=vp"' in page
    by_vp = page_text(client.get(f"/t/{event.slug}/standings/?sort=vp"))
    names = re.findall(r"<td><a [^>]*>([^<]*)</a>", by_vp)
    assert names[0] == "Ann" and names[-1] == "Di"  # 2 VP first, 0 VP last
    worst_first = re.findall(r"<td><a [^>]*>([^<]*)</a>", page_text(client.get(f"/t/{event.slug}/standings/?sort=-vp")))
    assert worst_first[0] == "Di"


def test_the_crosstable_marks_byes_withdrawals_and_running_vp(client):
    # Three players. R1: Ann beats Ben (9 v 3), Cy has the bye (1 VP). Ben withdraws after round 1.
    # R2: Ann beats Cy (9 v 8), Ben not paired.
    event = import_record(parse({
        "format": FORMAT, "name": "Marks Open", "settings": {"system": "swiss", "rounds": 3, "bye_vp": 1},
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben", "withdrawn_after_round": 1},
                    {"id": 3, "name": "Cy"}],
        "rounds": [{"number": 1, "matches": [game(1, 2, 9, 3), {"first": 3, "second": None, "status": "bye"}]},
                   {"number": 2, "matches": [game(1, 3, 9, 8)]}],
    }))
    grid = page_text(client.get(f"/t/{event.slug}/crosstable/"))
    assert '<td class="other">R1 bye 1</td>' in grid  # Cy's bye, with its VP
    assert "Ben</a> <span class=\"withdrawn\">withdrew after R1</span>" in grid
    rounds = page_text(client.get(f"/t/{event.slug}/crosstable/?view=rounds"))
    # Ann: No. 1, met Ben (No. 3 in standings order: Ann 2, Cy 1, Ben 0) first and won, then Cy (No. 2): 1 VP, 2 VP.
    assert '<td class="cell">3f 1<small>1</small></td><td class="cell">2f 1<small>2</small></td>' in rounds
    assert '<td class="cell">bye 1<small>1</small></td>' in rounds  # Cy's round 1


def h2h_cells(page):
    """Each standings line's H2H cell (the second metric cell, after VP): (struck through?, text)."""
    cells = [re.findall(r'<td class="metric( unapplied)?"[^>]*>([^<]*)</td>', row) for row in page.split("<tr")]
    return [(bool(row[1][0]), row[1][1]) for row in cells if row]


def test_the_crosstable_and_the_venue_screen_strike_through_an_h2h_not_applied(client, event):
    # Standings order Ann, Cy, Ben, Di (see `event`): only Cy's and Ben's H2H belong to a group it did not split.
    # Ann is level with nobody (no H2H); the others scored nothing against their group.
    expected = [(False, ""), (True, "0"), (True, "0"), (False, "")]
    for url in ("crosstable/", "crosstable/?view=rounds", "screen/"):
        assert h2h_cells(page_text(client.get(f"/t/{event.slug}/{url}"))) == expected, url
    assert "An H2H struck through was not applied" in page_text(client.get(f"/t/{event.slug}/crosstable/"))
    assert "H2H struck through: not applied" in page_text(client.get(f"/t/{event.slug}/screen/"))
    # The standings page strikes the same cells through by the same rule (its cells bare, the struck one marked).
    standings = page_text(client.get(f"/t/{event.slug}/standings/"))
    rows = [row for row in standings.split("<tr")[1:] if "<td" in row]
    assert [re.findall(r'<td class="unapplied">([^<]*)</td>', row) for row in rows] == [[], ["0"], ["0"], []]
