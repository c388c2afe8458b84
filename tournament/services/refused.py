"""The one way a service says no."""

from __future__ import annotations


class Refused(Exception):
    """A sentence for the organiser, and the form field it concerns where there is one."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
