"""`python manage.py play_random LINK [--pace SECONDS] [--seed N] [--every-game]` (docs/command-line.md).

Joins the game of the private link LINK (a full address, as the players'
links page and `player_links` print it) as that player, as a browser does:
over the room's WebSocket, answering the server's pings, each move answering
the last event seen.  It plays random legal moves, each after about `--pace`
seconds, until the game ends or this player's time runs out, and prints the
game's result as the last line.  With `--every-game` it then waits for the
link's next game (reading the room's JSON every few seconds, as a player
leaving the page open would) and plays that too, a result line per game,
until `--timeout`: one robot per player for a whole event.  Tests and the load
tests drive rooms with it.  It needs no database: only the site's address.
"""

from __future__ import annotations

import json
import random
import time
from urllib.parse import urlsplit

from django.core.management.base import BaseCommand, CommandError

from rooms.robot import choose_move, result_line


class Command(BaseCommand):
    help = "Play the game of a private link with random legal moves, as a browser would; print the result."

    def add_arguments(self, parser):
        parser.add_argument("link", help="the player's private link, a full address (http://host/p/TOKEN/)")
        parser.add_argument("--pace", type=float, default=1.0, help="about this many seconds before each move")
        parser.add_argument("--seed", type=int, default=None, help="the random moves' seed (the bag is the server's)")
        parser.add_argument("--timeout", type=float, default=7200.0, help="give up after this many seconds")
        parser.add_argument("--every-game", action="store_true",
                            help="after each game, wait for the link's next one and play it too, until --timeout")

    def handle(self, *args, link: str, pace: float, seed, timeout: float, every_game: bool, **options):
        socket_url = _socket_address(link)
        rng = random.Random(seed)
        deadline = time.monotonic() + timeout
        while True:
            state = self._one_game(link, socket_url, rng, pace, deadline)
            self.stdout.write(result_line(state))
            self.stdout.flush()
            if not every_game or not _next_game(link, state, deadline):
                return

    def _one_game(self, link: str, socket_url: str, rng: random.Random, pace: float, deadline: float) -> dict:
        """Plays the link's current game until it is over for this player; its last room message."""
        from websockets.exceptions import ConnectionClosed, InvalidStatus
        from websockets.sync.client import connect

        state = None
        while time.monotonic() < deadline:
            try:
                with connect(socket_url, origin=_origin(link), open_timeout=10) as socket:
                    state = _play(socket, rng, pace, deadline, state)
                    if state is not None and _done(state):
                        break
            except InvalidStatus as refused:
                raise CommandError(f"the site refused the link ({refused.response.status_code}): {link}")
            except (ConnectionClosed, OSError, TimeoutError):
                time.sleep(0.5)  # the server restarted or the network dropped: join again, as a browser does
        if state is None:
            raise CommandError(f"could not join the game of {link}")
        return state


def _next_game(link: str, last: dict, deadline: float, every_s: float = 3.0) -> bool:
    """Waits until the link's room (its JSON, `/p/TOKEN/room/`) is another game not yet over for this player:
    True; False at the deadline.  No game yet (404) or the last one still shown: wait."""
    import urllib.error
    import urllib.request

    def game(message):
        return message["starts_at_ms"], tuple(message["players"])

    while time.monotonic() + every_s < deadline:
        time.sleep(every_s)
        try:
            with urllib.request.urlopen(link.rstrip("/") + "/room/", timeout=10) as answer:
                message = json.load(answer)
        except urllib.error.HTTPError as refused:
            if refused.code == 410:
                raise CommandError(f"the site refused the link ({refused.code}): {link}")
            continue  # 404: no game room yet
        except (OSError, ValueError):
            continue  # the server restarting: ask again
        if game(message) != game(last) and not _done(message):
            return True
    return False


def _socket_address(link: str) -> str:
    parts = urlsplit(link)
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or len(segments) < 2 or segments[0] != "p":
        raise CommandError(f"not a private link (http://host/p/TOKEN/): {link}")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/ws/p/{segments[1]}/room/"


def _origin(link: str) -> str:
    parts = urlsplit(link)
    return f"{parts.scheme}://{parts.netloc}"


def _done(state: dict) -> bool:
    seat = state["seat"]
    return state["status"] == "finished" or (seat is not None and state["flagged"][seat])


def _play(socket, rng: random.Random, pace: float, deadline: float, state):
    """Plays over one connection until the game is over for this player; returns the last room message."""
    socket.send(json.dumps({"type": "sync"}))
    due = None  # when the next move goes
    sent_for = None  # the event number the last move answered
    while time.monotonic() < deadline:
        wait = 1.0 if due is None else max(0.0, due - time.monotonic())
        try:
            message = json.loads(socket.recv(timeout=wait))
        except TimeoutError:
            message = None
        if message is not None:
            if message.get("type") == "ping":
                socket.send(json.dumps({"type": "pong", "id": message.get("id")}))
                continue
            if message.get("type") == "closed":
                raise CommandError(f"the room closed the socket: {message['error']['message']}")
            if "seq" not in message:  # a refusal that needed no look ("retry", "too-many"): send again soon
                due = time.monotonic() + pace
                continue
            if state is None or message["seq"] >= state["seq"]:
                state = message
            if _done(state):
                return state
            mine = state["status"] == "playing" and state["turn"] == state["seat"]
            if not mine:
                due = None
            elif due is None or message.get("type") == "refused":
                due = time.monotonic() + rng.uniform(0.5, 1.5) * pace
            continue
        if due is not None and time.monotonic() >= due and state["seq"] != sent_for:
            move = choose_move(state, rng)
            if move is not None:
                sent_for = state["seq"]
                socket.send(json.dumps({"type": "move", **move}))
            due = None
    return state
