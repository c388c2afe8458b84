"""Helpers of the event-day tests: a page as it reads.  Events and rounds played come from `tests.factories`."""

from __future__ import annotations

import html
import re


def text(response) -> str:
    """The page as a reader sees its characters (entities unescaped)."""
    return html.unescape(response.content.decode())


def words(response) -> str:
    """The page's words only: tags dropped, runs of white space as one space."""
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split()).replace(" ,", ",").replace(" .", ".").replace(" :", ":")
