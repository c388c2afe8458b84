"""What the top bar of every page says of the person logged in: Organiser, Arbiter, or nothing to manage."""

from __future__ import annotations


def role(request):
    """`nav_role`: "Organiser" (staff, or an organiser of some tournament), "Arbiter" (arbiter only), or "".

    A callable, so that the queries run only on pages that draw the bar for someone logged in.
    """

    def nav_role() -> str:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return ""
        if user.is_staff or user.is_superuser or user.organised_tournaments.exists():
            return "Organiser"
        return "Arbiter" if user.arbitrated_tournaments.exists() else ""

    return {"nav_role": nav_role}
