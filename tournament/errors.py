"""The site's own pages for a refused request (400, 413) and for a database that does not answer (503).

Django's default for a form over the size limit is a bare "Bad Request
(400)" (issue 23, point 21); this one says what was too large and what to do.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.shortcuts import render


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
