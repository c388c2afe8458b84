from django.apps import AppConfig


class RoomsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"
    verbose_name = "Game rooms of online rounds"

    def ready(self):
        from tournament.signals import result_entered, round_published, round_start_moved, round_taken_back

        from .arbiter import close_rooms_of, move_rooms_start
        from .services import end_rooms_of, open_rooms_of

        round_published.connect(open_rooms_of, dispatch_uid="rooms.open_rooms_of")
        result_entered.connect(end_rooms_of, dispatch_uid="rooms.end_rooms_of")
        round_start_moved.connect(move_rooms_start, dispatch_uid="rooms.move_rooms_start")
        round_taken_back.connect(close_rooms_of, dispatch_uid="rooms.close_rooms_of")
