"""What the room's browser tests share: a two-player online game whose opponent plays through `rooms.services`, the
room's arrow keys as the page documents them (rooms/static/rooms/hexes.js, `Board.step`), and screenshots."""

from __future__ import annotations

import os
import re
import time
from collections import deque
from pathlib import Path

from django.db import OperationalError, transaction
from playwright.sync_api import expect

from rooms import services as rooms
from rooms.game.copies import table_of
from rooms.models import Room
from tests.factories import make_event, matches

from .turns import DATABASE_TURN

SHOTS = Path(os.environ.get("ROOM_SHOTS", "/tmp/shots-play"))
AREA = {(q, r) for q in range(-5, 6) for r in range(-5, 6) if max(abs(q), abs(r), abs(q + r)) <= 5}


QUICK_POLL = "window.ingeniousPollMs = 300;"  # the test server has no socket: read the room more often than 2 s
MY_TURN = re.compile(r"choose a tile|end your turn|Game over", re.I)  # what the status says when seat 0 may act
TO_END = re.compile("end your turn", re.I)  # the status once seat 0 has placed: swap or end the turn


def online_game(name: str, clock_s: int = 600):
    """A published online round of two: (the match, its room); Ann Able plays first."""
    event = make_event(name, ["Ann Able", "Ben Baker"], clock_s=clock_s, play="online", publish_round_one=True)
    match = matches(event)[0]
    return event, match, match.room


def retried(call, *args, **kwargs):
    """`call` in the database's turn (`turns.DATABASE_TURN`: never while the live server's thread serves a
    request on the same connection), again while SQLite says a table is locked."""
    for _ in range(100):
        try:
            with DATABASE_TURN:
                return call(*args, **kwargs)
        except OperationalError as error:
            if "locked" not in str(error) or transaction.get_connection().in_atomic_block:
                raise
            time.sleep(0.05)
    with DATABASE_TURN:
        return call(*args, **kwargs)


def look(room, seat: int) -> dict:
    return retried(rooms.look, room.pk, seat).message


def opponent_turn(room, seat: int) -> bool:
    """`seat` plays its whole turn if it is its turn: the first tile of its rack on the first legal cells, bonuses
    too, ending the turn when asked.  Whether it played."""
    played = False
    while True:
        seen = look(room, seat)
        if seen["status"] != "playing" or seen["turn"] != seat:
            return played
        if seen["stage"] == "decide":
            retried(rooms.move, room.pk, seat, "end_turn", seq=seen["seq"], client_id=f"t{seen['seq']}")
        else:
            retried(rooms.move, room.pk, seat, "place", seq=seen["seq"], tile=seen["rack"][0],
                    cells=seen["legal_pairs"][0], client_id=f"t{seen['seq']}")
        played = True


def step(cell: tuple[int, int], key: str) -> tuple[int, int]:
    """Where an arrow key takes the focus on the room's board: Left and Right along the row; Up and Down to the row
    above or below, to the up-right (down-right) neighbour from an even row and the up-left (down-left) one from an
    odd row, the other one at the edge; nowhere off the playing area."""
    q, r = cell
    even = r % 2 == 0
    tries = {"ArrowLeft": [(q - 1, r)], "ArrowRight": [(q + 1, r)],
             "ArrowUp": [(q + 1, r - 1), (q, r - 1)] if even else [(q, r - 1), (q + 1, r - 1)],
             "ArrowDown": [(q, r + 1), (q - 1, r + 1)] if even else [(q - 1, r + 1), (q, r + 1)]}[key]
    return next((t for t in tries if t in AREA), cell)


def key_path(start: tuple[int, int], goal: tuple[int, int]) -> list[str]:
    """The fewest arrow keys from `start` to `goal`."""
    came = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            break
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            nxt = step(cell, key)
            if nxt not in came:
                came[nxt] = (cell, key)
                queue.append(nxt)
    keys, cell = [], goal
    while came[cell] is not None:
        cell, key = came[cell]
        keys.append(key)
    return keys[::-1]


def cell_of(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def focused_cell(page) -> tuple[int, int] | None:
    text = page.evaluate("document.activeElement && document.activeElement.dataset && document.activeElement.dataset.cell || ''")
    return cell_of(text) if text else None


def status(page) -> str:
    return page.locator("#status").inner_text()


def snap(page, name: str) -> None:
    """A screenshot of the window as the player sees it (not the whole page: what fits without scrolling)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def snap_both(page, name: str) -> None:
    """Screenshots of the window at 390x844 and at 1280x800, the viewport put back as it was."""
    size = page.viewport_size
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        snap(page, f"{name}-{width}")
    page.set_viewport_size(size)


def until_my_turn(page, room, my_turn, seconds: float = 15) -> None:
    """The opponent (seat 1) plays whenever it is their turn, until the page says `my_turn`: a move the page has just
    sent may reach the server a moment after the test looks, so the opponent is asked again until then."""
    deadline = time.monotonic() + seconds
    while True:
        opponent_turn(room, 1)
        try:
            expect(page.locator("#status")).to_have_text(my_turn, timeout=500)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise


def my_turns(page, room):
    """The status at each of seat 0's turns, the opponent playing in between, until the page says "Game over"."""
    while True:
        until_my_turn(page, room, MY_TURN)
        text = status(page)
        if "Game over" in text:
            return
        yield text


def to_end(text: str) -> bool:
    """Whether the turn's status asks to end it (or swap): the placement is made."""
    return bool(TO_END.search(text))


def ended(page) -> None:
    """The turn is over: the status no longer asks to end it."""
    expect(page.locator("#status")).not_to_have_text(TO_END)


def rack_as_it_holds(page, room) -> None:
    """The placed tile has left the rack: as many tiles shown as the rack holds (5 until the refill)."""
    expect(page.locator("#rack .tile:visible")).to_have_count(len(look(room, 0)["rack"]))


def first_time(seen: set, what: str) -> bool:
    """Whether `what` happens for the first time (then noted in `seen`): each state's screenshot taken once."""
    if what in seen:
        return False
    seen.add(what)
    return True


def best_placement(room, seat: int = 0) -> tuple[int, int]:
    """The engine's best gain for `seat` to place now, over every tile of its rack and every legal placement: (the
    rack index of a tile that reaches it, the gain in points)."""
    def best():
        game = table_of(Room.objects.get(pk=room.pk)).game
        rack = game.rack(seat)
        return max(((sum(game.gain_of(tile, cells)), -index) for index, tile in enumerate(rack)
                    for cells in game.placements_of(tile)), default=(0, 0))
    total, index = retried(best)
    return -index, total


def focus_in_body(page) -> bool:
    return page.evaluate("document.activeElement === null || document.activeElement === document.body")
