"""What the event tells the site's other parts, inside the transaction that made it so.

`round_published(round=...)`: a round was published; the game rooms of an
online round open in the same transaction (`rooms.apps`).
`result_entered(match=..., user=...)`: a match's result was entered (not taken
back); a game room still playing it stops, ended by decision (`rooms.apps`).
`link_renewed(player=...)`: a player's private link was replaced; every socket opened with the old one closes
once the change is committed (`rooms.apps`).  The event's code
does not know the rooms exist: they listen.
"""

from django.dispatch import Signal

round_published = Signal()
result_entered = Signal()
link_renewed = Signal()
