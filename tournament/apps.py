from django.apps import AppConfig


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self):
        from . import letters
        from .serving.versions import connect_signals
        from .signals import round_published

        connect_signals()
        # Each player of an online round is mailed their game, in the transaction that publishes it.
        round_published.connect(lambda sender, round, **kwargs: letters.round_games(round),
                                dispatch_uid="tournament.letters.round_games", weak=False)
