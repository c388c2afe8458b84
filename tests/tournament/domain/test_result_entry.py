"""A result being entered (`domain.entry.ResultEntry`): who sat first decided once, the log read once, who sent it."""

import json

from games.engine.simulate import random_game
from tournament.domain import entry as entry_module
from tournament.domain.entry import GAME_ROOM, ORGANISER, PLAYER, ResultEntry

ANN, BEN = [9] * 6, [5] * 6


def test_who_sat_first_is_the_matchs_first_unless_swapped():
    assert ResultEntry.typed([ANN, BEN]).seated("Ann", "Ben") == ("Ann", "Ben")
    swapped = ResultEntry.typed([ANN, BEN], [True, False], first_is_second=True)
    assert swapped.seated("Ann", "Ben") == ("Ben", "Ann")
    # Typed per player (Ann's row first), the scores and ticks are put in the order they played: Ben's first.
    assert swapped.played_scores == [BEN, ANN] and swapped.played_flags == [False, True]
    assert swapped.typed_result == ([ANN, BEN], [True, False])  # what was typed, as the pages compare it


def test_each_way_in_says_who_sent_it_and_what_it_is():
    assert (ResultEntry.typed([ANN, BEN]).status, ResultEntry.typed([ANN, BEN]).by) == ("played", ORGANISER)
    assert (ResultEntry.forfeit("Ann").status, ResultEntry.forfeit("Ann").forfeit_winner) == ("forfeit", "Ann")
    assert ResultEntry.forfeit().forfeit_winner is None  # both absent
    assert ResultEntry.removal().status == "pending"
    assert ResultEntry.from_player([ANN, BEN]).by == PLAYER
    assert ResultEntry.with_dispute([ANN, BEN]).flagged == [False, False]
    room = ResultEntry.from_game_room(json.dumps(random_game(2, "mso", seed=3, names=["annie", "bb"])))
    assert room.by == GAME_ROOM and room.log_names_are_players and room.reading.valid
    assert ResultEntry.room_forfeit(None).by == GAME_ROOM


def test_the_log_is_parsed_once_when_the_entry_is_built(monkeypatch):
    log = random_game(2, "mso", seed=11, names=["Ann Able", "Ben Baker"])
    calls = []
    real = entry_module.check_text
    monkeypatch.setattr(entry_module, "check_text", lambda text: calls.append(text) or real(text))
    typed = ResultEntry.typed(log_text=json.dumps(log))
    assert len(calls) == 1 and typed.reading.scores == log["final"] and typed.reading.log == log
    assert ResultEntry.typed([ANN, BEN]).reading is None and len(calls) == 1  # no log, nothing parsed


def test_a_confirmed_result_replays_its_stored_log_without_parsing_text(monkeypatch):
    log = random_game(2, "mso", seed=11, names=["Ann Able", "Ben Baker"])
    monkeypatch.setattr(entry_module, "check_text", lambda text: (_ for _ in ()).throw(AssertionError("parsed")))
    confirmed = ResultEntry.confirmed(log["final"], [False, False], log)
    assert confirmed.by == PLAYER and confirmed.reading.valid and confirmed.reading.scores == log["final"]
