"""The clients of the game rooms' load test (`tests/load/rooms.py`): players and spectators over WebSockets.

Each client process (`play_share`) runs its share of the games, with their spectators, on one asyncio loop and
returns what its sockets saw; the load test merges the shares.
"""

from __future__ import annotations

import asyncio
import json
import random
import time


class Game:
    """What one game's sockets saw: when each move was sent, and when each watcher first saw its event."""

    def __init__(self, spec):
        self.spec = spec
        self.sent = {}  # the room's seq after the move -> when the move was sent (monotonic)
        self.seen = {"first": [], "second": [], "spectator": []}  # (seq, when) per watcher kind
        self.applied = []  # client ids of the moves answered as applied
        self.finished = False


class Totals:
    def __init__(self):
        self.moves = 0
        self.messages = 0
        self.refused = 0
        self.reconnects = 0
        self.cpu_s = 0.0
        self.refusals = []  # their codes
        self.dropped = []  # why sockets were joined again: the exception's type and words
        self.to_opponent = []
        self.to_spectator = []

    def add(self, other):
        for name in ("moves", "messages", "refused", "reconnects", "cpu_s"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.refusals += other.refusals
        self.dropped += other.dropped


def _moved(message, seat, log_length):
    """Whether the events new in `message` (past the `log_length` the socket had sent) hold a move of `seat`:
    a placement, a swap or the refill that ends a turn, and not only a flag (their own time ran out while the move
    was on its way: the move is then refused, or never read)."""
    new = message["events"][max(0, log_length - message.get("log_from", 0)):]
    return any(event.get("player") == seat and event["type"] in ("place", "swap", "draw") for event in new)


def _connect(url):
    import websockets

    return websockets.connect(url, origin=url.replace("ws://", "http://").split("/ws/")[0], open_timeout=20,
                              max_size=2**22)


async def player(game: Game, seat: int, url: str, pace: float, rng: random.Random, totals: Totals, deadline: float):
    from rooms.game.robot import choose_move

    me = ("first", "second")[seat]
    pending = None  # (when, client id) of the last move sent, until its answer
    attributed = None  # (when, client id, seq) of the last move taken as applied
    state = None
    log_length = 0  # of the log as the socket has sent it so far
    while time.monotonic() < deadline and not game.finished:
        try:
            async with _connect(url) as socket:
                pending = attributed = None  # a move sent before the socket dropped: its fate unknown here
                await socket.send(json.dumps({"type": "sync"}))
                due = None
                while time.monotonic() < deadline:
                    wait = 1.0 if due is None else max(0.0, due - time.monotonic())
                    try:
                        raw = await asyncio.wait_for(socket.recv(), timeout=wait)
                    except asyncio.TimeoutError:
                        raw = None
                    if raw is not None:
                        now = time.monotonic()
                        message = json.loads(raw)
                        totals.messages += 1
                        if message.get("type") == "ping":
                            await socket.send(json.dumps({"type": "pong", "id": message.get("id")}))
                            continue
                        if message.get("type") == "refused":
                            totals.refused += 1
                            totals.refusals.append(message["error"]["code"])
                            if pending is None and attributed is not None:
                                # Refused after all: the view taken for its answer was one sent before it.
                                game.applied.remove(attributed[1])
                                game.sent.pop(attributed[2], None)
                            pending = attributed = None
                        if "seq" not in message:  # a late refusal's words alone
                            continue
                        game.seen[me].append((message["seq"], now))
                        if (pending is not None and message.get("type") == "room" and message["seq"] > state["seq"]
                                and _moved(message, seat, log_length)):
                            game.sent[message["seq"]] = pending[0]
                            game.applied.append(pending[1])
                            attributed, pending = (*pending, message["seq"]), None
                        if state is None or message["seq"] >= state["seq"]:
                            state = message
                            log_length = message.get("log_from", 0) + len(message["events"])
                        if state["status"] == "finished":
                            game.finished = True
                            return
                        if state["flagged"][seat]:
                            return
                        mine = state["status"] == "playing" and state["turn"] == seat
                        if not mine:
                            due = None
                        elif due is None and pending is None:  # one move at a time
                            due = time.monotonic() + rng.uniform(0.5, 1.5) * pace
                        continue
                    if due is not None and time.monotonic() >= due:
                        move = choose_move(state, rng)
                        due = None
                        if move is not None:
                            pending = (time.monotonic(), move["client_id"])
                            totals.moves += 1
                            await socket.send(json.dumps({"type": "move", **move}))
        except (OSError, asyncio.TimeoutError, Exception) as error:  # noqa: BLE001 - a dropped socket joins again
            if type(error).__name__ in ("CancelledError",):
                raise
            totals.reconnects += 1
            totals.dropped.append(f"player: {type(error).__name__}: {str(error)[:80]}")
            await asyncio.sleep(0.5)


async def absent_player(url: str, totals: Totals):
    """A player of an abandoned game: opens the room once, sees it, and leaves for good."""
    try:
        async with _connect(url) as socket:
            await asyncio.wait_for(socket.recv(), timeout=20)
            totals.messages += 1
    except Exception:  # noqa: BLE001 - gone either way (the sweep's checks are the same)
        pass


async def spectator(game: Game, url: str, totals: Totals, deadline: float):
    while time.monotonic() < deadline and not game.finished:
        try:
            async with _connect(url) as socket:
                while time.monotonic() < deadline and not game.finished:
                    try:
                        raw = await asyncio.wait_for(socket.recv(), timeout=1.0)
                    except asyncio.TimeoutError:
                        continue
                    message = json.loads(raw)
                    totals.messages += 1
                    if message.get("type") == "room":
                        game.seen["spectator"].append((message["seq"], time.monotonic()))
                        if message["status"] == "finished":
                            return
        except Exception as error:  # noqa: BLE001
            totals.reconnects += 1
            totals.dropped.append(f"spectator: {type(error).__name__}: {str(error)[:80]}")
            await asyncio.sleep(0.5)


def play_share(share):
    """One client process: its games (by index) and their spectators, all on one asyncio loop; what they saw."""
    games, spectators, ports, pace, deadline = share
    totals = Totals()
    began = time.process_time()

    async def run_all():
        tasks = []
        for index, game in games:
            spec = game.spec
            a, b = ports[index % len(ports)], ports[(index + 1) % len(ports)]
            urls = (f"ws://127.0.0.1:{a}/ws/p/{spec['first']}/room/", f"ws://127.0.0.1:{b}/ws/p/{spec['second']}/room/")
            if spec["abandoned"]:
                tasks += [absent_player(url, totals) for url in urls]
                continue
            for seat, url in enumerate(urls):
                tasks.append(player(game, seat, url, pace, random.Random(index * 2 + seat), totals, deadline))
        for k, game in spectators:
            url = (f"ws://127.0.0.1:{ports[k % len(ports)]}/ws/t/{game.spec['slug']}/round/1/table/"
                   f"{game.spec['table']}/room/")
            tasks.append(spectator(game, url, totals, deadline))
        await asyncio.gather(*tasks)

    asyncio.run(run_all())
    totals.cpu_s = time.process_time() - began
    return [game for _, game in games], totals


def latencies(games, totals):
    """From each move sent to the first message at or past its seq, for the opponent and for spectators."""
    for game in games:
        for seq, sent in game.sent.items():
            mover = None
            for kind in ("first", "second"):
                if any(s == seq and t >= sent for s, t in game.seen[kind]) and mover is None:
                    mover = kind  # the mover's own answer carried this seq first
            for kind, into in (("first", totals.to_opponent), ("second", totals.to_opponent),
                               ("spectator", totals.to_spectator)):
                if kind == mover:
                    continue
                times = [t for s, t in game.seen[kind] if s >= seq and t >= sent]
                if times:
                    into.append((min(times) - sent) * 1000)
