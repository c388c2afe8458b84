"""The mail the admins get of a server error, with private-link tokens taken out like the log lines.

Django's report holds the request's address, its Referer and its META: a
player's /p/<token>/ in any of them would put the key to their page in a
mailbox.  `server_log.redact` takes it out of the subject and both bodies.
"""

from __future__ import annotations

from django.utils.log import AdminEmailHandler

from .server_log import redact


class RedactingAdminEmailHandler(AdminEmailHandler):
    def send_mail(self, subject, message, *args, **kwargs):
        if kwargs.get("html_message"):
            kwargs["html_message"] = redact(kwargs["html_message"])
        super().send_mail(redact(subject), redact(message), *args, **kwargs)
