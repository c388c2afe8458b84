"""Who may organise: a tournament's roles, and the decorators the organiser's views wear.

Anonymous visitors go to the login page and come back (Django's own
`login_required`); a logged-in user without the role gets 403.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from ..models import Tournament

ORGANISER, ARBITER = "organiser", "arbiter"


def role_of(user, tournament: Tournament) -> str | None:
    """The user's role in the tournament: organiser (superusers too), arbiter, or None."""
    if not user.is_authenticated or not user.is_active:
        return None
    if user.is_superuser or tournament.organisers.filter(pk=user.pk).exists():
        return ORGANISER
    if tournament.arbiters.filter(pk=user.pk).exists():
        return ARBITER
    return None


def has_any_role(user) -> bool:
    """Staff, or organiser or arbiter of some tournament: who may see the list of tournaments to manage."""
    return user.is_superuser or user.is_staff or user.organised_tournaments.exists() or user.arbitrated_tournaments.exists()


# Why a user may not create a tournament, on the list of tournaments and on the 403 of the page that would.
WHO_CREATES = ("Only the site's staff create tournaments: ask one of them to create yours and name you its "
               "organiser, or to make your account staff.")


def may_create_tournaments(user) -> bool:
    """Whether the user may create (or import) a tournament: the site's staff."""
    return user.is_authenticated and user.is_active and user.is_staff


def staff_required(view):
    """Anonymous: to the login page; logged in but not one who may create tournaments: 403 saying who may."""

    @wraps(view)
    @login_required
    def guarded(request, *args, **kwargs):
        if not may_create_tournaments(request.user):
            raise PermissionDenied(WHO_CREATES)
        return view(request, *args, **kwargs)

    return guarded


def _role_required(*roles):
    def decorator(view):
        """Logged in with one of `roles` in the tournament named by `slug`; the view gets the tournament."""

        @wraps(view)
        @login_required
        def guarded(request, slug, *args, **kwargs):
            tournament = get_object_or_404(Tournament, slug=slug)
            role = role_of(request.user, tournament)
            if role not in roles:
                raise PermissionDenied(
                    "Only the tournament's organisers may do this." if role else
                    "You are not an organiser or arbiter of this tournament.")
            request.role = role
            return view(request, tournament, *args, **kwargs)

        return guarded

    return decorator


organiser_required = _role_required(ORGANISER)
arbiter_required = _role_required(ORGANISER, ARBITER)  # organisers may do all an arbiter may


def sees_player_links(role: str | None) -> bool:
    """Whether one of this role may see the players' private links, wherever they are shown: the "Player links"
    page, the printed link cards and the QR codes on the result slips.

    Organisers only: whoever holds a link acts for its player (sends, confirms
    and disputes their results), and an arbiter enters results in their own
    name, so has no need of them.  One rule for pages and sheets alike; an
    arbiter's slips are printed without the codes.
    """
    return role == ORGANISER


def refuse_unless_sees_player_links(role: str | None) -> None:
    """403 for a page or sheet that shows the players' private links to one who may not see them."""
    if not sees_player_links(role):
        raise PermissionDenied("Only the tournament's organisers may see or print the players' private links.")
