"""Printed sheets of a tournament: pairings, result slips, standings, crosstable.

Functions over the plain record of `tournament.domain.records` that return the bytes
of a PDF; no database.  A view wraps them in `FileResponse(io.BytesIO(...))`,
`manage.py print` writes them to a file.

    pairing_sheet(record, round_number, paper="A4") -> bytes
    result_slips(record, round_number, paper="A4") -> bytes
    standings_pdf(record, paper="A4") -> bytes
    crosstable_pdf(record, paper="A4") -> bytes

    kit          fonts, paper, header and footer, long tables
    pairings     the pairing sheet
    slips        result slips
    standings    standings and crosstable
"""

from .kit import PrintError, fonts, name_order, printing_date
from .pairings import half_points_before, pairing_sheet
from .slips import result_slips
from .standings import crosstable_pdf, standings_pdf

# What can be printed, by name: (record, round number, paper) -> PDF bytes.
SHEETS = {
    "pairings": lambda record, round_number, paper: pairing_sheet(record, round_number, paper),
    "slips": lambda record, round_number, paper: result_slips(record, round_number, paper),
    "standings": lambda record, round_number, paper: standings_pdf(record, paper),
    "crosstable": lambda record, round_number, paper: crosstable_pdf(record, paper),
}
ROUND_SHEETS = ("pairings", "slips")

__all__ = ["PrintError", "fonts", "name_order", "printing_date", "half_points_before", "pairing_sheet",
           "result_slips", "crosstable_pdf", "standings_pdf", "SHEETS", "ROUND_SHEETS"]
