"""What the event tells the site's other parts, inside the transaction that made it so.

`round_published(round=...)`: a round was published; the game rooms of an
online round open in the same transaction (`rooms.apps`).
`result_entered(match=..., user=..., by_absence=...)`: a match's result was entered (not taken
back); a game room still playing it stops, ended by decision (`rooms.apps`); a game lost by absence
withdraws its absent player from an event the timetable runs (`services.timetable.on_result_entered`).
`link_renewed(player=...)`: a player's private link was replaced; every socket opened with the old one closes
once the change is committed (`rooms.apps`).
`round_start_moved(round=..., before=..., starts_at=..., user=...)`: a published
online round's start time moved (or was brought to now) before any clock
started; its rooms follow (`rooms.apps`), and each paired player is to be sent
the new time (the mail's call point).
`round_taken_back(round=..., user=...)`: a published round went back to a
draft; an online round's rooms close (`rooms.apps`), or refuse (a receiver may
raise `services.Refused`: the whole change is undone) once a clock has started;
each paired player is to be told (the mail's call point).
`players_connected(round=...)`: asked, not told: each receiver answers how many of the round's players are
connected to it (`rooms.apps`: the game rooms); the round page sums the answers.
`entries_waiting(tournament=...)`: asked likewise: how many confirmed entries wait for the organiser's acceptance
(`signup.apps`: the entry form); the dashboard sums the answers.
`round_closed(round=...)`: a round was closed (by the organiser or the timetable).
A round published, moved, taken back or closed also rings every finished room's seat of the tournament to read its
player's next game again (`rooms.apps`).
The event's code does not know the rooms exist: they listen.
"""

from django.dispatch import Signal

round_published = Signal()
result_entered = Signal()
link_renewed = Signal()
round_start_moved = Signal()
round_taken_back = Signal()
round_closed = Signal()
players_connected = Signal()
entries_waiting = Signal()
