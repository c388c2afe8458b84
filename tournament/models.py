# Tournaments, players, rounds and matches: added with the tournament models.
