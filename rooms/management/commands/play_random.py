"""`python manage.py play_random LINK [--pace SECONDS] [--seed N] [--every-game]` (docs/command-line.md).

Joins the game of the private link LINK (a full address, as the players'
links page and `player_links` print it) as that player, as a browser does:
over the room's WebSocket, answering the server's pings, each move answering
the last event seen.  It plays random legal moves, each after about `--pace`
seconds, until the game ends or this player's time runs out, and prints the
game's result as the last line.  With `--every-game` it waits for the link's
game (reading the room's JSON every few seconds, as a player leaving the page
open would), plays it, then waits for the next, a result line per game, until
the tournament is finished (its last game's room says so) or `--timeout`: one
robot per player for a whole event, started before round 1 is published or
while the player has a bye as well as during a game.  Tests and the load tests
drive rooms with it.  It needs no database: only the site's address.
"""

from __future__ import annotations

import json
import random
import time
from urllib.parse import urlsplit

from django.core.management.base import BaseCommand, CommandError

from rooms.game.robot import choose_move, result_line


class Command(BaseCommand):
    help = "Play the game of a private link with random legal moves, as a browser would; print the result."

    def add_arguments(self, parser):
        parser.add_argument("link", help="the player's private link, a full address (http://host/p/TOKEN/)")
        parser.add_argument("--pace", type=float, default=1.0, help="about this many seconds before each move")
        parser.add_argument("--seed", type=int, default=None, help="the random moves' seed (the bag is the server's)")
        parser.add_argument("--timeout", type=float, default=7200.0, help="give up after this many seconds")
        parser.add_argument("--every-game", action="store_true",
                            help="wait for the link's game, play it, then each next one, until the tournament is "
                                 "finished or --timeout")

    def handle(self, *args, link: str, pace: float, seed, timeout: float, every_game: bool, **options):
        socket_url = _socket_address(link)
        rng = random.Random(seed)
        deadline = time.monotonic() + timeout
        if every_game:
            _check_link(link)
        last, refused = None, 0
        while True:
            if every_game:
                waited = _next_game(link, last, deadline)
                if waited != GAME:
                    self.stderr.write(WAITED[waited])  # standard output stays the result lines
                    return
            try:
                state = self._one_game(link, socket_url, rng, pace, deadline)
            except NoGame:
                refused += 1
                if not every_game or refused >= HANDSHAKES_REFUSED:
                    raise CommandError(f"the site refused the link's socket (403: no game room for it, or not this "
                                       f"site's origin): {link}") from None
                time.sleep(WAIT_S)  # the room went between the read and the handshake (its round taken back)
                continue
            refused = 0
            self.stdout.write(result_line(state))
            self.stdout.flush()
            if not every_game:
                return
            last = state

    def _one_game(self, link: str, socket_url: str, rng: random.Random, pace: float, deadline: float) -> dict:
        """Plays the link's current game until it is over for this player; its last room message.  `NoGame` when
        the handshake is refused because the link has no game room."""
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
                if refused.response.status_code == 403 and state is None:
                    # the room's socket refuses a link with no room (rooms.sockets.frames.NO_ROOM)
                    raise NoGame() from None
                raise CommandError(f"the site refused the link ({refused.response.status_code}): {link}")
            except (ConnectionClosed, OSError, TimeoutError):
                time.sleep(0.5)  # the server restarted or the network dropped: join again, as a browser does
        if state is None:
            raise CommandError(f"could not join the game of {link}")
        return state


class NoGame(Exception):
    """The link has no game room (yet): before round 1 is published, with a bye, or between rounds."""


GAME, FINISHED, TIMED_OUT = "game", "finished", "timed out"
WAIT_S = 3.0  # how often a robot waiting for its game reads the room
HANDSHAKES_REFUSED = 5  # a socket refused this often in a row while the room's JSON shows a game: not a wait
WAITED = {FINISHED: "the tournament is finished", TIMED_OUT: "no further game before --timeout"}


def _check_link(link: str) -> None:
    """A link the site does not know (404 from the private page's `next.json`) or has replaced (410) is refused
    at once: only a known link's robot waits for its game."""
    import urllib.error
    import urllib.request

    try:
        urllib.request.urlopen(link.rstrip("/") + "/next.json", timeout=10).close()
    except urllib.error.HTTPError as refused:
        raise CommandError(f"the site refused the link ({refused.code}): {link}") from None
    except OSError:
        pass  # the server not up yet: the wait below asks again


def _next_game(link: str, last: dict | None, deadline: float, every_s: float = WAIT_S) -> str:
    """Waits until the link's room (its JSON, `/p/TOKEN/room/`) is a game other than `last` not yet over for this
    player (GAME), the tournament is finished (FINISHED: the finished room's `next` says so), or the deadline
    (TIMED_OUT).  No game room yet (404: before round 1, a bye) or the last game still shown: ask again every
    `every_s`.  A replaced link (410) stops it with an error."""
    import urllib.error
    import urllib.request

    def game(message):
        return message["starts_at_ms"], tuple(message["players"])

    while True:
        try:
            with urllib.request.urlopen(link.rstrip("/") + "/room/", timeout=10) as answer:
                message = json.load(answer)
        except urllib.error.HTTPError as refused:
            if refused.code == 410:
                raise CommandError(f"the site refused the link ({refused.code}): {link}") from None
            message = None  # 404: no game room yet
        except (OSError, ValueError):
            message = None  # the server restarting: ask again
        if message is not None:
            if not _done(message) and (last is None or game(message) != game(last)):
                return GAME
            if (message.get("next") or {}).get("state") == "finished":
                return FINISHED
        if time.monotonic() + every_s >= deadline:
            return TIMED_OUT
        time.sleep(every_s)


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
