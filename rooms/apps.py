from django.apps import AppConfig


class RoomsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"
    verbose_name = "Game rooms of online rounds"

    def ready(self):
        from tournament.signals import link_renewed, result_entered, round_published

        from .bell import close_link_sockets
        from .services import end_rooms_of, open_rooms_of

        round_published.connect(open_rooms_of, dispatch_uid="rooms.open_rooms_of")
        result_entered.connect(end_rooms_of, dispatch_uid="rooms.end_rooms_of")
        link_renewed.connect(close_link_sockets, dispatch_uid="rooms.close_link_sockets")
