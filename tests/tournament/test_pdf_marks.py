"""Every mark the web pages use, on the printed sheets, read back with pdftotext.

The printed crosstable cut a draw's "½" to "…" (the cut-short mark, also what the diagonal became) in a
narrow cell: a result is never cut now.  One hand-made tournament holds every mark: draws, a bye and an
excused absence worth ½, forfeits won and lost, a game both players forfeited, a late entry, a player
withdrawn, and a round under way.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from scoring.standings import standings
from tournament import pdf
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

from tests.factories import DRAW, SEVEN, WIN, bye, forfeit, played, seven_players, tournament

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")

# Each player's results against each opponent, worked by hand from SEVEN_ROUNDS (all four), in round order.
AGAINST = {
    "Ann Able": {"Ben Baker": "1 0", "Cy Cole": "0"},
    "Ben Baker": {"Ann Able": "0 1", "Gus Gray": "½", "Ed Eng": "1"},
    "Cy Cole": {"Di Dunn": "½", "Ann Able": "1", "Ed Eng": "1"},
    "Di Dunn": {"Cy Cole": "½", "Gus Gray": "− ½"},
    "Ed Eng": {"Flo Fry": "+", "Cy Cole": "0", "Ben Baker": "0"},
    "Flo Fry": {"Ed Eng": "−"},
    "Gus Gray": {"Ben Baker": "½", "Di Dunn": "− ½"},
}
# The rounds without an opponent (bye, excused and late-entry VP ½ each).
OTHER = {"Di Dunn": "R2 exc ½", "Ed Eng": "R2 bye ½", "Gus Gray": "R1 late ½"}


@pytest.fixture(scope="module")
def record():
    return parse(seven_players(4, bye_vp=0.5, late_entry_vp=0.5, excused_vp=0.5))


def text_of(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def row_of(text: str, name: str) -> list[str]:
    """The words of a player's row; a withdrawn player's name takes two lines and the row's cells sit between."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if f" {name}" in line)
    line = lines[at]
    if "withdrew after" in lines[at + 2]:
        line = lines[at + 1]
    return line.replace(name, "").split()


def test_the_crosstable_prints_every_result_mark_where_the_web_page_does(record):
    text = text_of(pdf.crosstable_pdf(record))
    assert "…" not in text  # nothing cut short: no name is long, no result may be
    lines = standings(record)
    names = [line.name for line in lines]
    for number, line in enumerate(lines, start=1):
        cells = []
        for other in names:
            mark = "×" if other == line.name else AGAINST[line.name].get(other, "")
            cells += mark.split()
        expected = [str(number), line.place, *cells, *OTHER.get(line.name, "").split(), *line.metric_texts]
        # pdftotext runs a cell's two marks together ("0 1" as "01"): compared without spaces, in order.
        assert "".join(row_of(text, line.name)) == "".join(expected), line.name
    assert "withdrew after round 1" in text


def test_two_games_against_one_opponent_in_a_narrow_cell_go_one_under_the_other():
    """30 players: cells of about 4 mm; "− ½" no longer fits on one line, and neither mark is cut."""
    players = [{"id": i, "name": name} for i, name in enumerate(
        [p["name"] for p in SEVEN] + [p["name"] for p in simulate(30, 1)["players"][7:]], start=1)]
    # Di and Gus draw twice; players 8 to 29 play each other; the rest sit the rounds out.
    data = pdf.crosstable_pdf(parse(tournament(players, [
        [played(4, 7, DRAW)] + [played(i, i + 1, WIN) for i in range(8, 30, 2)],
        [played(7, 4, DRAW)] + [played(i + 1, i, WIN) for i in range(8, 30, 2)],
    ])))
    text = text_of(data)
    assert "…" not in text
    lines = text.splitlines()
    di = next(i for i, line in enumerate(lines) if "Di Dunn" in line)
    # Di's cell against Gus: "½" and "½" one above the other, around the line of the row's other cells.
    assert [line.count("½") for line in lines[di - 1: di + 2]] == [1, 0, 1]
    assert text.count("½") >= 4


def test_the_standings_sheet_keeps_the_withdrawal_and_the_half_points(record):
    text = text_of(pdf.standings_pdf(record))
    assert "…" not in text
    by_name = {line.name: line for line in standings(record)}
    assert by_name["Ben Baker"].metric_texts[0] == "2½"  # 0 + ½ + 1 + 1
    assert "2½" in row_of(text, "Ben Baker") and "1½" in row_of(text, "Gus Gray")
    assert "withdrew after round 1" in text


def test_the_pairing_sheet_writes_results_byes_and_absences_as_the_web_page(record):
    round_two = text_of(pdf.pairing_sheet(record, 2))
    # By table: Ann v Cy 0–1, Ben v Gus ½–½; then Ed's bye and Di's excused absence.
    assert "0–1" in round_two and "½–½" in round_two
    assert "bye" in round_two and "(no opponent)" in round_two
    assert "excused" in round_two and "(excused absence)" in round_two
    round_three = text_of(pdf.pairing_sheet(record, 3))
    assert "0–0 (both absent)" in round_three
    round_one = text_of(pdf.pairing_sheet(record, 1))
    assert "1–0 forfeit" in round_one and "½–½" in round_one
    round_four = text_of(pdf.pairing_sheet(record, 4))
    assert "½–½" in round_four and "1–0" in round_four
    assert "…" not in round_one + round_two + round_three + round_four


def test_a_forfeit_of_an_absent_player_says_why_on_the_pairing_sheet_by_name():
    """An all-play-all's game of a withdrawn player is a forfeit; the list by name says 'loses (withdrawn)'."""
    players = [{"id": i, "name": n} for i, n in enumerate(("Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"), start=1)]
    players[3]["withdrawn_after_round"] = 1
    rounds = [[played(1, 4, WIN), played(2, 3, DRAW)], [forfeit(4, 2, 2), played(3, 1, WIN)]]
    record = parse(tournament(players, rounds, system="all-play-all"))
    text = text_of(pdf.pairing_sheet(record, 2))
    assert "loses (withdrawn)" in text and "wins" in text


def test_a_long_name_cut_to_its_column_keeps_the_withdrawal_on_every_sheet():
    """The withdrawal used to follow the name on its line, and went with the name's end when it was cut."""
    long_name = "Bartholomew Fitzwilliam-Montgomery of Little Snoring"
    players = [{"id": 1, "name": long_name, "withdrawn_after_round": 1}, {"id": 2, "name": "Ben Baker"},
               {"id": 3, "name": "Cy Cole"}, {"id": 4, "name": "Di Dunn"}]
    record = parse(tournament(players, [[played(1, 2, WIN), played(3, 4, DRAW)], [played(2, 3, WIN), bye(4)]]))
    for data in (pdf.standings_pdf(record), pdf.crosstable_pdf(record)):
        text = text_of(data)
        assert "withdrew after round 1" in text
        assert "Bartholomew Fitzwilliam" in text
