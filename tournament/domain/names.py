"""Players' names: what a name may be, when two are "the same name", the order names are listed in, how one is shown.

One rule each, used everywhere a name is taken, compared, sorted or shown:

- `checked_text(text, what)`: the names rule, for a player's name and a club
  alike, in the entry form, the players file, the tournament file and the
  organiser's forms.  The text normalised (NFKC, runs of spaces folded), or
  `NameFault` saying why not: a control or format character (zero-width
  spaces, bidirectional overrides and isolates: they draw one name as
  another, or turn the rest of a line round), no visible letter, markup, or
  anything that reads as a web address (a `word.word` domain whatever its
  ending, full-width and ideographic dots too, `www.`, `://`, an `@`): the
  site mails and shows names, and a name is where a spammer would put a link.
- `name_key(name)`: what two names are compared by.  Case, accents and
  spaces aside ("zoe  angstrom" is Zoë Ångström): the duplicate check of
  the add-player form and of the players file, the move log's players
  (`game_logs`), and the public "Find your name" search all ask it.
- `name_order(name)`, `player_order(player)`: the sort key of every list by
  name (pages, drop-downs, sheets): "Łukasz" and "Ólafur" file under L and
  O, not after "Zoë".
- `display_names(players)`: each player's name as pages and sheets show it.
  Two entrants of the same name get what tells them apart, as chess pairing
  programs do: the club ("Ann Able (Oxford)"), else the rating ("Ann Able
  (rated 1850)"), else the seed ("Ann Able (seed 7)"); a name nobody else
  has stays as it is.

No Django here.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Protocol

from .limits import MAX_PLAYER_TEXT

# What `NameFault.kind` says: the entry form refuses markup and addresses without a word (a spammer's), and names
# the field for the rest.
EMPTY, LONG, CONTROL, INVISIBLE, NO_LETTER, MARKUP, ADDRESS = (
    "empty", "long", "control", "invisible", "no-letter", "markup", "address")
UNWELCOME = frozenset({MARKUP, ADDRESS})

# Characters that draw nothing or rearrange what follows: controls (Cc), format characters (Cf: zero-width
# spaces and joiners, bidirectional marks, overrides and isolates, the soft hyphen), line and paragraph
# separators, private-use and surrogate code points; and letters that draw as blank space.
_INVISIBLE_CATEGORIES = {"Cf", "Zl", "Zp", "Co", "Cs"}
_BLANK_LETTERS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}
# Dots that a browser reads as the dot of a domain name (IDNA's label separators), after NFKC.
_DOTS = str.maketrans({"\u3002": ".", "\uff61": ".", "\uff0e": "."})
# A web address: a scheme, www., an @ (a mail address), or a domain: a label, a dot, an ending of two letters or
# more, whatever the ending ("evil.de", "bit.ly/abc"); "J. R. Smith" and "J.R.R. Tolkien" are no domain.
_ADDRESS = re.compile(r"://|\b(?:https?|ftp|mailto):|www\.|@|[^\W_]\.[^\W\d_]{2,}", re.IGNORECASE)
_MARKUP = re.compile(r"[<>]")


class NameFault(ValueError):
    """Why a name (or a club) is refused: `kind` (one of the constants above) and a sentence that completes
    "The name ..." / "The club ..." (`str(fault)`)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind

    @property
    def unwelcome(self) -> bool:
        return self.kind in UNWELCOME


def checked_text(text: str, what: str = "name", required: bool = True, longest: int = MAX_PLAYER_TEXT) -> str:
    """The name or club under the names rule, normalised (NFKC, spaces folded, trimmed); `NameFault` if refused.

    An empty text is "" when not `required` (a club), else refused.
    """
    text = unicodedata.normalize("NFKC", text or "")
    control = next((c for c in text if unicodedata.category(c) == "Cc"), None)
    if control is not None:
        what_char = {"\x00": "a NUL character", "\n": "a line break", "\r": "a line break", "\t": "a tab"}.get(
            control, f"the control character U+{ord(control):04X}")
        raise NameFault(CONTROL, f"holds {what_char}, which no name or club may hold.")
    hidden = next((c for c in text if unicodedata.category(c) in _INVISIBLE_CATEGORIES or c in _BLANK_LETTERS),
                  None)
    if hidden is not None:
        raise NameFault(INVISIBLE, f"holds an invisible character (U+{ord(hidden):04X}), which draws nothing or "
                                   "turns the text round: type the name again without it.")
    text = " ".join(text.split())
    if not text:
        if not required:
            return ""
        raise NameFault(EMPTY, "is empty.")
    if len(text) > longest:
        raise NameFault(LONG, f"is {len(text)} characters long; at most {longest}.")
    if not any(unicodedata.category(c).startswith("L") for c in text):
        raise NameFault(NO_LETTER, "has no letter in it.")
    if _MARKUP.search(text):
        raise NameFault(MARKUP, "may not hold < or >.")
    if _ADDRESS.search(text.translate(_DOTS)):
        raise NameFault(ADDRESS, "reads as a web or mail address; a name holds none (write \"J. R. Smith\" with "
                                 "spaces after the dots).")
    return text

# Letters that Unicode does not decompose into a plain letter and an accent.
PLAIN_LETTERS = {"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "đ": "d", "Đ": "D",
                 "ł": "l", "Ł": "L", "þ": "th", "Þ": "TH", "ı": "i"}
_PLAIN = str.maketrans(PLAIN_LETTERS)


def name_key(name: str) -> str:
    """What two names are compared by: accents aside, case folded, spaces trimmed and single.

    "Zoe  Angstrom " and "Zoë Ångström" have the same key; "Ann Able" and "Anne Able" do not.
    """
    name = name or ""
    if name.isascii():  # no accent to take off, no letter to replace: most names, and every record reads them all
        return " ".join(name.casefold().split())
    decomposed = unicodedata.normalize("NFKD", name.translate(_PLAIN))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(plain.split())


def same_name(one: str, other: str) -> bool:
    """Two names that `name_key` calls the same."""
    return name_key(one) == name_key(other)


def name_order(name: str) -> str:
    """Sort key of a name: its `name_key`, so "Łukasz" files between "Lee" and "Mia", not after "Zoë"."""
    return name_key(name)


class Named(Protocol):
    id: int
    name: str
    seed: int
    rating: int | None
    club: str | None


def player_order(player: Named) -> tuple:
    """Sort key of a player in a list by name: the name (`name_order`), then as written, then the seed, so the
    order is the same on every page and sheet."""
    return name_order(player.name), player.name, player.seed


def display_names(players: Iterable[Named]) -> dict[int, str]:
    """Each player's name as shown, by `id`: with the club, else the rating, else the seed when another
    entrant has the same name (`name_key`); else the name as it is.

    What tells a group of same-named players apart is chosen for the group as a whole: the club when each has
    one and no two share it, else the rating when each has one and no two share it, else the seed (always
    different), so every label of the group is of the same kind.
    """
    groups: dict[str, list[Named]] = {}
    for player in players:
        groups.setdefault(name_key(player.name), []).append(player)
    labels: dict[int, str] = {}
    for group in groups.values():
        if len(group) == 1:
            labels[group[0].id] = group[0].name
            continue
        tell = _what_tells_apart(group)
        for player in group:
            labels[player.id] = f"{player.name} ({tell(player)})"
    return labels


def _what_tells_apart(group: list[Named]):
    clubs = [name_key(player.club or "") for player in group]
    if all(clubs) and len(set(clubs)) == len(clubs):
        return lambda player: " ".join(player.club.split())
    ratings = [player.rating for player in group]
    if None not in ratings and len(set(ratings)) == len(ratings):
        return lambda player: f"rated {player.rating}"
    return lambda player: f"seed {player.seed}"
