"""Excused absences in the tournament file: read, refused with the place, written back.

From `docs/tournament-file.md`: `settings.excused_vp`,
`players[].excused_rounds`, status `excused` (`second` null, and the round
in that player's `excused_rounds`).
"""

import pytest

from tournament.tfile import FORMAT, FileFault, dump, parse

WIN = [[10] * 6, [5] + [10] * 5]  # the first player wins


def file(excused_vp=None, matches=None, excused_rounds=(2,)):
    settings = {"system": "swiss", "rounds": 3, "bye_vp": 1}
    if excused_vp is not None:
        settings["excused_vp"] = excused_vp
    return {
        "format": FORMAT,
        "name": "Hand Cup",
        "settings": settings,
        "players": [{"id": 10, "name": "Ann"}, {"id": 20, "name": "Ben"},
                    {"id": 30, "name": "Cy", "excused_rounds": list(excused_rounds)}],
        "rounds": [
            {"number": 1, "matches": [{"first": 10, "second": 20, "status": "played", "scores": WIN},
                                      {"first": 30, "second": None, "status": "bye"}]},
            {"number": 2, "matches": matches if matches is not None else [
                {"first": 20, "second": 10, "status": "played", "scores": WIN},
                {"first": 30, "second": None, "status": "excused"}]},
        ],
    }


def fault(obj):
    with pytest.raises(FileFault) as caught:
        parse(obj)
    return str(caught.value)


def test_the_excused_fields_are_read_and_written_back():
    record = parse(file(excused_vp=0.5, excused_rounds=[3, 2]))
    assert record.settings.excused_half_points == 1
    assert record.player(30).excused_rounds == {2, 3}
    out = dump(record)
    assert out["settings"]["excused_vp"] == 0.5
    assert [p["excused_rounds"] for p in out["players"]] == [[], [], [2, 3]]
    assert {"first": 30, "second": None, "status": "excused"} in out["rounds"][1]["matches"]
    assert parse(out) == record


def test_the_fields_are_optional_and_default_to_none_excused():
    obj = file(matches=[{"first": 20, "second": 10, "status": "played", "scores": WIN}])
    del obj["players"][2]["excused_rounds"]
    record = parse(obj)
    assert record.settings.excused_half_points == 0 and record.player(30).excused_rounds == frozenset()


@pytest.mark.parametrize("change, message", [
    (lambda f: f["players"][2].update(excused_rounds=[3]),
     "rounds[1].matches[1].status: player 30 is not excused from round 2 (players[2].excused_rounds)"),
    (lambda f: f["players"][2].update(excused_rounds=[1, 2]),
     "rounds[0].matches[1]: player 30 is excused from round 1 (players[2].excused_rounds), but this match gives "
     "them a bye"),
    (lambda f: f["players"][0].update(excused_rounds=[2]),
     "rounds[1].matches[0]: player 10 is excused from round 2 (players[0].excused_rounds), but this match has them "
     "playing"),
    (lambda f: f["rounds"][1]["matches"][1].update(second=10),
     "rounds[1].matches[1].second: an excused absence has no second player (null)"),
    (lambda f: f["players"][2].update(excused_rounds=[2, 2]), "players[2].excused_rounds[1]: round 2 is listed twice"),
    (lambda f: f["players"][2].update(excused_rounds=[0]), "players[2].excused_rounds[0]: must be a round number"),
    (lambda f: f["players"][2].update(excused_rounds="2"), "players[2].excused_rounds: must be a list of round numbers"),
    (lambda f: f["settings"].update(excused_vp=2), "settings.excused_vp: must be one of 0, 0.5, 1, not 2"),
])
def test_a_bad_excused_field_is_refused_naming_its_place(change, message):
    """An excused round the file also has the player playing (or on a bye) is a contradiction, refused; a forfeit
    lost is how an all-play-all records an excused player's scheduled game, and stays allowed."""
    obj = file()
    change(obj)
    assert fault(obj).startswith(message)


def test_an_excused_player_may_lose_the_all_play_all_tables_game_by_forfeit():
    obj = file(matches=[{"first": 20, "second": 10, "status": "played", "scores": WIN},
                        {"first": 30, "second": None, "status": "excused"}])
    obj["players"][0]["excused_rounds"] = [2]
    obj["rounds"][1]["matches"][0] = {"first": 20, "second": 10, "status": "forfeit", "winner": 20}
    assert parse(obj).player(10).excused_rounds == {2}
