from importlib import import_module

from django.apps import AppConfig


class RoomsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"
    verbose_name = "Game rooms of online rounds"

    def ready(self):
        from tournament.signals import (link_renewed, players_connected, result_entered, round_closed,
                                        round_published, round_start_moved, round_taken_back)

        round_published.connect(_later("services", "open_rooms_of"), dispatch_uid="rooms.open_rooms_of", weak=False)
        result_entered.connect(_later("desk.arbiter", "end_rooms_of"), dispatch_uid="rooms.end_rooms_of",
                               weak=False)
        link_renewed.connect(_later("sockets.bell", "close_link_sockets"), dispatch_uid="rooms.close_link_sockets",
                             weak=False)
        round_start_moved.connect(_later("desk.arbiter", "move_rooms_start"), dispatch_uid="rooms.move_rooms_start",
                                  weak=False)
        round_taken_back.connect(_later("desk.arbiter", "close_rooms_of"), dispatch_uid="rooms.close_rooms_of",
                                 weak=False)
        # A finished room's seat shows the player's next game: each change of a round rings them to read it again.
        for signal, name in ((round_published, "published"), (round_start_moved, "moved"),
                             (round_taken_back, "taken_back"), (round_closed, "closed")):
            signal.connect(_later("sockets.bell", "ring_rounds"), dispatch_uid=f"rooms.ring_rounds.{name}", weak=False)
        players_connected.connect(_players_connected, dispatch_uid="rooms.players_connected")


def _later(module: str, name: str):
    """A receiver that imports `rooms.<module>` when first called, not when Django starts: the rooms' services (and
    Channels with them) are needed when a round is published or a result entered, not by every process that starts
    Django (a management command such as `print` needs none of them)."""
    def receive(*args, **kwargs):
        return getattr(import_module(f"rooms.{module}"), name)(*args, **kwargs)

    return receive


def _players_connected(sender=None, *, round, **kwargs) -> int:
    from .desk.presence import connected_players
    from .services import now_ms

    return connected_players(round, now_ms())
