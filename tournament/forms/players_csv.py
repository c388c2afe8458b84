"""A players file: CSV lines of name, rating, club, read and checked as strictly as the tournament file.

`decode_players_file(data)` gives the text of the bytes uploaded (UTF-8, or
UTF-16 with its byte-order mark, cells separated by commas or, as Excel's
"Unicode Text" writes them, by tabs), or says what to save the file as;
`read_players(text)` gives the rows, or raises `PlayersFileFault` with one
sentence per fault, each naming its line and field: the same limits as the
tournament file and the player form (`domain.limits`: a name and a club of
at most 120 characters, a rating from 0 to 10,000), names and clubs under
the names rule (`domain.names.checked_text`: no control characters, such as
a NUL, a line break inside quotes or a tab, nothing invisible, a letter, no
markup nor web address; normalised), a quote opened and never closed, more cells than three, and more players
than one file may hold.  Plain Python: the form (`forms.PlayersCsvForm`)
turns the fault into its error, and nothing is written.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..domain.limits import MAX_PLAYERS_FILE_ROWS
from ..domain.names import NameFault, checked_text
from ..domain.values import RATING_RULE, rating_of_text

MAX_FAULTS_SHOWN = 20


@dataclass(frozen=True)
class PlayerRow:
    line: int
    name: str
    rating: int | None
    club: str


class PlayersFileFault(ValueError):
    """Every fault found, one sentence each ("Line 4, rating: ..."), in the order of the file."""

    def __init__(self, faults: list[str]):
        shown = faults[:MAX_FAULTS_SHOWN]
        if len(faults) > len(shown):
            shown.append(f"... and {len(faults) - len(shown)} more faults.")
        super().__init__("\n".join(shown))
        self.faults = shown


# What Excel and LibreOffice call the encoding a players file should be saved in.
SAVE_AS_UTF8 = ('save it again as "CSV UTF-8 (Comma delimited)" (Excel: File, Save As; LibreOffice: '
                'Text CSV, character set Unicode (UTF-8)) and choose that file')


def decode_players_file(data: bytes) -> str:
    """The text of an uploaded players file: UTF-8 (with or without its byte-order mark), or UTF-16 with its
    byte-order mark (Excel's "Unicode Text"), as the tournament import reads JSON.

    Other bytes, most often Windows-1252 (Excel's plain "CSV (Comma delimited)"), raise `PlayersFileFault`
    naming the line, the byte and what to save the file as; guessing an 8-bit encoding would misread names.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")  # the codec reads the mark, either byte order, and drops it
        except UnicodeDecodeError as error:
            raise PlayersFileFault([f"The file starts as UTF-16 text but byte {error.start} is not UTF-16: "
                                    f"{SAVE_AS_UTF8}."]) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise PlayersFileFault([_not_utf8(data, error.start)]) from None


def _not_utf8(data: bytes, at: int) -> str:
    line = data.count(b"\n", 0, at) + 1
    byte = data[at]
    if b"\x00" in data[:200]:  # every other byte zero: UTF-16 that lost its byte-order mark
        return f"The file is not UTF-8 text: it looks like UTF-16 without its byte-order mark; {SAVE_AS_UTF8}."
    as_ansi = bytes([byte]).decode("cp1252", errors="replace")
    return (f"Line {line}: the file is not UTF-8 text (byte {at}, 0x{byte:02X}, is \"{as_ansi}\" in Windows-1252, "
            f"the encoding of Excel's plain \"CSV (Comma delimited)\"): {SAVE_AS_UTF8}.")


def read_players(text: str) -> list[PlayerRow]:
    """The rows of a players file, in order; a first line "name,rating,club" is a header and is skipped."""
    rows: list[PlayerRow] = []
    faults: list[str] = []
    reader = csv.reader(io.StringIO(text), strict=True, delimiter=_delimiter(text))
    line = 1  # where the next record starts
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            faults.append(_unreadable(line, reader.line_num, error))
            break
        start, line = line, reader.line_num + 1
        if not any(cell.strip() for cell in cells) or (not rows and not faults and _is_header(cells)):
            continue
        if len(rows) == MAX_PLAYERS_FILE_ROWS:
            faults.append(f"Line {start}: the file holds more than {MAX_PLAYERS_FILE_ROWS:,} players, the most one "
                          "file may enter: split it into files of fewer.")
            break
        row, row_faults = _row(start, cells)
        faults.extend(row_faults)
        if row is not None:
            rows.append(row)
    if faults:
        raise PlayersFileFault(faults)
    if not rows:
        raise PlayersFileFault(["The file has no players in it: one line per player, name,rating,club."])
    return rows


def _delimiter(text: str) -> str:
    """"," or, when the first line holds a tab, a tab: Excel's "Unicode Text" (UTF-16) separates cells by tabs.

    No name nor club may hold a tab, so a first line with one was never a good comma-separated line."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return "\t" if "\t" in first else ","


def _is_header(cells: list[str]) -> bool:
    return cells[0].strip().casefold() == "name"


def _unreadable(start: int, at: int, error: csv.Error) -> str:
    if "unexpected end of data" in str(error):
        return (f"Line {start}: a quote (\") is opened and never closed, so the rest of the file would be read as "
                "one name: close it, or take it out.")
    if "expected after" in str(error):
        return (f"Line {at}: a quote (\") inside a quoted name must be doubled (\"\"), or the name written "
                "without quotes.")
    return f"Line {at}: the line cannot be read as CSV ({error})."


def _row(line: int, cells: list[str]) -> tuple[PlayerRow | None, list[str]]:
    """The line's player, or None and every fault of the line, each naming its field."""
    faults = []
    if any(cell.strip() for cell in cells[3:]):
        faults.append(f"Line {line}: {len(cells)} cells; a line holds at most three: name, rating, club.")
    name, rating_text, club = [cell.strip() for cell in cells[:3]] + [""] * (3 - len(cells[:3]))
    (name, name_problem), (club, club_problem) = _checked(name, "name", True), _checked(club, "club", False)
    faults += [f"Line {line}, {field}: {problem}" for field, problem in (
        ("name", name_problem), ("club", club_problem), ("rating", _rating_problem(rating_text))) if problem]
    if ";" in name and not faults:  # "Bob Baker;1700;Cambridge": a spreadsheet that wrote semicolons
        faults.append(f"Line {line}, name: {name[:60]!r} holds semicolons: the cells of a line are separated by "
                      "commas (name,rating,club); save the file as CSV with commas.")
    if faults:
        return None, faults
    return PlayerRow(line, name, rating_of_text(rating_text) if rating_text else None, club), []


def _checked(text: str, what: str, required: bool) -> tuple[str, str | None]:
    """The name or club under the names rule (`domain.names.checked_text`) and None, or the text and why not."""
    try:
        return checked_text(text, what, required), None
    except NameFault as fault:
        return text, str(fault)


def _rating_problem(text: str) -> str | None:
    if not text:
        return None
    if rating_of_text(text) is None:
        shown = text if len(text) <= 20 else text[:20] + "..."
        return f"{shown!r} is not a rating: a rating is {RATING_RULE}, or empty."
    return None
