"""The standings and the crosstable as printed sheets, with every tie-break in the order it is applied."""

from __future__ import annotations

import datetime

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from scoring.metrics import DEFAULT_ORDER, metrics_in_order, order_text
from scoring.report import StandingsReport, standings_report
from scoring.standings import FULL_GRID_MAX, other_rounds

from ..domain.records import TournamentFile
from ..domain.text import PROGRESSIVE_READINGS
from .kit import MARGIN, SHADE, build, escape, listing, page_size, share, style


# --- Standings and crosstable -----------------------------------------------------------


def _order_note(record: TournamentFile) -> list:
    """What the columns mean, in the order they are applied, and which progressive reading counts."""
    return [Paragraph(f"{order_text()} {PROGRESSIVE_READINGS[record.settings.progressive]}", style(8.5)),
            Spacer(1, 3 * mm)]


UNAPPLIED_INK = colors.HexColor("#9a9a9a")
UNAPPLIED_NOTE = "An H2H in grey was not applied: head-to-head did not split that group of players level on VP."


def _greyed_h2h(report: StandingsReport, lines: list, first_metric_column: int, first_row: int = 1) -> list:
    """Table style commands that grey the H2H of each line whose VP group head-to-head did not split."""
    keys = [m.key for m in metrics_in_order(DEFAULT_ORDER)]
    if "head_to_head" not in keys:
        return []
    column = first_metric_column + keys.index("head_to_head")
    unapplied = report.unapplied
    return [("TEXTCOLOR", (column, row), (column, row), UNAPPLIED_INK)
            for row, line in enumerate(lines, start=first_row) if line.player_id in unapplied]


def _with_note(greyed: list) -> list:
    return [Paragraph(UNAPPLIED_NOTE, style(8.5)), Spacer(1, 2 * mm)] if greyed else []


def _title(report: StandingsReport, what: str) -> str:
    """"Standings after round 4", or once the tournament is finished "Final standings" (`Progress.title`)."""
    return report.progress.title(what)


def _name_cell(line) -> str:
    """The name, and under it "withdrew after round 3" on its own line, so that cutting a long name to its
    column never cuts the withdrawal off."""
    if line.withdrawn_after_round is not None:
        return f"{line.label}\nwithdrew after round {line.withdrawn_after_round}"
    return line.label


def standings_pdf(record: TournamentFile, paper: str = "A4", printed_on: datetime.date | None = None) -> bytes:
    """The standings, best first, with VP and every tie-break in the order they are applied."""
    report = standings_report(record)
    metrics = metrics_in_order(DEFAULT_ORDER)
    rows = [["Place", "Player", *[m.abbr for m in metrics], "Games", "Seed"]]
    lines = report.lines
    for line in lines:
        rows.append([line.place, _name_cell(line), *line.metric_texts,
                     str(line.games_played), str(line.seed)])
    width = page_size(paper)[0] - 2 * MARGIN
    widths = share(width, [14, None] + [14] * len(metrics) + [16, 12])
    right = tuple(range(2, len(rows[0])))
    table = listing(rows, widths, size=9, bold_columns=(2,), align_right=right)
    greyed = _greyed_h2h(report, lines, first_metric_column=2)
    table.setStyle(TableStyle(greyed))
    story = [Paragraph(_title(report, "Standings"), style(14, bold=True)), Spacer(1, 2 * mm), *_order_note(record),
             *_with_note(greyed), table]
    return build(record, _title(report, "Standings"), story, paper, printed_on=printed_on)


def crosstable_pdf(record: TournamentFile, paper: str = "A4", printed_on: datetime.date | None = None) -> bytes:
    """The crosstable in standings order, landscape: a full grid up to 30 players, round by round beyond."""
    report = standings_report(record)
    width = page_size(paper, wide=True)[0] - 2 * MARGIN
    # The paper's own limit: more columns than 30 do not fit across a page, whatever the system.
    if len(record.players) <= FULL_GRID_MAX:
        rows = report.crosstable
        table, first_metric_column = _full_grid(rows, width)
        note = ("Each cell: the row player's results against the column player: 1 win, ½ draw, 0 loss; + won and "
                "− lost by forfeit. Other rounds: the rounds without an opponent, bye, exc (excused absence), "
                "late (not yet entered), with their VP.")
    else:
        round_numbers, rows = report.round_chart
        first_metric_column = 3 + len(round_numbers)
        table, note = _round_chart(round_numbers, rows, width), (
            "Each round: the opponent's number (No.), f if the player played first or s if second, then the "
            "result (1 win, ½ draw, 0 loss; + and − forfeits, … to come); a round without an opponent: bye, "
            "exc (excused absence) or late (not yet entered) with its VP, – none.")
    greyed = _greyed_h2h(report, [row.standing for row in rows], first_metric_column)
    table.setStyle(TableStyle(greyed))
    story = [Paragraph(_title(report, "Crosstable"), style(14, bold=True)), Spacer(1, 2 * mm),
             Paragraph(note, style(8.5)), *_order_note(record), *_with_note(greyed), table]
    return build(record, _title(report, "Crosstable"), story, paper, wide=True, printed_on=printed_on)


MARK_PADDING = [("LEFTPADDING", (3, 0), (-1, -1), 1.5), ("RIGHTPADDING", (3, 0), (-1, -1), 1.5)]


def _full_grid(rows, width: float) -> tuple[Table, int]:
    """No., place, player, a cell per opponent (× the player's own), the rounds without an opponent, tie-breaks;
    and the column of the first tie-break.

    A result is never cut to fit: the cells narrow and the type shrinks with the field, and two games against
    one opponent go one under the other."""
    abbrs = [m.abbr for m in metrics_in_order(DEFAULT_ORDER)]
    others = [other_rounds(row.standing) for row in rows]
    small = len(rows) > 16
    size = 7.5 if small else 9
    name_width, other_width = (50 if small else 70) * mm, (30 * mm if any(others) else 0)
    header = ["No.", "Place", "Player", *[str(n) for n in range(1, len(rows) + 1)],
              *(["Other rounds"] if other_width else []), *abbrs]
    cell = min(9 * mm, (width - 20 * mm - name_width - other_width - 10 * mm * len(abbrs)) / max(1, len(rows)))
    body = [[str(n), row.standing.place, _name_cell(row.standing),
             *[text or ("×" if i == n - 1 else "") for i, text in enumerate(row.cells)],  # × marks the player's own
             *([Paragraph(escape(other), style(size - 1))] if other_width else []),
             *row.standing.metric_texts]
            for n, (row, other) in enumerate(zip(rows, others), start=1)]
    widths = [8 * mm, 12 * mm, name_width] + [cell] * len(rows) + ([other_width] if other_width else []) + \
        [10 * mm] * len(abbrs)
    table = listing([header] + body, widths, size=size, align_right=(0,),
                    mark_columns=tuple(range(3, 3 + len(rows))))
    table.setStyle(TableStyle([("ALIGN", (3, 0), (-1, -1), "CENTER"), *MARK_PADDING,
                               *[("BACKGROUND", (2 + n, n), (2 + n, n), SHADE) for n in range(1, len(rows) + 1)]]))
    return table, len(header) - len(abbrs)


def _round_chart(round_numbers: list[int], rows, width: float) -> Table:
    abbrs = [m.abbr for m in metrics_in_order(DEFAULT_ORDER)]
    header = ["No.", "Place", "Player", *[f"R{r}" for r in round_numbers], *abbrs]
    body = [[str(row.number), row.standing.place, _name_cell(row.standing), *row.cells, *row.standing.metric_texts]
            for row in rows]
    cell = min(18 * mm, (width - 105 * mm - 11 * mm * len(abbrs)) / max(1, len(round_numbers)))
    widths = [10 * mm, 14 * mm, 80 * mm] + [cell] * len(round_numbers) + [11 * mm] * len(abbrs)
    table = listing([header] + body, widths, size=8, align_right=(0,),
                    mark_columns=tuple(range(3, 3 + len(round_numbers))))
    table.setStyle(TableStyle([("ALIGN", (3, 0), (-1, -1), "CENTER"), *MARK_PADDING]))
    return table
