"""What the entry form checks, the same for every address: the name, the club, the rating, the address itself.

Every check here is made before the address is looked up (docs/online-event.md, Entries, "The answer reveals
nothing"): what a form is told depends on what it holds, never on whether its address is entered.  A name or
a club is taken under the site's one names rule (`tournament.domain.names.checked_text`); markup or a web
address in either, the trap field filled in, or more than one address is `Unwelcome`, refused without a word
of why (a robot's or a spammer's form); the rest is `Refused` naming the field.
"""

from __future__ import annotations

import ipaddress

from tournament.domain.names import NameFault, checked_text
from tournament.domain.values import RATING_RULE, is_rating
from tournament.models import Tournament
from tournament.services.players import same_name
from tournament.services.refused import Refused

# Endings that name no public domain (RFC 2606, RFC 6761, RFC 6762, home networks): nothing is mailed there.
PRIVATE_ENDINGS = {"localhost", "local", "localdomain", "invalid", "test", "example", "internal", "lan", "home",
                   "arpa", "intranet", "corp", "private"}


class Unwelcome(Exception):
    """An entry refused without a word of why (a robot's, or a spammer's)."""


def checked_name(tournament: Tournament, name: str) -> str:
    """The name under the names rule, and no other player's (`Refused` on "name"); `Unwelcome` for markup or a link.

    A player entered already who fills the form in again with their own name is refused like anyone else using
    it: the refusal points to "send my link again", which answers the same for any address."""
    name = _checked(name, "name", required=True)
    if same_name(tournament, name, None) is not None:
        raise Refused("A player of this name is already entered. If that is you, use \"Send my link again\" below; "
                      "if not, add what tells you apart (a middle initial, say).", "name")
    return name


def checked_club(club: str) -> str:
    return _checked(club, "club", required=False)


def checked_rating(rating: int | None) -> int | None:
    if rating is not None and not is_rating(rating):
        raise Refused(f"A rating is {RATING_RULE}, or empty.", "rating")
    return rating


def checked_address(email: str, trap: str = "") -> str:
    """The address trimmed; `Unwelcome` for more than one or the trap filled; `Refused` on "email" for an address
    with no public domain (`root@localhost`, `x@[127.0.0.1]`, a domain without a dot)."""
    email = (email or "").strip()
    if trap or "," in email or ";" in email or " " in email:
        raise Unwelcome()
    if not public_address(email):
        raise Refused("Give an address with a public domain (name@example.org, say).", "email")
    return email


def public_address(email: str) -> bool:
    """Whether the address's domain is a public one: a name with a dot, not a literal IP address, an ending of
    letters that is not one of the private ones (`PRIVATE_ENDINGS`)."""
    local, at, domain = email.rpartition("@")
    domain = domain.rstrip(".").casefold()
    if not (local and at and "." in domain) or domain.startswith("["):
        return False
    try:
        ipaddress.ip_address(domain)
        return False
    except ValueError:
        pass
    ending = domain.rsplit(".", 1)[1]
    return (ending.isalpha() or ending.startswith("xn--")) and len(ending) >= 2 and ending not in PRIVATE_ENDINGS and all(domain.split("."))


def _checked(text: str, what: str, required: bool) -> str:
    try:
        return checked_text(text, what, required)
    except NameFault as fault:
        if fault.unwelcome:
            raise Unwelcome() from None
        raise Refused(f"The {what} {fault}", what) from None
