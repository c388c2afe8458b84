"""The arbiter's desk over a round's rooms and each seat's presence: the desk's page and rows, who is connected,
which rooms need the arbiter, the arbiter's writes and decisions, and the live boards anyone may watch."""
