"""Entries by the public form (docs/online-event.md, Entries), each step one transaction with its mail and audit.

`ask_to_enter` takes the form and mails a confirmation link (48 hours, once); `confirm` enters the player (setting
`entries` "open") or leaves the entry waiting for `accept` ("approve"); entering mails the private link.  An address
already entered answers as a new one would and has the link sent again.  `Unwelcome` (markup or a link in the name,
the trap field filled, more than one address) is refused without saying why; `Throttled` says when to try again.
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tournament import audit, letters
from tournament.domain.enums import System
from tournament.domain.limits import MAX_PLAYER_TEXT
from tournament.domain.values import RATING_RULE, is_rating, text_problem
from tournament.models import Player, Tournament
from tournament.services.entries import add_player
from tournament.services.players import same_name
from tournament.services.refused import Refused

from .models import Entry

CONFIRM_WITHIN = timedelta(hours=48)
PER_ADDRESS = 3  # confirmation mails one address gets in THROTTLE_WINDOW (more forms: the same answer, no mail)
PER_NETWORK = 20  # entry forms one network address may send in THROTTLE_WINDOW (a club shares one)
THROTTLE_WINDOW = timedelta(hours=1)
# Markup, or an address of a site: a name is neither (spammers' entries carry links for the mails we send).
UNWELCOME_NAME = re.compile(r"[<>]|https?:|www\.|://|\.(com|net|org|ru|io|xyz|info)\b|@", re.IGNORECASE)


class Unwelcome(Exception):
    """An entry refused without a word of why (a robot's, or a spammer's)."""


class UnknownLink(Refused):
    """A confirmation link that is none of the tournament's (guessed, or mistyped): the page's throttle counts it."""


class Throttled(Exception):
    """Too many entries from one network address: try again later."""


def why_closed(tournament: Tournament, now=None) -> str | None:
    """Why the entry form takes no entry now, in a sentence; None while it is open."""
    now = now or timezone.now()
    if not tournament.entries:
        return "Entries are closed for this tournament."
    if tournament.entries_close_at is not None and now >= tournament.entries_close_at:
        return "Entries closed at the closing time the organiser set."
    if tournament.entries_max is not None and tournament.players.count() >= tournament.entries_max:
        return f"The tournament is full ({tournament.entries_max} players)."
    if tournament.rounds.exists() and tournament.system == System.ALL_PLAY_ALL:
        return "Entries closed when round 1 of the all-play-all was paired."
    return None


def check_name(tournament: Tournament, name: str) -> str:
    """The name under the site's names rule (`Refused` on field "name"), or `Unwelcome` for markup or a link."""
    name = " ".join((name or "").split())
    if not name:
        raise Refused("Write your name.", "name")
    if len(name) > MAX_PLAYER_TEXT:
        raise Refused(f"A name is at most {MAX_PLAYER_TEXT} characters.", "name")
    if text_problem(name) or UNWELCOME_NAME.search(name):
        raise Unwelcome()
    if same_name(tournament, name, None) is not None:
        raise Refused("A player of this name is already entered: if that is not you, add what tells you apart "
                      "(a middle initial, say).", "name")
    return name


@transaction.atomic
def ask_to_enter(tournament: Tournament, *, name: str, email: str, network: str, club: str = "",
                 rating: int | None = None, trap: str = "", now=None) -> str | None:
    """Take an entry form: a confirmation link mailed to `email`; or, for an address already entered, that
    player's link again.  The page answers the same either way (it reveals nothing about who entered), and never
    shows the token returned (the link's, for the demo and tests: None when nothing was mailed)."""
    now = now or timezone.now()
    email = (email or "").strip()
    if trap or "," in email or ";" in email or " " in email:
        raise Unwelcome()
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    closed = why_closed(tournament, now)
    if closed:
        raise Refused(closed)
    network = Entry.digest(network)[:32]
    if Entry.objects.filter(network=network, created_at__gte=now - THROTTLE_WINDOW).count() >= PER_NETWORK:
        raise Throttled()
    player = tournament.players.filter(email__iexact=email).first()
    if player is None:
        name = check_name(tournament, name)
    club = " ".join((club or "").split())
    if len(club) > MAX_PLAYER_TEXT:
        raise Refused(f"A club is at most {MAX_PLAYER_TEXT} characters.", "club")
    if rating is not None and not is_rating(rating):
        raise Refused(f"A rating is {RATING_RULE}, or empty.", "rating")
    mailed = Entry.objects.filter(tournament=tournament, email__iexact=email,
                                  created_at__gte=now - THROTTLE_WINDOW).count() < PER_ADDRESS
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
def confirm(tournament: Tournament, token: str, now=None) -> Entry:
    """Confirm the entry of the mailed link: entered now, or waiting for acceptance.  `Refused`, saying what to do,
    for a link unknown, expired (48 hours) or used already, or entries closed meanwhile."""
    now = now or timezone.now()
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entry = (Entry.objects.select_for_update().filter(tournament=tournament, token_digest=Entry.digest(token))
             .first())
    enter_again = "Enter again from the entry form to be sent a new link."
    if entry is None:
        raise UnknownLink(f"This confirmation link is not one of this tournament's. {enter_again}")
    if entry.state != Entry.UNCONFIRMED:
        raise Refused("This link was used already: your entry is confirmed. If your private link did not reach you, "
                      "enter again with the same address and it is sent again.")
    if now - entry.created_at > CONFIRM_WITHIN:
        raise Refused(f"This confirmation link has expired (links last 48 hours). {enter_again}")
    closed = why_closed(tournament, now)
    if closed:
        raise Refused(closed)
    entry.confirmed_at = now
    if tournament.entries == "approve":
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


def _enter(entry: Entry, user) -> Player:
    """The entry becomes a player (a late entry after round 1) with its address; their link is mailed."""
    player = add_player(entry.tournament, entry.name, rating=entry.rating, club=entry.club,
                        user=user or f"{entry.name} (entry form)")
    player.email = entry.email
    player.save(update_fields=["email"])
    entry.state, entry.player = Entry.ENTERED, player
    entry.save(update_fields=["state", "player", "confirmed_at"])
    letters.private_link(player)
    return player


@transaction.atomic
def accept(entry: Entry, user=None) -> Player:
    """The organiser accepts a confirmed entry waiting: the player is entered and sent their link."""
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.WAITING:
        raise Refused(f"{entry.name}'s entry is not waiting for acceptance ({entry.get_state_display().lower()}).")
    return _enter(entry, user)


@transaction.atomic
def decline(entry: Entry, user=None) -> None:
    """The organiser declines a confirmed entry waiting; audited (no mail: the organiser writes their own)."""
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.WAITING:
        raise Refused(f"{entry.name}'s entry is not waiting for acceptance.")
    entry.state = Entry.DECLINED
    entry.save(update_fields=["state"])
    audit.record(entry.tournament, user, "entry declined", entry.name)


def waiting(tournament: Tournament) -> list[Entry]:
    return list(Entry.objects.filter(tournament=tournament, state=Entry.WAITING).order_by("confirmed_at"))
