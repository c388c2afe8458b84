"""What the server writes to its logs: each error with the request's path and user, never a private link.

A player's private link (/p/<token>/) is the only key to their page, so a
log line must not carry it: `redact()` replaces the token wherever a path
appears: in Django's error lines (`RequestContextFilter`, and
`RedactingFormatter` for the whole line, traceback included), in runserver's
request lines, in the admins' error mail (`tournament.serving.error_mail`) and in
gunicorn's access log (`tournament.serving.gunicorn_conf`).  Plain Python: no Django import.
"""

from __future__ import annotations

import logging
import re

# The site's /p/<token>... (and its room's socket, /ws/p/<token>/room/) as a path, a full address or a Referer:
# only at the site's root, where a path starts (the line's start, after a space, a quote or a bracket) or right
# after a host, so a file path with a folder named `p` in a traceback keeps its module's name.  The token is
# whatever stands in that segment (a mistyped one may be a near miss of a real one).
SITE_PATH_START = r"(^|[^\w.~%+/-]|//[\w.-]+(?::\d+)?|//\[[\w:.]+\](?::\d+)?)"
PRIVATE_LINK = re.compile(SITE_PATH_START + r"((?:/ws)?/p/)[^/?#\s\"']+", re.MULTILINE)
# An entry's confirmation link (/t/<slug>/enter/<token>/) enters whoever opens it first: as secret, until used.
CONFIRMATION_LINK = re.compile(SITE_PATH_START + r"(/t/[^/?#\s\"']+/enter/)[^/?#\s\"']+", re.MULTILINE)


def redact(text: str) -> str:
    """The text with every private-link and confirmation-link token replaced by `[private]`."""
    if "/p/" in text:  # tests first, cheap: the access log calls this on every request
        text = PRIVATE_LINK.sub(r"\1\2[private]", text)
    if "/enter/" in text:
        text = CONFIRMATION_LINK.sub(r"\1\2[private]", text)
    return text


class RequestContextFilter(logging.Filter):
    """Adds `request_method`, `request_path` and `request_user` to every record; redacts links in the message;
    drops the traceback of a refusal.

    Django's `django.request` logger passes the request along with each 4xx
    and 5xx it logs; other records get "-".  Attached to a handler, it sees
    every record that handler writes, from any logger.  A 4xx (a 403 for a
    page the user may not see, a 404) is the site answering as it should:
    Django logs a 403 with the exception's whole traceback, which tells
    nothing and buries the real errors, so its one line is kept and the
    traceback dropped.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if 400 <= (getattr(record, "status_code", None) or 0) < 500:
            record.exc_info = record.exc_text = None
        request = getattr(record, "request", None)
        record.request_method = getattr(request, "method", None) or "-"
        record.request_path = redact(getattr(request, "path", None) or "-")
        record.request_user = _user_name(request)
        message = redact(record.getMessage())
        if message is not record.msg:
            record.msg, record.args = message, None
        return True


class RedactingFormatter(logging.Formatter):
    """A formatter whose whole output is redacted: the message, and a traceback's text too.

    `RequestContextFilter` redacts a record's message; a traceback is written
    by the formatter after it, and an exception's text may hold the path.
    """

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def _user_name(request) -> str:
    """Who made the request: a user name, "anonymous", or "-" when unknown.

    Reading `request.user` may query the database, which may be what failed:
    whatever goes wrong here must not stop the error itself being logged.
    """
    if request is None or not hasattr(request, "user"):
        return "-"
    try:
        user = request.user
        return user.get_username() if user.is_authenticated else "anonymous"
    except Exception:  # noqa: BLE001 - see the docstring
        return "unknown"
