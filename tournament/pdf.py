"""Printed sheets of a tournament: pairings, result slips, standings, crosstable.

Functions over the plain record of `tournament.tfile` that return the bytes
of a PDF; no database.  A view wraps them in `FileResponse(io.BytesIO(...))`,
`manage.py print` writes them to a file.

    pairing_sheet(record, round_number, paper="A4") -> bytes
    result_slips(record, round_number, paper="A4") -> bytes
    standings_pdf(record, paper="A4") -> bytes
    crosstable_pdf(record, paper="A4") -> bytes

Every sheet is one `BaseDocTemplate` whose page template draws the header
(tournament name, what the sheet is) and footer (date printed, page n);
long listings are `Table(..., repeatRows=1)` so the header row comes back
on each page.  Text is set in DejaVu Sans when it is installed, so that
names such as "Zoë Ørsted" and "Ivo Jukić" print as written.
"""

from __future__ import annotations

import datetime
import functools
import io
import os
import unicodedata

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, FrameBreak, PageBreak, PageTemplate, Paragraph,
                                Spacer, Table, TableStyle)

from games.colours import COLOURS
from scoring.metrics import DEFAULT_ORDER, metrics_in_order, order_text
from scoring.standings import crosstable, standings

from .domain.records import RoundRecord, TournamentFile
from .domain.rounds import player_rounds, progress, rounds_before
from .domain.text import PROGRESSIVE_READINGS, format_vp

PAPERS = {"A4": A4, "LETTER": LETTER}
MARGIN = 15 * mm
HEADER = 12 * mm  # band above the frames for the page header
FOOTER = 10 * mm
SLIPS_PER_PAGE = 3
FULL_GRID_MAX = 30  # above this many players the crosstable is printed round by round
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
             "/usr/local/share/fonts", "/usr/share/fonts")
GRID = colors.HexColor("#666666")
SHADE = colors.HexColor("#eeeeee")


class PrintError(ValueError):
    """A sheet that cannot be printed: no such round, an unknown paper size."""


# --- Fonts and page -----------------------------------------------------------


def _font_file(name: str) -> str | None:
    for folder in FONT_DIRS[:-2]:
        if os.path.isfile(os.path.join(folder, name)):
            return os.path.join(folder, name)
    for root in FONT_DIRS[-2:]:
        for folder, _dirs, files in os.walk(root):
            if name in files:
                return os.path.join(folder, name)
    return None


@functools.cache
def fonts() -> tuple[str, str]:
    """(regular, bold) font names, registered once: DejaVu Sans, or Helvetica when it is not installed.

    Helvetica's encoding has no "ć" and friends, hence DejaVu whenever possible.
    """
    paths = [_font_file(name) for name in FONT_FILES]
    if None in paths:
        return "Helvetica", "Helvetica-Bold"
    pdfmetrics.registerFont(TTFont("DejaVuSans", paths[0]))
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", paths[1]))
    pdfmetrics.registerFontFamily("DejaVuSans", normal="DejaVuSans", bold="DejaVuSans-Bold")
    return "DejaVuSans", "DejaVuSans-Bold"


def page_size(paper: str, wide: bool = False) -> tuple[float, float]:
    try:
        size = PAPERS[paper.upper()]
    except (KeyError, AttributeError):
        raise PrintError(f"the paper must be A4 or Letter, not {paper!r}") from None
    return landscape(size) if wide else size


def style(size: float = 9, bold: bool = False, **extra) -> ParagraphStyle:
    regular, heavy = fonts()
    return ParagraphStyle("sheet", fontName=heavy if bold else regular, fontSize=size, leading=size * 1.25, **extra)


def _page_decorations(name: str, title: str, printed_on: datetime.date, cut_lines: list[float]):
    def draw(canvas, doc):
        regular, heavy = fonts()
        width, height = doc.pagesize
        top = height - MARGIN
        canvas.saveState()
        canvas.setFont(heavy, 10)
        canvas.drawString(MARGIN, top - 10, _fit(name, width - 2 * MARGIN - 160, heavy, 10))
        canvas.setFont(regular, 10)
        canvas.drawRightString(width - MARGIN, top - 10, title)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, top - HEADER + 6, width - MARGIN, top - HEADER + 6)
        canvas.setFont(regular, 8)
        canvas.drawString(MARGIN, MARGIN - 2, f"Printed {printed_on.isoformat()}")
        canvas.drawRightString(width - MARGIN, MARGIN - 2, f"Page {doc.page}")
        canvas.setDash(4, 3)  # where to cut the slips apart
        for y in cut_lines:
            canvas.line(MARGIN / 2, y, width - MARGIN / 2, y)
        canvas.restoreState()
    return draw


def printing_date() -> datetime.date:
    """Today, or the day of `SOURCE_DATE_EPOCH` when it is set (reproducible sheets, as reproducible builds do)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).date()
    return datetime.date.today()


def build(record: TournamentFile, title: str, story: list, paper: str, *, wide: bool = False, slots: int = 1,
          printed_on: datetime.date | None = None) -> bytes:
    """The PDF of `story` on `paper`, each page cut into `slots` frames one above the other (dashed lines between)."""
    size = page_size(paper, wide)
    width, height = size
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=size, title=f"{record.name}: {title}", author="ingenious-tm",
                          leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN + HEADER,
                          bottomMargin=MARGIN + FOOTER,
                          invariant=1 if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit() else None)
    slot_height = doc.height / slots
    frames = [Frame(doc.leftMargin, doc.bottomMargin + (slots - 1 - i) * slot_height, doc.width, slot_height,
                    id=f"slot{i}", leftPadding=0, rightPadding=0, topPadding=4 if i else 0, bottomPadding=4)
              for i in range(slots)]
    cut_lines = [doc.bottomMargin + i * slot_height for i in range(1, slots)]
    decorate = _page_decorations(record.name, title, printed_on or printing_date(), cut_lines)
    doc.addPageTemplates([PageTemplate(id="sheet", frames=frames, onPage=decorate)])
    doc.build(story)
    return buffer.getvalue()


def _fit(text: str, width: float, font: str, size: float) -> str:
    """The text, cut short with "…" if it is wider than `width` (table cells do not wrap)."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def listing(rows: list[list], widths: list[float], size: float = 9, bold_columns: tuple[int, ...] = (),
            align_right: tuple[int, ...] = (), row_height: float | None = None) -> Table:
    """A long table with its header row repeated on each page; text cut to fit its column."""
    regular, heavy = fonts()
    fitted = [rows[0]] + [
        [_fit(cell, widths[c] - 6, heavy if c in bold_columns else regular, size) if isinstance(cell, str) else cell
         for c, cell in enumerate(row)]
        for row in rows[1:]
    ]
    heights = None if row_height is None else [row_height] * len(fitted)
    table = Table(fitted, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT")
    commands = [
        ("FONT", (0, 0), (-1, -1), regular, size),
        ("FONT", (0, 0), (-1, 0), heavy, size),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    commands += [("FONT", (c, 1), (c, -1), heavy, size) for c in bold_columns]
    commands += [("ALIGN", (c, 0), (c, -1), "RIGHT") for c in align_right]
    table.setStyle(TableStyle(commands))
    return table


# --- What the sheets show -------------------------------------------------------


def find_round(record: TournamentFile, round_number: int) -> RoundRecord:
    try:
        return record.round(round_number)
    except KeyError:
        pass
    if not record.rounds:
        raise PrintError(f"round {round_number} does not exist: {record.name} has no rounds yet")
    raise PrintError(f"round {round_number} does not exist: {record.name} has rounds 1 to {len(record.rounds)}")


def half_points_before(record: TournamentFile, round_number: int) -> dict[int, int]:
    """Each player's VP (in half-points) after the rounds before `round_number`."""
    earlier = player_rounds(record, rounds_before(record, round_number))
    return {player_id: sum(r.half_points for r in rounds) for player_id, rounds in earlier.items()}


# Letters that Unicode does not decompose into a base letter and an accent.
PLAIN_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
                               "đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "þ": "th", "Þ": "TH", "ı": "i"})


def name_order(name: str) -> str:
    """Sort key for names: accents aside and case folded, so "Zoë Ørsted" files as "zoe orsted"."""
    decomposed = unicodedata.normalize("NFKD", name.translate(PLAIN_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def tables_of(round_record: RoundRecord) -> list[tuple[int, object]]:
    """(table, match) in table order; tables are numbered as the site numbers them, 1 up in file order."""
    return list(enumerate(round_record.matches, start=1))


# --- Pairing sheet ----------------------------------------------------------------


def pairing_sheet(record: TournamentFile, round_number: int, paper: str = "A4",
                  printed_on: datetime.date | None = None) -> bytes:
    """Pairings of a round by table (byes last), then the same round by player name."""
    round_record = find_round(record, round_number)
    printed_on = printed_on or printing_date()
    vp = half_points_before(record, round_number)
    width = page_size(paper)[0] - 2 * MARGIN
    story = [
        Paragraph(f"Round {round_number} pairings", style(14, bold=True)),
        Paragraph(f"{printed_on.strftime('%A %d %B %Y')}. The first-named player of each table plays first; "
                  "VP are the standings before this round.", style(9)),
        Spacer(1, 4 * mm),
        _by_table(record, round_record, vp, width),
        PageBreak(),
        Paragraph(f"Round {round_number} pairings by name", style(14, bold=True)),
        Spacer(1, 4 * mm),
        _by_name(record, round_record, width),
    ]
    return build(record, f"Pairings, round {round_number}", story, paper, printed_on=printed_on)


def _by_table(record: TournamentFile, round_record: RoundRecord, vp: dict[int, int], width: float) -> Table:
    rows = [["Table", "Plays first", "VP", "Plays second", "VP", "Result"]]
    byes = []
    for table, match in tables_of(round_record):
        first = record.player(match.first)
        if match.status == "bye":
            byes.append(["bye", first.name, format_vp(vp.get(first.id, 0)), "(no opponent)", "", ""])
            continue
        second = record.player(match.second)
        rows.append([str(table), first.name, format_vp(vp.get(first.id, 0)),
                     second.name, format_vp(vp.get(second.id, 0)), ""])
    widths = _share(width, [14, None, 11, None, 11, 30])
    return listing(rows + byes, widths, size=10, bold_columns=(0, 1), align_right=(2, 4), row_height=7 * mm)


def _by_name(record: TournamentFile, round_record: RoundRecord, width: float) -> Table:
    entries = []
    for table, match in tables_of(round_record):
        if match.status == "bye":
            entries.append([record.player(match.first).name, "", "bye", ""])
            continue
        first, second = record.player(match.first), record.player(match.second)
        entries.append([first.name, str(table), "first", second.name])
        entries.append([second.name, str(table), "second", first.name])
    entries.sort(key=lambda row: (name_order(row[0]), row[0]))
    rows = [["Player", "Table", "Plays", "Opponent"]] + entries
    return listing(rows, _share(width, [None, 14, 18, None]), size=10, bold_columns=(1,), row_height=6 * mm)


def _share(width: float, columns: list[float | None]) -> list[float]:
    """Column widths: the given ones in mm, the rest (None) share what is left equally."""
    fixed = sum(c * mm for c in columns if c is not None)
    flexible = [c for c in columns if c is None]
    each = (width - fixed) / len(flexible) if flexible else 0
    return [each if c is None else c * mm for c in columns]


# --- Result slips -------------------------------------------------------------------


class TickBox(Flowable):
    """An empty square to tick."""

    def __init__(self, side: float = 5 * mm):
        super().__init__()
        self.side = side

    def wrap(self, available_width, available_height):
        return self.side, self.side

    def draw(self):
        self.canv.setLineWidth(0.8)
        self.canv.rect(0, 0, self.side, self.side)


def result_slips(record: TournamentFile, round_number: int, paper: str = "A4",
                 printed_on: datetime.date | None = None) -> bytes:
    """One slip per match of the round (byes have none), three to a page with dashed cut lines."""
    round_record = find_round(record, round_number)
    width = page_size(paper)[0] - 2 * MARGIN
    story = []
    for table, match in tables_of(round_record):
        if match.status == "bye":
            continue
        if story:
            story.append(FrameBreak())
        story += _slip(record, round_number, table, record.player(match.first).name,
                       record.player(match.second).name, width)
    if not story:
        story = [Paragraph(f"Round {round_number} has no games to play: no slips.", style(11))]
    return build(record, f"Result slips, round {round_number}", story, paper, slots=SLIPS_PER_PAGE,
                 printed_on=printed_on)


def _slip(record: TournamentFile, round_number: int, table: int, first: str, second: str, width: float) -> list:
    regular, heavy = fonts()
    heading = Table([[_fit(record.name, width - 75 * mm, heavy, 11), f"Round {round_number}", f"Table {table}"]],
                    colWidths=[width - 70 * mm, 35 * mm, 35 * mm])
    heading.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), heavy, 11), ("FONT", (2, 0), (2, 0), heavy, 16),
                                 ("ALIGN", (1, 0), (-1, 0), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                                 ("LEFTPADDING", (0, 0), (0, 0), 0), ("RIGHTPADDING", (-1, 0), (-1, 0), 0)]))
    return [
        heading,
        Spacer(1, 2 * mm),
        Paragraph("Write each player's final score in each colour (0 to 18); tick the box of a player "
                  "who ran out of time. Both players sign.", style(8.5)),
        Spacer(1, 2 * mm),
        _score_grid(first, second, width),
        Spacer(1, 9 * mm),
        _signatures(first, second, width),
    ]


def _score_grid(first: str, second: str, width: float) -> Table:
    _regular, heavy = fonts()
    name_width = width - 6 * 15 * mm - 22 * mm
    header = ["Player"] + [f"{letter}\n{name}" for letter, name, *_drawn in COLOURS] + ["Ran out\nof time"]
    rows = [header]
    for name, role in ((first, "plays first"), (second, "plays second")):
        # Cut to one line (cell padding 6 pt a side) so that the role stays on the slip.
        rows.append([Paragraph(f"<b>{_escape(_fit(name, name_width - 14, heavy, 10))}</b><br/>"
                               f"<font size=8>{role}</font>", style(10)), *[""] * 6, TickBox()])
    grid = Table(rows, colWidths=[name_width] + [15 * mm] * 6 + [22 * mm], rowHeights=[10 * mm, 12 * mm, 12 * mm])
    commands = [
        ("FONT", (0, 0), (-1, 0), heavy, 8.5),
        ("LEADING", (0, 0), (-1, 0), 10),
        ("GRID", (0, 0), (-1, -1), 0.8, colors.black),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (0, 0), (0, 0), SHADE),
        ("BACKGROUND", (-1, 0), (-1, 0), SHADE),
    ]
    for column, (_letter, _name, hex_colour, _ink) in enumerate(COLOURS, start=1):
        commands.append(("LINEABOVE", (column, 0), (column, 0), 4, colors.HexColor(hex_colour)))
    grid.setStyle(TableStyle(commands))
    return grid


def _signatures(first: str, second: str, width: float) -> Table:
    regular, _heavy = fonts()
    column = (width - 10 * mm) / 2
    first_caption = "Signature: " + _fit(first, column - _text_width(" (plays first)Signature: ", regular, 8),
                                         regular, 8) + " (plays first)"
    second_caption = _fit(f"Signature: {second}", column, regular, 8)
    table = Table([["", "", ""], [first_caption, "", second_caption]],
                  colWidths=[column, 10 * mm, column], rowHeights=[6 * mm, 5 * mm])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), regular, 8), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black),
                               ("LINEBELOW", (2, 0), (2, 0), 0.8, colors.black)]))
    return table


def _text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- Standings and crosstable -----------------------------------------------------------


def _order_note(record: TournamentFile) -> list:
    """What the columns mean, in the order they are applied, and which progressive reading counts."""
    return [Paragraph(f"{order_text()} {PROGRESSIVE_READINGS[record.settings.progressive]}", style(8.5)),
            Spacer(1, 3 * mm)]


def _after(record: TournamentFile) -> str:
    return progress(record).phrase


def _name_cell(line) -> str:
    if line.withdrawn_after_round is not None:
        return f"{line.name} (withdrew after round {line.withdrawn_after_round})"
    return line.name


def standings_pdf(record: TournamentFile, paper: str = "A4", printed_on: datetime.date | None = None) -> bytes:
    """The standings, best first, with VP and every tie-break in the order they are applied."""
    metrics = metrics_in_order(DEFAULT_ORDER)
    rows = [["Place", "Player", *[m.abbr for m in metrics], "Games", "Seed"]]
    for line in standings(record):
        rows.append([line.place, _name_cell(line), *line.metric_texts,
                     str(line.games_played), str(line.seed)])
    width = page_size(paper)[0] - 2 * MARGIN
    widths = _share(width, [14, None] + [14] * len(metrics) + [16, 12])
    right = tuple(range(2, len(rows[0])))
    story = [Paragraph(f"Standings {_after(record)}", style(14, bold=True)), Spacer(1, 2 * mm), *_order_note(record),
             listing(rows, widths, size=9, bold_columns=(2,), align_right=right)]
    return build(record, f"Standings {_after(record)}", story, paper, printed_on=printed_on)


def crosstable_pdf(record: TournamentFile, paper: str = "A4", printed_on: datetime.date | None = None) -> bytes:
    """The crosstable in standings order, landscape: a full grid up to 30 players, round by round beyond."""
    rows = crosstable(record)
    width = page_size(paper, wide=True)[0] - 2 * MARGIN
    if len(rows) <= FULL_GRID_MAX:
        table, note = _full_grid(rows, width), "Each cell: the row player's results against the column player."
    else:
        table, note = _round_chart(rows, width), (
            "Each round: the opponent's number (No.), f if the player played first or s if second, then the "
            "result (1 win, ½ draw, 0 loss; + and − forfeits, … to come).")
    story = [Paragraph(f"Crosstable {_after(record)}", style(14, bold=True)), Spacer(1, 2 * mm),
             Paragraph(note, style(8.5)), *_order_note(record), table]
    return build(record, f"Crosstable {_after(record)}", story, paper, wide=True, printed_on=printed_on)


def _full_grid(rows, width: float) -> Table:
    abbrs = [m.abbr for m in metrics_in_order(DEFAULT_ORDER)]
    header = ["No.", "Place", "Player", *[str(n) for n in range(1, len(rows) + 1)], *abbrs]
    cell = min(9 * mm, (width - 100 * mm - 11 * mm * len(abbrs)) / max(1, len(rows)))
    body = [[str(n), row.standing.place, _name_cell(row.standing),
             *[text or ("×" if i == n - 1 else "") for i, text in enumerate(row.cells)],  # × marks the player's own
             *row.standing.metric_texts]
            for n, row in enumerate(rows, start=1)]
    widths = [9 * mm, 11 * mm, 80 * mm] + [cell] * len(rows) + [11 * mm] * len(abbrs)
    table = listing([header] + body, widths, size=7.5 if len(rows) > 16 else 9, align_right=(0,))
    table.setStyle(TableStyle([("ALIGN", (3, 0), (-1, -1), "CENTER"),
                               *[("BACKGROUND", (2 + n, n), (2 + n, n), SHADE) for n in range(1, len(rows) + 1)]]))
    return table


def _round_chart(rows, width: float) -> Table:
    abbrs = [m.abbr for m in metrics_in_order(DEFAULT_ORDER)]
    number = {row.standing.player_id: n for n, row in enumerate(rows, start=1)}
    round_numbers = [game.round_number for game in rows[0].standing.rounds] if rows else []
    header = ["No.", "Place", "Player", *[f"R{r}" for r in round_numbers], *abbrs]
    body = []
    for n, row in enumerate(rows, start=1):
        games = [_round_cell(game, number) for game in row.standing.rounds]
        body.append([str(n), row.standing.place, _name_cell(row.standing), *games, *row.standing.metric_texts])
    cell = min(18 * mm, (width - 105 * mm - 11 * mm * len(abbrs)) / max(1, len(round_numbers)))
    widths = [10 * mm, 14 * mm, 80 * mm] + [cell] * len(round_numbers) + [11 * mm] * len(abbrs)
    table = listing([header] + body, widths, size=8, align_right=(0,))
    table.setStyle(TableStyle([("ALIGN", (3, 0), (-1, -1), "CENTER")]))
    return table


def _round_cell(game, number: dict[int, int]) -> str:
    """ "12f 1": met No. 12, played first, won; a round without an opponent is its mark ("bye 1") or "–"."""
    if game.opponent not in number:
        return game.mark or "–"
    return f"{number[game.opponent]}{'f' if game.played_first else 's'} {game.mark}"


# What can be printed, by name: (record, round number, paper) -> PDF bytes.
SHEETS = {
    "pairings": lambda record, round_number, paper: pairing_sheet(record, round_number, paper),
    "slips": lambda record, round_number, paper: result_slips(record, round_number, paper),
    "standings": lambda record, round_number, paper: standings_pdf(record, paper),
    "crosstable": lambda record, round_number, paper: crosstable_pdf(record, paper),
}
ROUND_SHEETS = ("pairings", "slips")
