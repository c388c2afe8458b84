"""Stored move logs: the Django side of the rules engine.

A `MoveLog` keeps the log exactly as it was submitted and the checker's
report of it, so an arbiter's verdict can be looked at again later.  The
replay itself lives in `games.engine` and knows nothing of Django.
"""

from django.db import models

from games.engine import Report, check_text


class MoveLog(models.Model):
    text = models.TextField(help_text="The log as submitted (ingenious-log/1 JSON).")
    submitted_at = models.DateTimeField(auto_now_add=True)
    valid = models.BooleanField()
    report = models.JSONField(help_text="The checker's report, as `checklog --json` prints it.")

    class Meta:
        ordering = ["-submitted_at"]

    def __str__(self):
        return f"move log {self.pk} ({'valid' if self.valid else self.report['error']['code']})"

    @classmethod
    def check_and_store(cls, text: str | bytes) -> "MoveLog":
        """Replay the log and keep it with its report; invalid logs are kept too."""
        if isinstance(text, bytes):
            text = text.decode("utf-8", errors="replace")
        report: Report = check_text(text)
        return cls.objects.create(text=text, valid=report.valid, report=report.to_json())
