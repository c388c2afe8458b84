"""Entries by the public form (docs/online-event.md, Entries), each step one transaction with its mail and audit.

`ask_to_enter` takes the form and mails a confirmation link (48 hours, once); `confirm` enters the player (setting
`entries` "open") or leaves the entry waiting for `accept` ("approve"); entering mails the private link.

The form reveals nothing: every check of the form (`checks`: name, club, rating, the address's shape) is made
first, the same for all; only once the form is accepted does the address decide what is mailed: a confirmation
link to a new address, the player's own link to one entered already, the same answer on the page either way.
`send_link_again` (an address only) answers the same for any address too.  One address is one player: confirming
looks the address up again under the tournament's lock, and the database holds one player per address and
tournament besides; a second confirmation sends the existing link.  Lock order, in every step here: the
tournament's row, then the entry's.

Throttles (`tournament.serving.throttle`): every form posted counts against its network address, refused or not
(`count_form`); the mails one address is sent for forms (confirmations, links again) count across the whole site.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament import audit, letters
from tournament.models import Player, Tournament
from tournament.serving.throttle import Throttle, digest
from tournament.services.entries import add_player, why_closed
from tournament.services.refused import Refused

from .checks import Unwelcome, checked_address, checked_club, checked_name, checked_rating
from .models import Entry

__all__ = ["Unwelcome", "UnknownLink", "Throttled", "why_closed", "count_form", "ask_to_enter", "send_link_again",
           "confirm", "accept", "accept_all", "decline", "waiting"]

CONFIRM_WITHIN = timedelta(hours=48)
PER_ADDRESS = 3  # mails one address is sent for forms in the window, site-wide (more forms: the same answer, no mail)
PER_NETWORK = 20  # entry forms one network address may post in the window, refused or not (a club shares one)
WINDOW_S = 60 * 60
NETWORKS = Throttle("entry-forms", PER_NETWORK, WINDOW_S)
ADDRESSES = Throttle("entry-mails", PER_ADDRESS, WINDOW_S)


class UnknownLink(Refused):
    """A confirmation link that is none of the tournament's (guessed, or mistyped): the page's throttle counts it."""


class Throttled(Exception):
    """Too many entry forms from one network address: try again later."""


def count_form(network: str) -> None:
    """Count one form posted from `network` (every form counts, refused or not); `Throttled` over the limit."""
    if not NETWORKS.take(network):
        raise Throttled()


def _may_mail(email: str) -> bool:
    """Count one mail to the address (site-wide) and say whether it may go."""
    return ADDRESSES.take(email.casefold())


def _player_of(tournament: Tournament, email: str) -> Player | None:
    """The tournament's player of this address, compared case-folded (the database holds at most one)."""
    return tournament.players.filter(email__iexact=email).first()


@transaction.atomic
def ask_to_enter(tournament: Tournament, *, name: str, email: str, network: str, club: str = "",
                 rating: int | None = None, trap: str = "", now=None) -> str | None:
    """Take an entry form: a confirmation link mailed to `email`; or, for an address already entered, that
    player's link again.  The page answers the same either way (it reveals nothing about who entered), and never
    shows the token returned (the link's, for the demo and tests: None when nothing was mailed)."""
    now = now or timezone.now()
    count_form(network)
    email = checked_address(email, trap)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    closed = why_closed(tournament, now)
    if closed:
        raise Refused(closed)
    name, club, rating = checked_name(tournament, name), checked_club(club), checked_rating(rating)
    # The form is accepted: from here on the address decides what is mailed, and the page says the same.
    network, mailed = digest("entry-network", network), _may_mail(email)
    player = _player_of(tournament, email)
    if player is not None:
        Entry.objects.create(tournament=tournament, name=player.name, email=email, network=network,
                             created_at=now, state=Entry.REPEATED, player=player)
        if mailed:
            letters.private_link(player)
        return None
    token = secrets.token_urlsafe(32)
    entry = Entry.objects.create(tournament=tournament, name=name, club=club, email=email, rating=rating,
                                 network=network, created_at=now, token_digest=Entry.digest(token) if mailed else None)
    if not mailed:
        return None
    letters.confirmation(entry, token)
    return token


@transaction.atomic
def send_link_again(tournament: Tournament, *, email: str, network: str, trap: str = "", now=None) -> bool:
    """"Send my link again": the private link to an entered address (within the per-address throttle), whether
    entries are open, closed or full.  The page answers the same for any address; the value (whether a mail
    went) is for tests."""
    count_form(network)
    email = checked_address(email, trap)
    player = _player_of(tournament, email)
    if player is None or not _may_mail(email):
        return False
    Entry.objects.create(tournament=tournament, name=player.name, email=email, created_at=now or timezone.now(),
                         network=digest("entry-network", network), state=Entry.REPEATED, player=player)
    letters.private_link(player)
    return True


def confirm(tournament: Tournament, token: str, now=None) -> Entry:
    """Confirm the entry of the mailed link: entered now, or waiting for acceptance; an address entered
    meanwhile gets its link again instead (`Entry.REPEATED`).  `Refused`, saying what to do, for a link unknown,
    expired (48 hours), used already or declined, or entries closed meanwhile."""
    try:
        return _confirm(tournament, token, now)
    except IntegrityError:  # the address became a player's in a confirmation that slipped past the lock: see it now
        return _confirm(tournament, token, now)


@transaction.atomic
def _confirm(tournament: Tournament, token: str, now=None) -> Entry:
    now = now or timezone.now()
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entry = (Entry.objects.select_for_update().filter(tournament=tournament, token_digest=Entry.digest(token))
             .first())
    enter_again = "Enter again from the entry form to be sent a new link."
    if entry is None:
        raise UnknownLink(f"This confirmation link is not one of this tournament's. {enter_again}")
    used = _used_link(entry)
    if used:
        raise Refused(used)
    if now - entry.created_at > CONFIRM_WITHIN:
        raise Refused(f"This confirmation link has expired (links last 48 hours). {enter_again}")
    closed = why_closed(tournament, now)
    if closed:
        raise Refused(closed)
    entry.confirmed_at = now
    if tournament.entries == "approve" and _player_of(tournament, entry.email) is None:
        entry.state = Entry.WAITING
        entry.save(update_fields=["state", "confirmed_at"])
        audit.record(tournament, f"{entry.name} (entry form)", "entry confirmed, waiting", entry.name)
        letters.entry_waiting(entry)
        return entry
    try:
        _enter(entry, None)
    except Refused as refused:  # the organiser's words ("tick ...") are not the player's
        if refused.field != "name":
            raise
        raise Refused("A player of this name was entered meanwhile: enter again with what tells you apart "
                      "(a middle initial, say).", "name") from None
    return entry


def _used_link(entry: Entry) -> str | None:
    """Why the entry's link confirms nothing more, by what became of the entry; None while it is unconfirmed."""
    if entry.state == Entry.DECLINED:
        return "The organiser declined this entry: the link confirms nothing."
    if entry.state == Entry.WAITING:
        return "This link was used already: the entry waits for the organiser's acceptance."
    if entry.state != Entry.UNCONFIRMED:
        return ("This link was used already: the entry is confirmed. If your private link did not reach you, use "
                "\"Send my link again\" on the entry page.")
    return None


def _enter(entry: Entry, user) -> Player:
    """The entry becomes a player (a late entry after round 1) with its address, and their link is mailed; or, for
    an address that is a player's already, that player's link is mailed again and nobody is added."""
    tournament = entry.tournament
    player = _player_of(tournament, entry.email)
    if player is not None:
        entry.state, entry.player = Entry.REPEATED, player
        entry.save(update_fields=["state", "player", "confirmed_at"])
        audit.record(tournament, user or f"{entry.name} (entry form)", "entry of an address already entered: "
                     "its link sent again", player.name)
        letters.private_link(player)
        return player
    player = add_player(tournament, entry.name, rating=entry.rating, club=entry.club,
                        user=user or f"{entry.name} (entry form)")
    player.email = entry.email
    player.save(update_fields=["email"])
    entry.state, entry.player = Entry.ENTERED, player
    entry.save(update_fields=["state", "player", "confirmed_at"])
    letters.private_link(player)
    return player


def _locked(entry: Entry) -> Entry:
    """The entry's row locked after its tournament's, the order confirming takes them in: the organiser's press
    and the entrant's link at the same moment wait their turn instead of deadlocking (one address, one player:
    one at a time)."""
    Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    return Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)


@transaction.atomic
def accept(entry: Entry, user=None) -> Player:
    """The organiser accepts a confirmed entry waiting: the player is entered and sent their link."""
    entry = _locked(entry)
    if entry.state != Entry.WAITING:
        raise Refused(f"{entry.name}'s entry is not waiting for acceptance ({entry.get_state_display().lower()}).")
    return _enter(entry, user)


@transaction.atomic
def accept_all(tournament: Tournament, user=None) -> list[Player]:
    """The organiser accepts every entry waiting, oldest first, all or none: each entered (and audited) as `accept`
    enters one."""
    return [accept(entry, user) for entry in waiting(tournament)]


@transaction.atomic
def decline(entry: Entry, user=None) -> None:
    """The organiser declines a confirmed entry waiting; audited (no mail: the organiser writes their own)."""
    entry = _locked(entry)
    if entry.state != Entry.WAITING:
        raise Refused(f"{entry.name}'s entry is not waiting for acceptance.")
    entry.state = Entry.DECLINED
    entry.save(update_fields=["state"])
    audit.record(entry.tournament, user, "entry declined", entry.name)


def waiting(tournament: Tournament) -> list[Entry]:
    return list(Entry.objects.filter(tournament=tournament, state=Entry.WAITING).order_by("confirmed_at"))
