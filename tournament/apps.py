from django.apps import AppConfig


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self):
        from .serving.versions import connect_signals

        connect_signals()
