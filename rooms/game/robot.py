"""A random player of a game room, reading only what the room sends its seat (for `play_random`).

Pure: the message in, a move out, so it is tested without a server.
"""

from __future__ import annotations

import random
import uuid


def choose_move(message: dict, rng: random.Random) -> dict | None:
    """A random legal move for the seat of `message` (the room as the seat sees it), or None if not its turn."""
    seat = message.get("seat")
    if message.get("status") != "playing" or seat is None or message.get("turn") != seat:
        return None
    move = {"seq": message["seq"], "client_id": uuid.uuid4().hex}
    if message["stage"] == "decide":
        return {**move, "action": "swap" if message.get("may_swap") and rng.random() < 0.3 else "end_turn"}
    pairs, rack = message.get("legal_pairs") or [], message.get("rack") or []
    if not pairs or not rack:
        return None
    tile = rng.choice(rack)
    if rng.random() < 0.5:
        tile = tile[::-1]
    return {**move, "action": "place", "tile": tile, "cells": rng.choice(pairs)}


def result_line(message: dict) -> str:
    """The game's result in one line, for the last line `play_random` prints."""
    names = message["players"]
    if message["status"] != "finished":
        seat = message["seat"]
        return f"out of time: {names[seat]} ran out; the game goes on (event {message['seq']})"
    outcome = message["outcome"]
    if outcome.get("decided"):  # the arbiter's result, entered on the result form: the room has no verdict of its own
        return "ended by the arbiter's decision (the result is the one they entered)"
    if outcome["forfeit"]:
        winner = outcome["winner"]
        return "forfeit: " + ("both lose (neither played)" if winner is None else f"{names[winner]} wins")
    levels = " v ".join(str(min(row)) for row in message["scores"])
    winner = outcome["winner"]
    verdict = "a draw" if winner is None else f"{names[winner]} wins"
    return f"finished ({outcome['ended_by']}): {verdict}; lowest colours {levels}"
