"""The games app keeps no rows of its own: a match's move log is stored on the match (`tournament.models.Match.log`).

The rules engine (`games.engine`) knows nothing of Django; this app holds
its command-line commands, the arbiters' log checker page and the board drawing.
"""
