"""The pairing sheet of a round: by table (byes, excused absences and an all-play-all's forfeits of absent players
last, VP before the round), then by player name."""

from __future__ import annotations

import datetime
import math

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from ..domain.enums import MatchStatus
from ..domain.records import RoundRecord, TournamentFile
from ..domain.rounds import half_points_before
from ..domain.schedule import idle_players, played_online
from ..pages.public import by_name, scheduled_forfeit
from ..domain.text import format_vp, result_text
from ..domain.times import time_of_day
from ..zones import zone_of
from .codes import NONE, Addresses, qr_code
from .kit import (MARGIN, build, escape, find_round, fonts, listing, page_size, printing_date, share,
                  style, tables_of, text_width)


# --- Pairing sheet ----------------------------------------------------------------


def pairing_sheet(record: TournamentFile, round_number: int, paper: str = "A4",
                  printed_on: datetime.date | None = None, addresses: Addresses = NONE) -> bytes:
    """Pairings of a round by table (byes last), then the same round by player name.

    With `addresses`, a QR code of the round's public pairings page stands beside the title.
    """
    round_record = find_round(record, round_number)
    printed_on = printed_on or printing_date()
    vp = half_points_before(record, round_number)
    width = page_size(paper)[0] - 2 * MARGIN
    online = played_online(record, round_number)
    heading = [
        Paragraph(f"Round {round_number} pairings", style(14, bold=True)),
        Paragraph(f"{printed_on.strftime('%A %d %B %Y')}. The first-named player of each table plays first; "
                  "VP are the standings before this round.", style(9)),
        *([Paragraph(escape(online_note(round_record, zone_of(record.settings))), style(9, bold=True))] if online else []),
    ]
    if addresses.round_page is not None:
        heading = [_beside_code(heading, addresses.round_page(round_number), width)]
    story = [
        *heading,
        Spacer(1, 4 * mm),
        _by_table(record, round_record, vp, width, online),
        PageBreak(),
        Paragraph(f"Round {round_number} pairings by name", style(14, bold=True)),
        *([Paragraph(escape(online_note(round_record, zone_of(record.settings))), style(9, bold=True))] if online else []),
        Spacer(1, 4 * mm),
        _by_name(record, round_record, width),
    ]
    return build(record, f"Pairings, round {round_number}", story, paper, printed_on=printed_on)


def online_note(round_record: RoundRecord, zone: datetime.tzinfo) -> str:
    """Where an online round's games are played, as its sheets say it (docs/online-play.md, Setting up): the start
    in the tournament's zone, named, as every page and mail writes it (`domain.times`)."""
    starts = ""
    if round_record.starts_at is not None:
        at = datetime.datetime.fromisoformat(round_record.starts_at)
        local = at.astimezone(zone)
        starts = f", from {time_of_day(at, zone)} on {local.day} {local:%B}"
    return (f"Played online{starts}: each player opens their game from their own private link. "
            "The game rooms write the results: there are no result slips.")


def _by_table(record: TournamentFile, round_record: RoundRecord, vp: dict[int, int], width: float,
              online: bool = False) -> Table:
    rows = [["Table", "Plays first", "VP", "Plays second", "VP", "Result"]]
    byes = []
    for table, match in tables_of(round_record):
        first = record.player(match.first)
        if match.second is None:  # a bye or an excused absence
            words = ("bye", "(no opponent)") if match.status == MatchStatus.BYE else ("excused", "(excused absence)")
            byes.append([words[0], first.label, format_vp(vp.get(first.id, 0)), words[1], "", ""])
            continue
        second = record.player(match.second)
        if scheduled_forfeit(record, round_record.number, match):  # a withdrawn or excused player's: no one sits
            byes.append(["forfeit", first.label, format_vp(vp.get(first.id, 0)), second.label,
                         format_vp(vp.get(second.id, 0)), result_text(match)])
            continue
        # The result once it is in, as the public pairings page writes it ("½–½", "1–0 forfeit"); blank to come.
        # An online game still playing says where it is played.
        result = "online" if online and match.status == MatchStatus.PENDING else result_text(match)
        rows.append([str(table), first.label, format_vp(vp.get(first.id, 0)),
                     second.label, format_vp(vp.get(second.id, 0)), result])
    for player in idle_players(record, round_record.number):  # an odd all-play-all's: no game, no VP
        byes.append(["idle", player.label, format_vp(vp.get(player.id, 0)), "(no game: odd field)", "", ""])
    widths = share(width, [_table_column(row[0] for row in byes), None, 11, None, 11,
                           _table_column((row[5] for row in rows[1:] + byes), minimum=30, bold=False)])
    return listing(rows + byes, widths, size=10, bold_columns=(0, 1), align_right=(2, 4), row_height=7 * mm)


def _table_column(words, minimum: float = 14, bold: bool = True) -> float:
    """A column's width in mm: `minimum`, or what its words ("excused", "forfeit", "0–0 (both absent)") need to
    be read whole."""
    font = fonts()[1 if bold else 0]
    needed = max((text_width(word, font, 10) + 9 for word in words), default=0) / mm  # the cell's padding, and air
    return max(minimum, math.ceil(needed))


def _by_name(record: TournamentFile, round_record: RoundRecord, width: float) -> Table:
    entries = [[seat.player.label, "forfeit" if seat.plays == "forfeit" else str(seat.table or ""),
                _plays(seat), seat.opponent.label if seat.opponent else ""]
               for seat in by_name(record, round_record.number)]
    rows = [["Player", "Table", "Plays", "Opponent"]] + entries
    widths = share(width, [None, _table_column(row[1] for row in entries),
                           _table_column((row[2] for row in entries), minimum=18, bold=False), None])
    return listing(rows, widths, size=10, bold_columns=(1,), row_height=6 * mm)


def _plays(seat) -> str:
    """The by-name list's "Plays": first, second, bye, excused, idle; for a forfeit of the all-play-all table,
    "wins" or "loses" and, for the absent player, why ("loses (withdrawn)"), as the public list says it."""
    if seat.plays != "forfeit":
        return seat.plays
    outcome = seat.forfeit.split()[0]  # "wins" or "loses"
    return f"{outcome} ({seat.absent})" if seat.absent else outcome


def _beside_code(heading: list, address: str, width: float) -> Table:
    """The sheet's title and note with the QR code of its page on the phones beside them."""
    side = 24 * mm
    note = Paragraph(f"The pairings, standings and results on your phone: {escape(address)}", style(8))
    table = Table([[[*heading, Spacer(1, 2 * mm), note], qr_code(address, side)]],
                  colWidths=[width - side - 4 * mm, side + 4 * mm])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("ALIGN", (1, 0), (1, 0), "RIGHT")]))
    return table
