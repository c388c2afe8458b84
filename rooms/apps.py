from django.apps import AppConfig


class RoomsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"
    verbose_name = "Game rooms of online rounds"

    def ready(self):
        from tournament.signals import round_published

        from .services import open_rooms_of

        round_published.connect(open_rooms_of, dispatch_uid="rooms.open_rooms_of")
