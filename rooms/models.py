"""A game room per match of an online round, and the append-only list of its events (docs/online-play.md).

The events are the only authority: the game, both clocks and the result are
rebuilt from them (`rooms.game.referee.Table.replay`) on every read and write.  The
room row holds what the sweep and the pages need to find a room without
replaying it (its last sequence number, when it next has something to settle,
whether it is paused or over), always written in the transaction that stores
the events it follows from.
"""

from django.db import models
from django.db.models import Q

from tournament.models import Match


class Room(models.Model):
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="room")
    names = models.JSONField(help_text="The players as the game's log names them, first player first.")
    clock_s = models.PositiveIntegerField()
    opened_at_ms = models.BigIntegerField(help_text="Server time (ms since 1970) the room opened.")
    starts_at_ms = models.BigIntegerField(help_text="Server time (ms) the first clock starts: the round's start "
                                                    "time, or the opening if later.")
    seq = models.PositiveIntegerField(default=0, help_text="The sequence number of the room's last event.")
    wakes_at_ms = models.BigIntegerField(null=True, blank=True, db_index=True,
                                         help_text="When the room next has something to settle unasked (the start, "
                                                   "a flag); null when paused or over.")
    # Each seat's one-way network delay as the server last measured it (ms): the allowance of their next turn.
    delays_ms = models.JSONField(default=list)
    paused = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    # Each seat's connection (rooms.desk.presence): when the server last heard from it (arrival, heartbeat or leave),
    # whether its last word was not a goodbye, and how many of its sockets are open as far as the server knows.
    # Written by one UPDATE each, never with the events.
    seen0_ms = models.BigIntegerField(null=True, blank=True)
    seen1_ms = models.BigIntegerField(null=True, blank=True)
    here0 = models.BooleanField(default=False)
    here1 = models.BooleanField(default=False)
    sockets0 = models.PositiveIntegerField(default=0)
    sockets1 = models.PositiveIntegerField(default=0)
    result_refused = models.TextField(blank=True, default="",
                                      help_text="Why the results service refused the result of the game the room "
                                                "finished (the match stays pending for an arbiter); empty when none "
                                                "was refused.")

    def __str__(self):
        return f"Game room of {self.match}"


class RoomEvent(models.Model):
    """One event of a room, numbered from 1 in the order the server accepted it, with the server's time."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    at_ms = models.BigIntegerField()
    kind = models.CharField(max_length=8)  # "log", "turn", "pause", "resume", "decided", "start"
    data = models.JSONField(default=dict)
    # The browser's id of the move that made this event, so a move sent twice is applied once.
    client_id = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["room", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["room", "seq"], name="room_event_seq_unique"),
            models.UniqueConstraint(fields=["room", "client_id"], condition=~Q(client_id=""),
                                    name="room_event_client_id_unique"),
        ]

    def __str__(self):
        return f"{self.room}: event {self.seq} ({self.kind})"
