"""Printed sheets (`tournament/pdf.py`) and `manage.py print`: text read back with pypdf, pages rendered with pdftoppm."""

import dataclasses
import io
import re
import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.standings import standings
from tournament.domain.text import PROGRESSIVE_READINGS
from tournament import pdf
from tournament.models import Round
from tournament.records import import_record
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

pypdf = pytest.importorskip("pypdf", reason="pypdf is needed to read the printed sheets back")

A4_POINTS, LETTER_POINTS = (595, 842), (612, 792)


def pages_text(data: bytes) -> list[str]:
    """Each page's text, whitespace runs made one space (table cells and wrapped lines come out split)."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def page_size(data: bytes, index: int = 0) -> tuple[int, int]:
    box = pypdf.PdfReader(io.BytesIO(data)).pages[index].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture(scope="module")
def fifteen():
    """15 players, 3 rounds: 7 tables and a bye each round; has "Zoë Ørsted" and "Ivo Jukić"."""
    return parse(simulate(15, 3, seed=5))


@pytest.fixture(scope="module")
def five_hundred():
    return parse(simulate(500, 2, seed=3))


def names_in_round(record, round_number):
    round_record = record.rounds[round_number - 1]
    return [record.player(pid).name for m in round_record.matches for pid in (m.first, m.second) if pid]


# --- Pairing sheet ---------------------------------------------------------


def test_pairing_sheet_lists_each_table_then_each_player_by_name(fifteen):
    pages = pages_text(pdf.pairing_sheet(fifteen, 2))
    assert len(pages) == 2  # 7 tables and a bye on one page; 15 names on the next
    by_table, by_name = pages
    assert "Simulated swiss of 15" in by_table and "Round 2 pairings" in by_table
    assert "Table Plays first VP Plays second VP Result" in by_table
    for name in names_in_round(fifteen, 2):
        assert name in by_table and name in by_name
    assert "Zoë Ørsted" in by_table and "Ivo Jukić" in by_table
    assert "Player Table Plays Opponent" in by_name
    assert by_name.count(" first ") + by_name.count(" second ") == 14 and by_name.count(" bye") == 1


def test_pairing_sheet_rows_are_in_table_order_with_the_bye_last(fifteen):
    round_record = fifteen.rounds[1]
    text = pages_text(pdf.pairing_sheet(fifteen, 2))[0]
    positions = []
    for table, match in enumerate(round_record.matches, start=1):
        if match.status == "bye":
            continue
        first, second = fifteen.player(match.first).name, fifteen.player(match.second).name
        found = re.search(rf"\b{table} {re.escape(first)} \S+ {re.escape(second)} ", text)
        assert found, f"table {table}: {first} v {second}"
        positions.append(found.start())
    assert positions == sorted(positions) and len(positions) == 7
    bye = next(fifteen.player(m.first).name for m in round_record.matches if m.status == "bye")
    assert text.rindex(f"bye {bye}") > positions[-1]


def test_vp_before_a_round_are_the_standings_after_the_rounds_before_it(fifteen):
    assert set(pdf.half_points_before(fifteen, 1).values()) == {0}
    after_two = standings(dataclasses.replace(fifteen, rounds=fifteen.rounds[:2]))
    assert pdf.half_points_before(fifteen, 3) == {line.player_id: line.half_points for line in after_two}


def test_by_name_listing_ignores_accents_and_case():
    names = ["Zoe Zeal", "Zoë Ørsted", "zoe Able", "Ivo Jukić", "Ivo Jukic"]
    assert sorted(names, key=pdf.name_order) == ["Ivo Jukić", "Ivo Jukic", "zoe Able", "Zoë Ørsted", "Zoe Zeal"]


def test_a_500_player_pairing_sheet_runs_over_pages_with_the_header_row_repeated(five_hundred):
    pages = pages_text(pdf.pairing_sheet(five_hundred, 2))
    assert len(pages) > 2
    by_table = [p for p in pages if "Plays second" in p]
    by_name = [p for p in pages if "Player Table Plays Opponent" in p]
    assert len(by_table) > 1 and len(by_name) > 1 and len(by_table) + len(by_name) == len(pages)
    assert all("Table Plays first VP Plays second VP Result" in p for p in by_table)
    assert "250 " in by_table[-1] and "Page " + str(len(pages)) in pages[-1]


def test_paper_sizes(fifteen):
    assert page_size(pdf.pairing_sheet(fifteen, 1)) == A4_POINTS
    assert page_size(pdf.pairing_sheet(fifteen, 1, paper="Letter")) == LETTER_POINTS
    with pytest.raises(pdf.PrintError, match="A4 or Letter"):
        pdf.pairing_sheet(fifteen, 1, paper="A3")


def test_a_round_that_does_not_exist_is_a_clear_error(fifteen):
    with pytest.raises(pdf.PrintError, match="round 4 does not exist: .* has rounds 1 to 3"):
        pdf.pairing_sheet(fifteen, 4)
    with pytest.raises(pdf.PrintError, match="round 0 does not exist"):
        pdf.result_slips(fifteen, 0)


# --- Result slips ------------------------------------------------------------


def test_seven_slips_at_three_a_page_make_three_pages(fifteen):
    data = pdf.result_slips(fifteen, 3)
    pages = pages_text(data)
    assert len(pages) == 3
    assert [re.findall(r"Table (\d+)", p) for p in pages] == [["1", "2", "3"], ["4", "5", "6"], ["7"]]
    assert page_size(pdf.result_slips(fifteen, 3, "Letter")) == LETTER_POINTS


def test_a_slip_names_both_players_the_colours_and_has_room_for_signatures(fifteen):
    round_record = fifteen.rounds[0]
    page = pages_text(pdf.result_slips(fifteen, 1))[0]
    first, second = (fifteen.player(p).name for p in (round_record.matches[0].first, round_record.matches[0].second))
    assert f"{first} plays first" in page and f"{second} plays second" in page
    assert "R red O orange Y yellow G green B blue P purple Ran out of time" in page
    assert f"Signature: {first} (plays first)" in page and f"Signature: {second}" in page
    assert "Round 1" in page and page.count("Simulated swiss of 15") == 4  # page header and three slips


def test_no_slip_for_a_bye(fifteen):
    for number, round_record in enumerate(fifteen.rounds, start=1):
        bye = next(fifteen.player(m.first).name for m in round_record.matches if m.status == "bye")
        assert bye not in " ".join(pages_text(pdf.result_slips(fifteen, number)))


def test_accented_names_print_in_an_embedded_unicode_font(fifteen):
    regular, bold = pdf.fonts()
    if regular == "Helvetica":
        pytest.skip("DejaVu Sans is not installed: the sheets fall back to Helvetica")
    data = pdf.result_slips(fifteen, 1)
    assert b"DejaVuSans" in data
    text = " ".join(pages_text(data))
    assert "Zoë Ørsted" in text and "Ivo Jukić" in text


# --- Standings and crosstable ---------------------------------------------------


def test_standings_sheet_in_standings_order_with_tie_breaks_and_the_reading(fifteen):
    text = " ".join(pages_text(pdf.standings_pdf(fifteen)))
    assert "Final standings" in text  # round 3 of 3 is closed: the tournament is finished
    assert "Place Player VP H2H PD PL Games Seed" in text
    assert PROGRESSIVE_READINGS["sum"] in text
    lines = standings(fifteen)
    positions = [text.index(f"{line.place} {line.name} ") for line in lines]
    assert positions == sorted(positions)


def test_standings_sheet_names_the_running_reading_when_chosen():
    file = simulate(9, 2, seed=2)
    file["settings"]["progressive"] = "running"
    text = " ".join(pages_text(pdf.standings_pdf(parse(file), paper="Letter")))
    assert PROGRESSIVE_READINGS["running"] in text


def test_crosstable_full_grid_for_a_small_event(fifteen):
    data = pdf.crosstable_pdf(fifteen)
    width, height = page_size(data)
    assert width > height  # landscape
    text = " ".join(pages_text(data))
    assert "No. Place Player 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 Other rounds VP H2H PD PL" in text
    assert PROGRESSIVE_READINGS["sum"] in text and "Zoë Ørsted" in text


def test_crosstable_round_by_round_for_a_large_event():
    record = parse(simulate(51, 3, seed=11, forfeit_chance=0.05))
    pages = pages_text(pdf.crosstable_pdf(record, paper="Letter"))
    assert len(pages) > 1
    assert all("No. Place Player R1 R2 R3 VP H2H PD PL" in p for p in pages)
    assert re.search(r"\b\d+[fs] [10½+−]", pages[0])


# --- Rendered pages ------------------------------------------------------------------


def dark_pixels_per_page(data: bytes) -> list[int]:
    """Render at 30 dpi in grey (PGM: "P5 width height 255" then one byte a pixel) and count pixels below mid-grey."""
    out = subprocess.run(["pdftoppm", "-gray", "-r", "30"], input=data, capture_output=True, check=True).stdout
    counts = []
    while out:
        header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", out)
        assert header, "pdftoppm -gray should write PGM pages"
        size = int(header[1]) * int(header[2])
        pixels = out[header.end(): header.end() + size]
        counts.append(sum(1 for value in pixels if value < 128))
        out = out[header.end() + size:]
    return counts


def test_rendered_pages_are_not_blank(fifteen):
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian: poppler-utils) is not installed: pages not rendered")
    for data, pages in ((pdf.pairing_sheet(fifteen, 2), 2), (pdf.result_slips(fifteen, 2), 3),
                        (pdf.standings_pdf(fifteen, "Letter"), 1), (pdf.crosstable_pdf(fifteen), 1)):
        counts = dark_pixels_per_page(data)
        assert len(counts) == pages
        assert all(count > 500 for count in counts), counts


# --- manage.py print -------------------------------------------------------------------


@pytest.fixture
def imported(db, fifteen):
    return import_record(fifteen, slug="fifteen")


@pytest.mark.parametrize("what", ["pairings", "slips", "standings", "crosstable"])
def test_print_command_writes_each_sheet(imported, tmp_path, what):
    target = tmp_path / f"{what}.pdf"
    out = io.StringIO()
    call_command("print", "fifteen", "2", "--what", what, "-o", str(target), stdout=out)
    data = target.read_bytes()
    assert data.startswith(b"%PDF")
    text = " ".join(pages_text(data))
    assert "Simulated swiss of 15" in text and "Zoë Ørsted" in text
    assert what in out.getvalue()


def test_print_command_on_letter_paper(imported, tmp_path):
    target = tmp_path / "slips.pdf"
    call_command("print", "fifteen", "1", "--what", "slips", "-o", str(target), "--paper", "Letter")
    assert page_size(target.read_bytes()) == LETTER_POINTS
    assert len(pages_text(target.read_bytes())) == 3


def test_print_command_ignores_the_round_for_standings(imported, tmp_path):
    target = tmp_path / "standings.pdf"
    call_command("print", "fifteen", "99", "--what", "standings", "-o", str(target))
    assert "Final standings" in " ".join(pages_text(target.read_bytes()))  # 3 of 3 rounds: finished


def test_print_command_errors(imported, tmp_path):
    target = str(tmp_path / "x.pdf")
    with pytest.raises(CommandError, match="no tournament with the slug 'nope'") as error:
        call_command("print", "nope", "1", "--what", "pairings", "-o", target)
    assert error.value.returncode == 2
    with pytest.raises(CommandError, match="round 4 of 'fifteen' does not exist: it has rounds 1 to 3") as error:
        call_command("print", "fifteen", "4", "--what", "slips", "-o", target)
    assert error.value.returncode == 2
    Round.objects.create(tournament=imported, number=4, status=Round.DRAFT)
    with pytest.raises(CommandError, match="round 4 of 'fifteen' is still a draft") as error:
        call_command("print", "fifteen", "4", "--what", "pairings", "-o", target)
    assert error.value.returncode == 2
    assert not (tmp_path / "x.pdf").exists()


def test_without_dejavu_the_sheets_fall_back_to_helvetica(fifteen, monkeypatch):
    monkeypatch.setattr(pdf.kit, "_font_file", lambda name: None)
    pdf.fonts.cache_clear()
    try:
        assert pdf.fonts() == ("Helvetica", "Helvetica-Bold")
        data = pdf.result_slips(fifteen, 1)
        assert b"DejaVuSans" not in data and len(pages_text(data)) == 3
    finally:
        pdf.fonts.cache_clear()


def test_printed_standings_and_crosstable_grey_an_h2h_not_applied():
    """Ben and Cy are level on 1 VP and never met (Ann beat both, Ben beat Di): their H2H is printed in grey,
    with a line saying what grey means; a field where head-to-head split every group says nothing of it."""
    def game(first, second, first_level, second_level):
        return {"first": first, "second": second, "status": "played",
                "scores": [[first_level] + [18] * 5, [second_level] + [18] * 5]}
    players = [{"id": i, "name": name} for i, name in enumerate(["Ann", "Ben", "Cy", "Di"], start=1)]
    tied = parse({"format": "ingenious-tournament/1", "name": "Ties", "settings": {"system": "swiss", "rounds": 3},
                  "players": players,
                  "rounds": [{"number": 1, "matches": [game(1, 2, 9, 3), game(3, 4, 8, 7)]},
                             {"number": 2, "matches": [game(1, 3, 9, 5), game(2, 4, 9, 8)]}]})
    note = "An H2H in grey was not applied"
    for sheet in (pdf.standings_pdf, pdf.crosstable_pdf):
        data = sheet(tied)
        assert note in " ".join(pages_text(data))
        # The grey ink (0.6 0.6 0.6 as reportlab writes #9a9a9a) is set just before each greyed number: Cy's and Ben's.
        content = pypdf.PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")
        assert len(re.findall(r"\.603922 \.603922 \.603922 rg", content)) == 2, sheet.__name__
    split = parse({"format": "ingenious-tournament/1", "name": "Split", "settings": {"system": "swiss", "rounds": 3},
                   "players": players[:2], "rounds": [{"number": 1, "matches": [game(1, 2, 9, 3)]}]})
    assert note not in " ".join(pages_text(pdf.standings_pdf(split)))


def test_an_all_play_all_sheet_lists_its_idle_player_and_whole_results_by_table():
    """Five players, round 2 of the table: 1 v 2 to play, 5 v 3 a double forfeit (Ed withdrawn after round 1, Cy
    excused from round 2), Di idle. Page one (by table) names Di as idle, and '0–0 (both absent)' is not cut."""
    win = [[9] * 6, [5] * 6]
    names = ["P1 Ada", "P2 Bo", "P3 Cy", "P4 Di", "P5 Ed"]
    record = parse({
        "format": "ingenious-tournament/1", "name": "Odd Robin", "settings": {"system": "all-play-all", "rounds": 5},
        "players": [{"id": i, "name": name, "withdrawn_after_round": 1 if i == 5 else None,
                     "excused_rounds": [2] if i == 3 else []} for i, name in enumerate(names, start=1)],
        "rounds": [
            {"number": 1, "matches": [
                {"first": 2, "second": 5, "status": "played", "scores": win, "flagged": [False, False], "log": None},
                {"first": 3, "second": 4, "status": "played", "scores": win, "flagged": [False, False], "log": None}]},
            {"number": 2, "matches": [{"first": 1, "second": 2, "status": "pending"},
                                      {"first": 5, "second": 3, "status": "forfeit", "winner": None}]}]})
    by_table = " ".join(pages_text(pdf.pairing_sheet(record, 2))[0].split())
    assert "idle P4 Di 0 (no game: odd field)" in by_table
    assert "forfeit P5 Ed 0 P3 Cy 1 0–0 (both absent)" in by_table
