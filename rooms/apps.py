from django.apps import AppConfig


class RoomsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"
    verbose_name = "Game rooms of online rounds"

    def ready(self):
        from tournament.signals import link_renewed, result_entered, round_published

        round_published.connect(_open_rooms_of, dispatch_uid="rooms.open_rooms_of")
        result_entered.connect(_end_rooms_of, dispatch_uid="rooms.end_rooms_of")
        link_renewed.connect(_close_link_sockets, dispatch_uid="rooms.close_link_sockets")


# The rooms' services (and Channels with them) are imported when a round is published or a result entered, not
# by every process that starts Django: a management command such as `print` needs none of them.
def _open_rooms_of(*args, **kwargs):
    from .services import open_rooms_of

    return open_rooms_of(*args, **kwargs)


def _end_rooms_of(*args, **kwargs):
    from .services import end_rooms_of

    return end_rooms_of(*args, **kwargs)


def _close_link_sockets(*args, **kwargs):
    from .bell import close_link_sockets

    return close_link_sockets(*args, **kwargs)
