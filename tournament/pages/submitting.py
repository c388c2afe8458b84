"""How a page answers a submission: its POST data, and a service's refusal shown where it will be read.

Used by the organiser's pages and by the players' private-link pages alike, so
a refusal reads the same everywhere: on the form field it concerns, above the
form when it names none, and as an error message when there is no form (a
plain button).
"""

from __future__ import annotations

from contextlib import contextmanager

from django import forms
from django.contrib import messages

from ..services import Refused


def posted(request):
    """The POST data, or None for a GET (an empty POST is still a submission, and gets its errors)."""
    return request.POST if request.method == "POST" else None


class Refusal:
    """What `refusal_shown` caught: `refused` is the service's `Refused`, or None while it has refused nothing."""

    refused: Refused | None = None


@contextmanager
def refusal_shown(request, form: forms.Form | None = None, fields: dict[str, str | None] | None = None):
    """Run the block (a service call and what follows its success); if the service refuses, show why and go on after it.

    With a form, the sentence goes on the field the refusal names (its name
    translated through `fields` where the form spells it otherwise), or above
    the form; without one, it is an error message for the next page shown.
    """
    refusal = Refusal()
    try:
        yield refusal
    except Refused as refused:
        refusal.refused = refused
        if form is None:
            messages.error(request, refused.message)
        else:
            show_refusal(form, refused, fields)


def show_refusal(form: forms.Form, refused: Refused, fields: dict[str, str | None] | None = None) -> None:
    """Put a service's refusal on the form: on its field (renamed through `fields`), else above the form."""
    name = (fields or {}).get(refused.field, refused.field)
    form.add_error(name if name in form.fields else None, refused.message)
