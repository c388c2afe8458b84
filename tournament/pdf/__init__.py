"""Printed sheets of a tournament: pairings, result slips, standings, crosstable.

Functions over the plain record of `tournament.domain.records` that return the bytes
of a PDF; no database.  A view wraps them in `FileResponse(io.BytesIO(...))`,
`manage.py print` writes them to a file.

    pairing_sheet(record, round_number, paper="A4", addresses=...) -> bytes
    result_slips(record, round_number, paper="A4", addresses=...) -> bytes
    links_sheet(record, paper="A4", addresses=...) -> bytes
    standings_pdf(record, paper="A4") -> bytes
    crosstable_pdf(record, paper="A4") -> bytes

`addresses` (codes.Addresses) holds the full addresses the QR codes carry;
without it a sheet has no codes.

    kit          fonts, paper, header and footer, long tables
    pairings     the pairing sheet
    slips        result slips
    links        the players' private links, to hand out
    codes        QR codes and the addresses they hold
    standings    standings and crosstable
"""

from .codes import Addresses
from .kit import PrintError, fonts, name_order, printing_date
from .links import links_sheet
from .pairings import half_points_before, pairing_sheet
from .slips import result_slips
from .standings import crosstable_pdf, standings_pdf

# What can be printed, by name: (record, round number, paper, addresses) -> PDF bytes.
SHEETS = {
    "pairings": lambda record, round_number, paper, addresses: pairing_sheet(record, round_number, paper,
                                                                              addresses=addresses),
    "slips": lambda record, round_number, paper, addresses: result_slips(record, round_number, paper,
                                                                          addresses=addresses),
    "standings": lambda record, round_number, paper, addresses: standings_pdf(record, paper),
    "crosstable": lambda record, round_number, paper, addresses: crosstable_pdf(record, paper),
    "links": lambda record, round_number, paper, addresses: links_sheet(record, paper, addresses=addresses),
}
ROUND_SHEETS = ("pairings", "slips")

__all__ = ["Addresses", "links_sheet", "PrintError", "fonts", "name_order", "printing_date", "half_points_before", "pairing_sheet",
           "result_slips", "crosstable_pdf", "standings_pdf", "SHEETS", "ROUND_SHEETS"]
