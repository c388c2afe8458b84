import gc

from django.apps import AppConfig

# Python's cycle collector runs after every 700 allocations by default, and every so often over the whole heap:
# reading a 500-player event allocates some hundred thousand objects, so one uncached page paid for a full
# collection (90 ms of a 270 ms standings page).  Almost everything a page makes is freed as soon as it is done
# with; cycles are still collected, less often.
COLLECT_AFTER_ALLOCATIONS = 20_000


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self):
        from . import letters
        from .serving.versions import connect_signals
        from .services import timetable
        from .signals import result_entered, round_published, round_start_moved

        connect_signals()
        _, young, old = gc.get_threshold()
        gc.set_threshold(COLLECT_AFTER_ALLOCATIONS, young, old)
        gc.freeze()  # what start-up made (modules, classes) lives as long as the process: no collection scans it
        # Each player of an online round is mailed their game, in the transaction that publishes it; and the new time
        # when its start moves, in the transaction that moves it.
        round_published.connect(letters.on_round_published, dispatch_uid="tournament.letters.round_games")
        round_start_moved.connect(letters.on_start_moved, dispatch_uid="tournament.letters.start_moved")
        # A game lost by absence withdraws the absent player at once, told so, in the result's transaction.
        result_entered.connect(timetable.on_result_entered, dispatch_uid="tournament.timetable.absent")
