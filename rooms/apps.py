from django.apps import AppConfig


class RoomsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"
    verbose_name = "Game rooms of online rounds"

    def ready(self):
        from tournament.signals import (link_renewed, players_connected, result_entered, round_published,
                                        round_start_moved, round_taken_back)

        round_published.connect(_open_rooms_of, dispatch_uid="rooms.open_rooms_of")
        result_entered.connect(_end_rooms_of, dispatch_uid="rooms.end_rooms_of")
        link_renewed.connect(_close_link_sockets, dispatch_uid="rooms.close_link_sockets")
        round_start_moved.connect(_move_rooms_start, dispatch_uid="rooms.move_rooms_start")
        round_taken_back.connect(_close_rooms_of, dispatch_uid="rooms.close_rooms_of")
        players_connected.connect(_players_connected, dispatch_uid="rooms.players_connected")


# The rooms' services (and Channels with them) are imported when a round is published or a result entered, not
# by every process that starts Django: a management command such as `print` needs none of them.
def _open_rooms_of(*args, **kwargs):
    from .services import open_rooms_of

    return open_rooms_of(*args, **kwargs)


def _end_rooms_of(*args, **kwargs):
    from .arbiter import end_rooms_of

    return end_rooms_of(*args, **kwargs)


def _close_link_sockets(*args, **kwargs):
    from .bell import close_link_sockets

    return close_link_sockets(*args, **kwargs)


def _move_rooms_start(*args, **kwargs):
    from .arbiter import move_rooms_start

    return move_rooms_start(*args, **kwargs)


def _close_rooms_of(*args, **kwargs):
    from .arbiter import close_rooms_of

    return close_rooms_of(*args, **kwargs)


def _players_connected(sender=None, *, round, **kwargs) -> int:
    from .presence import connected_players
    from .services import now_ms

    return connected_players(round, now_ms())
