"""The largest WebSocket message the site reads, in bytes: one number for the servers and the game rooms alike.

Only the game rooms speak WebSockets, and their largest message (a move) is a
few hundred bytes.  Anyone may open a spectator's socket, so the servers refuse
a longer message while it arrives, never reading it whole: `make serve`'s
uvicorn workers (`ws_max_size`, tournament/serving/handshake.py) and `make
run`'s Daphne (its settings `DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE` and `..._FRAME_SIZE`)
close the socket with 1009 ("message too big").  The rooms count the same limit
again (rooms/sockets/frames.py), for a server that does not.

Plain Python, imported by the settings and by gunicorn's workers before Django is set up.
"""

MESSAGE_MAX_BYTES = 4_096
