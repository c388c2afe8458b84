"""The site's own pages for a refused request (400, 413) and for a database that does not answer (503).

Django's default for a form over the size limit is a bare "Bad Request
(400)", which tells nobody what to fix; this one says what was too large and what to do.
A database that does not answer (PostgreSQL down or restarting, SQLite's
write lock held past its wait) was a 500 "Something went wrong on our side";
it is a 503 saying the site is briefly unavailable and to try again shortly:
nothing is lost by waiting.
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader

# How long a browser or a balancer is told to wait before trying again, with the database down.
RETRY_AFTER_S = 30


def megabytes(size: int) -> str:
    """2_621_440 -> "2.5 MB" (binary megabytes, as the limits are set)."""
    return f"{size / 2**20:.1f}".rstrip("0").rstrip(".") + " MB"


def bad_request(request, exception=None):
    """handler400: a request the site refuses, saying why when it knows (too large, too many fields)."""
    context = {"too_big": None, "too_many": False}
    status = 400
    if isinstance(exception, RequestDataTooBig):
        status = 413
        sent = request.META.get("CONTENT_LENGTH", "")
        context["too_big"] = {
            "sent": megabytes(int(sent)) if sent.isascii() and sent.isdigit() else "",
            "limit": megabytes(settings.DATA_UPLOAD_MAX_MEMORY_SIZE),
        }
    elif isinstance(exception, (TooManyFieldsSent, TooManyFilesSent)):
        status, context["too_many"] = 413, True
    return render(request, "400.html", context, status=status)


def server_error(request):
    """handler500: 503 with the site's "try again shortly" page when the database did not answer, else the 500 page.

    Neither page reads the database or the session, so both render with the database down.
    """
    if isinstance(sys.exc_info()[1], (OperationalError, InterfaceError)):
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
        response["Retry-After"] = str(RETRY_AFTER_S)
        return response
    return HttpResponse(loader.get_template("500.html").render(), status=500)
