"""Failed logins are throttled per account and per address (issue 23, point 20).

Eight threads of wrong passwords cut the public pages' throughput eightfold:
each try costs a password hash.  After `ACCOUNT_LIMIT` failures for one user
name, or `ADDRESS_LIMIT` from one address, within `WINDOW_S`, the login form
refuses at once, without hashing, saying why and for how long (status 429).
A right password clears its account's count.

The counts are the site's one throttle's (`serving.throttle`, in Django's
cache: a server of N workers without Redis allows up to N times the limit,
still a few dozen tries where there were thousands).  No new dependency:
django-axes would do the same with a table and a migration of its own.  A
cache that fails never makes a login a 500: the throttle then stands aside
(logged) and the password is checked as usual.

The address is REMOTE_ADDR; behind the HTTPS proxy (DJANGO_HTTPS=1) it is
the last X-Forwarded-For entry, the one the proxy itself added (README,
"Running it for real"), since REMOTE_ADDR is then the proxy's.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView

from .throttle import Throttle

ACCOUNT_LIMIT = 5      # wrong passwords for one user name...
ADDRESS_LIMIT = 30     # ...or from one address (a club behind one router shares it)...
WINDOW_S = 15 * 60     # ...within this long, counted from the first of them

REFUSED = ("Too many failed logins {whom}: logging in is paused for up to 15 minutes. "
           "Wait and try again; if you forgot your password, ask the site's administrator for a new one.")


def client_address(request) -> str:
    if settings.HTTPS:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if forwarded:
            return forwarded
    return request.META.get("REMOTE_ADDR", "") or "unknown"


ACCOUNTS = Throttle("login-account", ACCOUNT_LIMIT, WINDOW_S)
ADDRESSES = Throttle("login-address", ADDRESS_LIMIT, WINDOW_S)


def _callers(request, username: str) -> dict[str, tuple[Throttle, str]]:
    return {"account": (ACCOUNTS, username.strip().casefold()), "address": (ADDRESSES, client_address(request))}


def blocked(request, username: str) -> str | None:
    """"account" or "address" if that count is at its limit, else None (also when the cache does not answer)."""
    return next((kind for kind, (throttle, who) in _callers(request, username).items() if throttle.held(who)), None)


def count_failure(request, username: str) -> None:
    for throttle, who in _callers(request, username).values():
        throttle.hit(who)


def clear_account(request, username: str) -> None:
    ACCOUNTS.clear(username.strip().casefold())


class ThrottledLogin:
    """Mixin for an AuthenticationForm: refuse at once while throttled; count each failure."""

    throttled = False

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        kind = blocked(self.request, username)
        if kind is not None:
            self.throttled = True
            raise forms.ValidationError(
                REFUSED.format(whom="for this account" if kind == "account" else "from your address"),
                code="throttled")
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            if self.cleaned_data.get("password"):  # a try with a password, wrong (or an inactive account)
                count_failure(self.request, username)
            raise
        clear_account(self.request, username)
        return cleaned


class ThrottledAuthenticationForm(ThrottledLogin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottledLogin, AdminAuthenticationForm):
    pass


class ThrottledLoginView(LoginView):
    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.throttled:
            response.status_code = 429
        return response
