"""A tournament file as a FIDE Tournament Report File, 2016 format (TRF-16).

`to_trf(record)` writes the text; `python manage.py export_trf FILE` prints it.

Layout (FIDE Handbook C.04 Annex 2, "TRF16", the `001` player section; the
same columns are read by bbpPairings `src/fileformats/trf.cpp` and by py4swiss
`py4swiss/trf/sections/player_section.py`).  Columns are 1-based:

    1-3   001              54-56  federation (blank)
    5-8   starting rank    58-68  FIDE number (blank)
    10    sex (blank)      70-79  birth date (blank)
    11-13 title (blank)    81-84  points, "11.5"
    15-47 name             86-89  rank
    49-52 FIDE rating

then one 8-column block per round, round r starting at column 92 + 10(r-1):
opponent's starting rank (4 digits, `0000` for none), blank, colour (`w`,
`b`, or `-` when not paired), blank, result.  Two blanks separate blocks.

Header lines: `012` tournament name (TRF-16 tournament section) and
`XXR` the number of rounds, the JaVaFo extension that bbpPairings (which also
accepts `142`) and py4swiss require before they pair a next round.

How our record maps onto the result codes:

- played game: `1` / `=` / `0` by the game's VP; colour `w` for the
  player who played first, `b` for second.
- forfeit: `+` for the present player, `-` for the absent one, with the
  opponent's number and the scheduled colour; both absent: `-` on both sides.
- bye (the pairing's odd player out): by default `0000 - U`, the
  pairing-allocated bye (see below); with `pairing_bye=False` (command line:
  `--bye-codes`) `0000 - F` (bye VP 1), `H` (½) or `Z` (0) instead.  Why U: TRF-16's own code for a bye given by
  the pairing program is `U` ("pairing-allocated bye"), and pairing programs
  count only `U` (and `+`) as an earlier bye: bbpPairings sets
  `participatedInPairing` only for `U`/`+`, py4swiss sets `bye_received`
  only for `U`/`+`.  With `F` they may hand the same player a second bye.
  The default `0000 - U` comes with the bye's value when it is not 1 (`XXS PAB=` for JaVaFo/py4swiss, `BBU` for
  bbpPairings), for feeding the file to a pairing program.
- an excused absence (a requested bye): `0000 - Z`, `H` or `F` by the
  excused VP (0, ½, 1), as TRF-16 writes a known absence with its points:
  not `U`, so pairing programs do not count it as an earlier bye (nor do we).
- a round a player took no part in (withdrawn, idle in all-play-all, not
  in any match): `0000 - Z`.  `Z` is the standard's "zero-point-bye (known
  absence)"; `U` is not used for this, because in TRF-16 `U` means the
  pairing-allocated bye (scored like a win, at most one per round), not
  "unpaired".  bbpPairings writes non-participants as `0000 - Z` as well.
- a round before a late entry's `joined_round`: `0000 - H` when the late-entry
  VP is ½, `F` when 1, `Z` when 0.  TRF-16's half/full-point byes are exactly
  "points for a round not played", so the late-entry VP appear both in the
  round blocks and in the points column and the two agree (bbpPairings and
  py4swiss both refuse a file whose points column differs from the sum of its
  round blocks).  Only rounds written to the file count, so the points
  column is the VP after the last completed round.
- a round with pending matches is left out entirely (it is always the last
  round).  TRF-16 has no code for "not played yet": a blank result is defined
  as equivalent to `Z`, and a blank result next to an opponent number is
  refused by bbpPairings ("Invalid line") and by py4swiss.  The file
  therefore describes the completed rounds only, which is also what a pairing
  program needs to pair the next one.

Points: VP in the "p.p" format (`1.0`, `2.5`, `10.0`).  Rank: the line's
position in the project's standings (`scoring.standings`: VP, then the
tie-breaks in order) over the rounds the file describes, players still level
in seed order (one distinct rank per player), so a player who won the
head-to-head ranks above the one they beat, as on the standings page.

Point values other than TRF-16's own (only the pairing-allocated bye can
differ: a bye worth ½ or 0 VP) are written as bbpPairings' extension
(its README: "BBW pp.p", ..., "BBU pp.p"): the code, a space, then the value
right-aligned in a four-character field, `BBU  0.5`.  bbpPairings reads the
value from columns 5-8 and refuses a shorter line as invalid; it then
recomputes every player's score from the result codes with those values
(1 + F: BBW, = H: BBD, 0: BBL, - : BBF, Z: BBZ, U: BBU) and refuses a file
whose points column disagrees.
The name is written as it is in our file (TRF asks for "Lastname, Firstname";
we do not guess the split) and cut to the 33 columns of the field.
Lines end in "\\n" (the standard asks for CR; both readers above accept LF).
"""

from __future__ import annotations

from scoring.standings import standings

from ..domain.records import TournamentFile
from ..domain.rounds import PlayerRound, RoundKind, completed_rounds, player_rounds
from ..domain.schedule import last_round

NAME_WIDTH = 33
FIRST_BLOCK = 92  # 1-based column where round 1 starts
BLOCK_STEP = 10

# Result code for a bye / missed round worth 0, ½ or 1 VP (index = VP × 2).
BYE_CODES = ("Z", "H", "F")


class Block:
    """One round of one player: opponent's starting rank, colour, result; and the half-points it brings."""

    __slots__ = ("opponent", "colour", "result", "half_points")

    def __init__(self, opponent: int, colour: str, result: str, half_points: int):
        self.opponent = opponent
        self.colour = colour
        self.result = result
        self.half_points = half_points

    def text(self) -> str:
        opponent = f"{self.opponent:>4}" if self.opponent else "0000"
        return f"{opponent} {self.colour} {self.result}"


def format_points(half_points: int) -> str:
    """VP (given as half-points) in TRF's "11.5" format."""
    whole, half = divmod(half_points, 2)
    return f"{whole}.{5 if half else 0}"


def announced_rounds(record: TournamentFile) -> int:
    """The `XXR` value: the announced rounds (all-play-all: the Berger table's), never fewer than written."""
    return max(last_round(record), len(completed_rounds(record)))


GAME_CODES = {2: "1", 1: "=", 0: "0"}


def block(game: PlayerRound, number: dict[int, int], bye_code: str, late_code: str) -> Block:
    """The TRF block of one player's round (see the module docstring for the codes)."""
    if game.kind == RoundKind.BYE:
        return Block(0, "-", bye_code, game.half_points)
    if game.kind == RoundKind.EXCUSED:
        return Block(0, "-", BYE_CODES[game.half_points], game.half_points)
    if game.kind == RoundKind.LATE_ENTRY:
        return Block(0, "-", late_code, game.half_points)
    if game.kind == RoundKind.ABSENT:  # withdrawn, idle in all-play-all, or simply absent from the round
        return Block(0, "-", "Z", 0)
    colour = "w" if game.played_first else "b"
    if game.kind == RoundKind.PLAYED:
        return Block(number[game.opponent], colour, GAME_CODES[game.half_points], game.half_points)
    if game.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
        return Block(number[game.opponent], colour, "+" if game.half_points else "-", game.half_points)
    raise ValueError(f"a {game.kind} round has no TRF result")  # pending rounds are left out before this


def round_blocks(record: TournamentFile, pairing_bye: bool = True) -> dict[int, list[Block]]:
    """Each player's blocks (player id -> one Block per completed round)."""
    settings = record.settings
    number = {p.id: p.seed for p in record.players}  # starting rank = seed order
    bye_code = "U" if pairing_bye else BYE_CODES[settings.bye_half_points]
    late_code = BYE_CODES[settings.late_entry_half_points]
    games = player_rounds(record, completed_rounds(record))
    return {player_id: [block(game, number, bye_code, late_code) for game in rounds]
            for player_id, rounds in games.items()}


def bb_line(code: str, half_points: int) -> str:
    """A bbpPairings point-value line: "BBU  0.5", the value in its four-character field `pp.p`."""
    return f"{code} {format_points(half_points):>4}"


def places(record: TournamentFile) -> dict[int, int]:
    """Each player's TRF rank: their line in the standings over the completed rounds (the rounds written)."""
    written = TournamentFile(record.name, record.settings, record.players, completed_rounds(record))
    return {line.player_id: rank for rank, line in enumerate(standings(written), start=1)}


def _put(line: list[str], start: int, text: str, width: int, right: bool = False) -> None:
    """Write `text` into the 1-based columns start..start+width-1 of `line` (numbers right-aligned)."""
    if right and len(text) > width:  # a number is never cut: 10000 players or 100 VP do not fit TRF-16
        raise ValueError(f"{text} does not fit the {width} columns {start}-{start + width - 1} of a TRF-16 line")
    text = text[:width]
    text = text.rjust(width) if right else text.ljust(width)
    line[start - 1 : start - 1 + width] = list(text)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def player_line(starting_rank: int, name: str, rating: int | None, half_points: int, place: int, blocks) -> str:
    line = [" "] * (FIRST_BLOCK - 3)  # columns 1..89
    _put(line, 1, "001", 3)
    _put(line, 5, str(starting_rank), 4, right=True)
    _put(line, 15, _one_line(name), NAME_WIDTH)
    if rating is not None and 0 <= rating <= 9999:  # a rating that does not fit the 4 columns is left out
        _put(line, 49, str(rating), 4, right=True)
    _put(line, 81, format_points(half_points), 4, right=True)
    _put(line, 86, str(place), 4, right=True)
    return "".join(line) + "".join("  " + block.text() for block in blocks)


def to_trf(record: TournamentFile, *, pairing_bye: bool = True) -> str:
    """The tournament as TRF-16 text (see the module docstring for every choice made)."""
    blocks = round_blocks(record, pairing_bye)
    half_points = {p.id: sum(b.half_points for b in blocks[p.id]) for p in record.players}
    rank = places(record)
    lines = [f"012 {_one_line(record.name)}", f"XXR {announced_rounds(record)}"]
    if pairing_bye and record.settings.bye_half_points != 2:
        value = format_points(record.settings.bye_half_points)
        lines += [f"XXS PAB={value}", bb_line("BBU", record.settings.bye_half_points)]
    for player in record.players:
        lines.append(
            player_line(player.seed, player.name, player.rating, half_points[player.id], rank[player.id], blocks[player.id])
        )
    return "\n".join(lines) + "\n"
