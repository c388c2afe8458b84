"""Players' names: when two are "the same name", the order names are listed in, and how a name is shown.

One rule each, used everywhere a name is compared, sorted or shown:

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

import unicodedata
from typing import Iterable, Protocol

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
