"""The sheet of private links: every player's link and its QR code, on cards to cut out and hand over at registration."""

from __future__ import annotations

import datetime

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from ..domain.enums import Play
from ..domain.names import player_order
from ..domain.records import TournamentFile
from .codes import NONE, Addresses, qr_code
from .kit import MARGIN, build, escape, fit, fonts, page_size, style

COLUMNS = 2
CARD_HEIGHT = 44 * mm
CODE_SIDE = 32 * mm


def links_sheet(record: TournamentFile, paper: str = "A4", printed_on: datetime.date | None = None,
                addresses: Addresses = NONE) -> bytes:
    """One card per player, in name order, two to a row: name (told apart from a same-named player's), seed, the
    private link's QR code and address."""
    width = page_size(paper)[0] - 2 * MARGIN
    players = sorted(record.players, key=player_order)
    # docs/online-play.md: a player enters their game room only through this link.
    online = record.settings.play == Play.ONLINE or any(r.starts_at is not None for r in record.rounds)
    cards = [_card(player.label, player.seed, addresses.links.get(player.id), width / COLUMNS, online)
             for player in players]
    story = [
        Paragraph("Private links", style(14, bold=True)),
        Paragraph("Each card is one player's own link: whoever holds it can "
                  f"{'play their games online, ' if online else ''}send results and ask to be excused in "
                  "that player's name. Cut along the lines and hand each player their own card. A link replaced "
                  "on the organiser's page no longer opens: print its card again.", style(9)),
        *([Paragraph("Games are played online: each player plays in their game room, opened from this link.",
                     style(9, bold=True))] if online else []),
        Spacer(1, 4 * mm),
    ]
    if not cards:
        story.append(Paragraph("No players yet.", style(11)))
    else:
        rows = [cards[i:i + COLUMNS] + [""] * (COLUMNS - len(cards[i:i + COLUMNS]))
                for i in range(0, len(cards), COLUMNS)]
        grid = Table(rows, colWidths=[width / COLUMNS] * COLUMNS, rowHeights=[CARD_HEIGHT] * len(rows))
        grid.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.6, colors.grey, None, (2, 2)),
                                  ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story.append(grid)
    return build(record, "Private links", story, paper, printed_on=printed_on)


def _card(name: str, seed: int, address: str | None, width: float, online: bool = False) -> Table:
    regular, heavy = fonts()
    text_column = width - CODE_SIDE - 10 * mm
    words = [Paragraph(f"<b>{escape(fit(name, text_column * 2, heavy, 11))}</b>", style(11)),
             Paragraph(f"Seed {seed}", style(9)), Spacer(1, 2 * mm)]
    if address is None:
        words.append(Paragraph("No link: this player has none yet.", style(8)))
        code = ""
    else:
        if online:
            words.append(Paragraph("<b>Played online: your private link opens your game.</b>", style(8)))
        words.append(Paragraph(f"Scan the code, or type:<br/><font size=7>{escape(address)}</font>",
                               style(8, wordWrap="CJK")))
        code = qr_code(address, CODE_SIDE)
    card = Table([[words, code]], colWidths=[text_column, CODE_SIDE + 4 * mm], rowHeights=[CARD_HEIGHT - 6 * mm])
    card.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    return card
