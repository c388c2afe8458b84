"""Result slips: one per match of a round, three to a page with cut lines, for the players to fill in and sign."""

from __future__ import annotations

import datetime

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, FrameBreak, Paragraph, Spacer, Table, TableStyle

from games.colours import COLOURS

from ..domain.records import TournamentFile
from ..domain.schedule import played_online
from .codes import NONE, Addresses, qr_code
from .kit import MARGIN, SHADE, build, escape, find_round, fit, fonts, page_size, style, tables_of, text_width

SLIPS_PER_PAGE = 3


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
                 printed_on: datetime.date | None = None, addresses: Addresses = NONE) -> bytes:
    """One slip per game of the round, three to a page with dashed cut lines.

    With `addresses`, each player's signature has their private link's QR code beside it.

    A bye, an excused absence and an all-play-all's forfeit for an absent player have no game, so no slip.
    """
    round_record = find_round(record, round_number)
    if played_online(record, round_number):  # docs/online-play.md: the game rooms write the results, nobody fills a slip
        story = [Paragraph(f"Round {round_number} is played online: no result slips.", style(14, bold=True)),
                 Spacer(1, 3 * mm),
                 Paragraph("Each game is played in its game room, opened from the player's own private link. "
                           "The room writes the result when the game ends: nobody fills in or signs a slip. "
                           "Follow the games on the arbiter's desk or the public round page.", style(10))]
        return build(record, f"Result slips, round {round_number}", story, paper, printed_on=printed_on)
    width = page_size(paper)[0] - 2 * MARGIN
    story = []
    for table, match in tables_of(round_record):
        if match.second is None or not all(record.player(p).paired_in(round_number) for p in match.players):
            continue
        if story:
            story.append(FrameBreak())
        codes = (addresses.links.get(match.first), addresses.links.get(match.second))
        story += _slip(record, round_number, table, record.player(match.first).label,
                       record.player(match.second).label, width, codes)
    if not story:
        story = [Paragraph(f"Round {round_number} has no games to play: no slips.", style(11))]
    return build(record, f"Result slips, round {round_number}", story, paper, slots=SLIPS_PER_PAGE,
                 printed_on=printed_on)


def _slip(record: TournamentFile, round_number: int, table: int, first: str, second: str, width: float,
          codes: tuple[str | None, str | None] = (None, None)) -> list:
    regular, heavy = fonts()
    heading = Table([[fit(record.name, width - 75 * mm, heavy, 11), f"Round {round_number}", f"Table {table}"]],
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
        *([Spacer(1, 2 * mm), _signatures_with_codes(first, second, width, codes)] if any(codes) else
          [Spacer(1, 9 * mm), _signatures(first, second, width)]),
    ]


def _score_grid(first: str, second: str, width: float) -> Table:
    _regular, heavy = fonts()
    name_width = width - 6 * 15 * mm - 22 * mm
    header = ["Player"] + [f"{letter}\n{name}" for letter, name, *_drawn in COLOURS] + ["Ran out\nof time"]
    rows = [header]
    for name, role in ((first, "plays first"), (second, "plays second")):
        # Cut to one line (cell padding 6 pt a side) so that the role stays on the slip.
        rows.append([Paragraph(f"<b>{escape(fit(name, name_width - 14, heavy, 10))}</b><br/>"
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
    first_caption = "Signature: " + fit(first, column - text_width(" (plays first)Signature: ", regular, 8),
                                         regular, 8) + " (plays first)"
    second_caption = fit(f"Signature: {second}", column, regular, 8)
    table = Table([["", "", ""], [first_caption, "", second_caption]],
                  colWidths=[column, 10 * mm, column], rowHeights=[6 * mm, 5 * mm])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), regular, 8), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black),
                               ("LINEBELOW", (2, 0), (2, 0), 0.8, colors.black)]))
    return table


CODE_SIDE = 18 * mm  # a slip is a third of a Letter page: every millimetre counts


def _signatures_with_codes(first: str, second: str, width: float, codes: tuple[str | None, str | None]) -> Table:
    """Each player's signature line with their private link's QR code before it."""
    regular, _heavy = fonts()
    column = (width - 10 * mm) / 2
    line = column - CODE_SIDE - 3 * mm
    cells = []
    for name, role, code in ((first, "plays first", codes[0]), (second, "plays second", codes[1])):
        caption = fit(f"Signature: {name}", line - text_width(f" ({role})", regular, 8), regular, 8) + f" ({role})"
        note = f"← {name.split()[0] if name.split() else name}'s own link: scan it to send the result" if code else ""
        sign = Table([[fit(note, line, regular, 6.5)], [caption]], colWidths=[line],
                     rowHeights=[CODE_SIDE - 6 * mm, 5 * mm])
        sign.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), regular, 8), ("FONT", (0, 0), (0, 0), regular, 6.5),
                                  ("TEXTCOLOR", (0, 0), (0, 0), colors.HexColor("#555555")),
                                  ("VALIGN", (0, 0), (0, 0), "TOP"), ("TOPPADDING", (0, 0), (0, 0), 0),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                  ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black)]))
        cells += [qr_code(code, CODE_SIDE) if code else "", sign]
    table = Table([[cells[0], cells[1], "", cells[2], cells[3]]], rowHeights=[CODE_SIDE],
                  colWidths=[CODE_SIDE + 3 * mm, line, 10 * mm, CODE_SIDE + 3 * mm, line])
    table.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                               ("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return table
