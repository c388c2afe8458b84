"""Whole simulated tournaments as `ingenious-tournament/1` objects.

Each round is paired by `pair_next` from the file so far, exactly as an
outside tool driving the command line would do it; results are drawn at
random (stronger seeds win more often), with occasional forfeits, flags,
withdrawals and late entries when asked for.
"""

from __future__ import annotations

import random

from games.engine.simulate import random_game

from ..pairing.next_round import pair_next
from . import FORMAT, parse

NAMES = (
    "Ann Able", "Ben Baker", "Zoë Ørsted", "Dai Evans", "Eve Fox", "Fay Gray", "Gus Hill", "Hana Ito",
    "Ivo Jukić", "Jo Kent", "Kim Lee", "Lou Marr", "Mia Noor", "Ned Ochs", "Ola Pike", "Pia Quist",
    "Raj Rao", "Sam Sole", "Tia Tran", "Uma Vale", "Vic Wren", "Wes Xu", "Yan Yoon", "Zac Zell",
)


def player_name(i: int) -> str:
    base = NAMES[i % len(NAMES)]
    return base if i < len(NAMES) else f"{base} {i // len(NAMES) + 1}"


def random_scores(rng: random.Random, stronger_first: bool) -> list[list[int]]:
    """Two plausible score lists; the favoured player tends to have the higher lowest colour."""
    rows = [[rng.randint(3, 18) for _ in range(6)] for _ in range(2)]
    lows = sorted(rows, key=sorted, reverse=stronger_first)
    return [lows[0], lows[1]]


def simulate(
    players: int,
    rounds: int,
    seed: int = 1,
    system: str = "swiss",
    forfeit_chance: float = 0.0,
    withdraw_chance: float = 0.0,
    late_entries: int = 0,
    log_chance: float = 0.0,
    pending_last: bool = False,
) -> dict:
    rng = random.Random(seed)
    strength = [rng.random() for _ in range(players)]
    file = {
        "format": FORMAT,
        "name": f"Simulated {system} of {players}",
        "settings": {"system": system, "rounds": rounds, "bye_vp": 1, "progressive": "sum", "clock_s": 600},
        "players": [
            # 2000 down by 10 a seed, and 0 from the 201st on: a rating is never below 0 (values.is_rating).
            {"id": i + 1, "name": player_name(i), "rating": max(0, 2000 - 10 * i), "withdrawn_after_round": None}
            for i in range(players)
        ],
        "rounds": [],
    }
    for late in range(late_entries):
        entry = file["players"][players - 1 - late]
        entry["joined_round"] = min(rounds, 2 + late % max(1, rounds - 1))
    for number in range(1, rounds + 1):
        pairing = pair_next(parse(file))
        matches = []
        for first, second in pairing.pairs:
            if pending_last and number == rounds:
                matches.append({"first": first, "second": second, "status": "pending"})
                continue
            if rng.random() < forfeit_chance:
                winner = rng.choice([first, second, None])
                matches.append({"first": first, "second": second, "status": "forfeit", "winner": winner})
                continue
            favoured = strength[first - 1] / (strength[first - 1] + strength[second - 1]) > rng.random()
            match = {"first": first, "second": second, "status": "played", "flagged": [False, False], "log": None}
            if rng.random() < log_chance:
                names = [file["players"][first - 1]["name"], file["players"][second - 1]["name"]]
                log = random_game(2, "mso", seed=rng.randrange(1 << 30), names=names, flag_chance=0.01)
                report_scores = log["final"]
                match.update(scores=report_scores, log=log, flagged=_flags(log))
            else:
                match["scores"] = random_scores(rng, favoured)
            matches.append(match)
        if pairing.bye is not None:
            matches.append({"first": pairing.bye, "second": None, "status": "bye"})
        file["rounds"].append({"number": number, "matches": matches})
        if withdraw_chance and number < rounds:
            for entry in file["players"]:
                # A late entry not yet joined cannot withdraw after this round (the draw is made all the same,
                # so every other player's fate stays as the same seed always gave it).
                if (entry["withdrawn_after_round"] is None and rng.random() < withdraw_chance
                        and entry.get("joined_round", 1) <= number + 1):
                    entry["withdrawn_after_round"] = number
    return file


def _flags(log: dict) -> list[bool]:
    flagged = {e["player"] for e in log["events"] if e["type"] == "flag"}
    return [0 in flagged, 1 in flagged]
