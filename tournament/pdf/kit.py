"""The layout kit of the printed sheets: fonts, paper, page header and footer, long tables.

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

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Table, TableStyle


from ..domain.records import RoundRecord, TournamentFile
from ..domain.names import name_order  # noqa: F401 (the sheets' sort key, here with the rest of the kit)

PAPERS = {"A4": A4, "LETTER": LETTER}
MARGIN = 15 * mm
HEADER = 12 * mm  # band above the frames for the page header
FOOTER = 10 * mm
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
        canvas.drawString(MARGIN, top - 10, fit(name, width - 2 * MARGIN - 160, heavy, 10))
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


def fit(text: str, width: float, font: str, size: float) -> str:
    """The text, cut short with "…" if it is wider than `width` (table cells do not wrap)."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_lines(text: str, width: float, font: str, size: float) -> str:
    """Each line of the text cut to `width` (`fit`): a name stays on its line, a note under it on its own."""
    return "\n".join(fit(line, width, font, size) for line in text.split("\n"))


def wrap_marks(text: str, width: float, font: str, size: float) -> str:
    """Marks such as "1 ½" or "12f ½", never cut: those that do not fit side by side go one under the other.

    A mark cut short would print "…" for a result (a draw's "½" in a narrow crosstable cell did)."""
    if text_width(text, font, size) <= width:
        return text
    return "\n".join(text.split())


def listing(rows: list[list], widths: list[float], size: float = 9, bold_columns: tuple[int, ...] = (),
            align_right: tuple[int, ...] = (), row_height: float | None = None,
            mark_columns: tuple[int, ...] = ()) -> Table:
    """A long table with its header row repeated on each page; text cut to fit its column, line by line,
    except in `mark_columns` (results and marks), whose words wrap instead (`wrap_marks`)."""
    regular, heavy = fonts()

    def fitted_cell(c: int, cell):
        if not isinstance(cell, str):
            return cell
        font = heavy if c in bold_columns else regular
        return (wrap_marks if c in mark_columns else fit_lines)(cell, widths[c] - 6, font, size)

    fitted = [rows[0]] + [[fitted_cell(c, cell) for c, cell in enumerate(row)] for row in rows[1:]]
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


def share(width: float, columns: list[float | None]) -> list[float]:
    """Column widths: the given ones in mm, the rest (None) share what is left equally."""
    fixed = sum(c * mm for c in columns if c is not None)
    flexible = [c for c in columns if c is None]
    each = (width - fixed) / len(flexible) if flexible else 0
    return [each if c is None else c * mm for c in columns]


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# Letters that Unicode does not decompose into a base letter and an accent.
def find_round(record: TournamentFile, round_number: int) -> RoundRecord:
    try:
        return record.round(round_number)
    except KeyError:
        pass
    if not record.rounds:
        raise PrintError(f"round {round_number} does not exist: {record.name} has no rounds yet")
    raise PrintError(f"round {round_number} does not exist: {record.name} has rounds 1 to {len(record.rounds)}")


def tables_of(round_record: RoundRecord) -> list[tuple[int, object]]:
    """(table, match) in table order; tables are numbered as the site numbers them, 1 up in file order."""
    return list(enumerate(round_record.matches, start=1))
