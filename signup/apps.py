from django.apps import AppConfig


class SignupConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "signup"
    verbose_name = "Entries by the public form"

    def ready(self):
        from tournament.signals import entries_waiting

        entries_waiting.connect(_entries_waiting, dispatch_uid="signup.entries_waiting")


def _entries_waiting(sender=None, *, tournament, **kwargs) -> int:
    from .services import waiting

    return len(waiting(tournament))
