from django.apps import AppConfig


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self):
        from . import letters, signals
        from .serving.versions import connect_signals
        from .signals import round_published

        connect_signals()
        # Each player of an online round is mailed their game, in the transaction that publishes it.
        round_published.connect(lambda sender, round, **kwargs: letters.round_games(round),
                                dispatch_uid="tournament.letters.round_games", weak=False)
        # A published online round's start moved (issue 34's "move the start", where it exists): its players are
        # mailed the new time, in the transaction that moved it.
        moved = getattr(signals, "round_start_moved", None)
        if moved is not None:
            moved.connect(letters.on_start_moved, dispatch_uid="tournament.letters.start_moved")
