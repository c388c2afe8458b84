"""`checklog` as docs/command-line.md defines it, and the arbiter's page."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import check_text
from games.engine.simulate import random_game
from games.faulty_move import faulty_move, render_faulty_move

ROOT = Path(__file__).resolve().parent.parent


def all_flagged_log(final=None):
    """Both players run out of time at once: a finished game, all scores 0."""
    log = {
        "format": "ingenious-log/1",
        "players": ["Ann Able", "Ben Baker"],
        "events": [{"type": "flag", "player": 0}, {"type": "flag", "player": 1}],
    }
    if final is not None:
        log["final"] = final
    return log


def run_checklog(*args, stdin=None):
    """Run the real command line; returns (exit status, stdout lines)."""
    done = subprocess.run(
        [sys.executable, "manage.py", "checklog", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=60,
    )
    return done.returncode, done.stdout.decode().splitlines()


def test_json_lines_carry_the_report_and_the_file(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(all_flagged_log()))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ingenious-log/1", "players": ["Ann Able", "Ben Baker"], "events": [')
    status, lines = run_checklog(str(good), str(bad), "--json")
    assert status == 1
    first, second = (json.loads(line) for line in lines)
    assert first == {
        "valid": True,
        "scores": [[0] * 6, [0] * 6],
        "winner": None,
        "levels": [0, 0],
        "ended_by": "all-flagged",
        "file": str(good),
    }
    assert second["valid"] is False
    assert second["error"]["code"] == "bad-format" and second["error"]["event"] is None
    assert second["file"] == str(bad)


def test_exit_status_is_0_when_every_log_is_valid(tmp_path):
    paths = []
    for seed in range(3):
        path = tmp_path / f"game{seed}.json"
        path.write_text(json.dumps(random_game(2, "mso", seed=seed)))
        paths.append(str(path))
    status, lines = run_checklog(*paths, "--json")
    assert status == 0
    assert [json.loads(line)["valid"] for line in lines] == [True, True, True]


def test_dash_reads_one_log_from_standard_input():
    status, lines = run_checklog("-", "--json", stdin=json.dumps(all_flagged_log(final=[[0] * 6, [1, 0, 0, 0, 0, 0]])).encode())
    assert status == 1
    report = json.loads(lines[0])
    assert report["file"] == "-"
    assert report["error"] == {
        "event": 2,
        "code": "wrong-final",
        "message": '"final" gives Ben Baker 1 in red, but the replay gives 0',
    }


def test_readable_lines_without_json(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(all_flagged_log()))
    missing = tmp_path / "missing.json"
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("checklog", str(good), str(missing), stdout=out)
    assert exited.value.code == 1
    good_line, missing_line = out.getvalue().splitlines()
    assert good_line == f"{good}: valid, a draw, levels Ann Able 0, Ben Baker 0, ended by all-flagged"
    assert missing_line.startswith(f"{missing}: INVALID bad-format: cannot read")


def test_garbage_bytes_are_bad_format_not_a_traceback(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\xff\xfe\x00garbage")
    status, lines = run_checklog(str(junk), "--json")
    assert status == 1
    assert json.loads(lines[0])["error"]["code"] == "bad-format"


def test_engine_runs_without_django():
    code = "import sys, games.engine, games.engine.simulate, games.engine.cli; print('django' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


@pytest.mark.django_db
def test_check_page_names_the_faulty_move(client):
    log = all_flagged_log()
    log["events"].insert(1, {"type": "place", "player": 0, "tile": "RO", "cells": [[0, 0], [1, 0]]})
    response = client.post("/logs/check/", {"text": json.dumps(log)})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Invalid log" in page and "flagged-player-moved" in page and "Event 1:" in page  # the code and the move


@pytest.mark.django_db
def test_check_page_shows_scores_of_a_valid_log(client):
    response = client.post("/logs/check/", {"text": json.dumps(random_game(2, "mso", seed=4, names=["Ann Able", "Zoë Ørsted"]))})
    page = response.content.decode()
    assert "Valid log" in page and "Zoë Ørsted" in page
    assert response.context["report"].ended_by == "board-full"


@pytest.mark.django_db
@pytest.mark.parametrize("log, words", [
    (random_game(2, "mso", seed=4),
     "The game ended because no two adjacent empty cells remained (<code>board-full</code>)."),
    (all_flagged_log(), "The game ended because every player had run out of time (<code>all-flagged</code>)."),
])
def test_check_page_says_each_ending_in_words(client, log, words):
    page = client.post("/logs/check/", {"text": json.dumps(log)}).content.decode()
    assert words in page
    assert "Events are\n  numbered from 0" in page


@pytest.mark.django_db
def test_check_page_asks_for_a_log_when_given_nothing(client):
    response = client.post("/logs/check/", {"text": "  "})
    assert response.status_code == 200
    assert response.context["form"].has_error("__all__", code="no-log")
    assert response.context["report"] is None


# --- the faulty move on the board (games.faulty_move) -------------------------------------------

RED = {"type": "place", "player": 0, "tile": "RO", "cells": [[4, 0], [3, 0]], "gain": {"R": 1}}
GREEN = {"type": "place", "player": 1, "tile": "GB", "cells": [[4, -4], [3, -4]], "gain": {"G": 1}}


def two_player_log(*events, **extra):
    return dict({"format": "ingenious-log/1", "players": ["Ann Able", "Ben Baker"], "clock_s": 600,
                 "events": list(events)}, **extra)


# Ann's clock reads 590 s, then 595 s: a clock that went up.
BAD_CLOCK = two_player_log(dict(RED, clock_s=590), dict(GREEN, clock_s=600),
                           dict(RED, cells=[[2, 0], [1, 0]], gain={}, tile="GB", clock_s=595))


def test_faulty_move_takes_text_bytes_a_parsed_log_or_a_report():
    log = two_player_log(RED, dict(GREEN, cells=[[4, -4], [1, 1]]))
    text = json.dumps(log)
    scenes = [faulty_move(given).scene for given in (text, text.encode(), log, check_text(text))]
    for scene in scenes:
        assert (scene.report.code, scene.event) == ("not-adjacent", 1)
        assert scene.placement == ((4, -4), (1, 1)) and scene.placement_tile == "GB"
        assert scene.tiles == {(4, 0): "R", (3, 0): "O"}  # the board before event 1


def test_nothing_to_draw_for_a_valid_log_or_a_fault_of_the_whole_object():
    assert faulty_move(json.dumps(all_flagged_log())) is None
    assert faulty_move("not json") is None
    assert faulty_move(two_player_log(clock_s=0)) is None
    assert render_faulty_move("not json") == ""


def test_a_far_away_cell_is_drawn_at_the_edge_and_named_off_the_board():
    log = two_player_log(dict(RED, cells=[[10**9, 0], [10**9 + 1, 0]]))
    faulty = faulty_move(log)
    assert faulty.report.code == "off-board" and faulty.off_board == [f"[{10**9}, 0]", f"[{10**9 + 1}, 0]"]
    assert faulty.svg.count('class="faulty"') == 2
    html = render_faulty_move(log)
    assert "lie off the playing area" in html and f"[{10**9}, 0]" in html
    # A number too long to write out is named by its length, everywhere.
    huge = two_player_log(dict(RED, cells=[[10**5000, 0], [4, 0]]))
    faulty = faulty_move(huge)
    assert faulty.off_board == ["[a 5001-digit number, 0]"] and 'data-cell="…,0"' in faulty.svg
    assert "a 5001-digit number" in render_faulty_move(huge)


def test_a_flag_owed_after_a_zero_shows_that_players_readings():
    log = two_player_log(dict(RED, clock_s=0), dict(GREEN, clock_s=580))
    faulty = faulty_move(log)
    assert (faulty.report.code, faulty.scene.event) == ("bad-clock", 1)
    assert faulty.clock_name == "Ann Able"
    assert faulty.readings == [{"event": 0, "seconds": 0, "clock": "0:00", "marked": True}]


def test_a_malformed_placement_shows_the_board_without_an_outline():
    faulty = faulty_move(two_player_log(RED, dict(GREEN, cells="[4,-4]")))
    assert faulty.report.code == "bad-cell" and faulty.scene.placement == ()
    assert 'class="faulty"' not in faulty.svg and faulty.svg.count('class="placed"') == 2


@pytest.mark.parametrize("log, words", [
    (two_player_log(RED, dict(GREEN, cells=[[4, -4], [1, 1]])),
     "Ben Baker places GB on [4, -4] and [1, 1], declaring G+1"),
    (two_player_log(RED, dict(GREEN, cells="[4,-4]")), 'Ben Baker places GB on "[4,-4]", declaring G+1'),  # as sent
    (BAD_CLOCK, "Ann Able places GB on [2, 0] and [1, 0], declaring nothing, with 595 s left on the clock"),
])
def test_the_faulty_moves_wordings(log, words):
    """The faulty move in words, once for each form: the tests around assert which move and what is drawn."""
    assert faulty_move(log).scene.event_text == words


def test_unfinished_shows_the_board_after_the_last_event():
    faulty = faulty_move(two_player_log(RED, GREEN))
    assert faulty.report.code == "unfinished" and faulty.scene.event is None
    assert faulty.svg.count('class="placed"') == 4


@pytest.mark.django_db
def test_check_page_draws_the_board_before_a_bad_clock(client):
    response = client.post("/logs/check/", {"text": json.dumps(BAD_CLOCK)})
    page = response.content.decode()
    faulty = response.context["faulty"]
    assert (faulty.report.code, faulty.report.event, faulty.scene.event) == ("bad-clock", 2, 2)
    assert f"Event 2: {faulty.scene.event_text}" in page  # the move in words: test_the_faulty_moves_wordings
    assert page.count('class="faulty"') == 2 and page.count('class="placed"') == 4
    assert "Ann Able's clock readings (600 s per player)" in page
    assert '<tr class="marked"><td>2</td><td>9:55</td>' in page


@pytest.mark.django_db
def test_check_page_escapes_what_the_log_holds(client):
    log = two_player_log({"type": "place", "player": 0, "tile": "<b>RO</b>", "cells": [[4, 0], [3, 0]]})
    log["players"][0] = "<script>alert(1)</script>"
    page = client.post("/logs/check/", {"text": json.dumps(log)}).content.decode()
    assert "<script>alert(1)</script>" not in page and "<b>RO</b>" not in page
    assert "&lt;script&gt;" in page
