"""The one way a service says no."""

from __future__ import annotations


class Refused(Exception):
    """A sentence for the organiser, the form field it concerns where there is one, and where a caller must tell
    one refusal from another without reading its words, a short code naming it ("not-a-draft")."""

    def __init__(self, message: str, field: str | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
