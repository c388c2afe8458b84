"""`checklog` as shared/spec/tournament-json.md defines it, and the arbiter's page."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine.simulate import random_game

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
    assert "Invalid log" in page and "flagged-player-moved" in page
    assert "Event 1: Ann Able placed a tile after running out of time" in page


@pytest.mark.django_db
def test_check_page_shows_scores_of_a_valid_log(client):
    response = client.post("/logs/check/", {"text": json.dumps(random_game(2, "mso", seed=4, names=["Ann Able", "Zoë Ørsted"]))})
    page = response.content.decode()
    assert "Valid log" in page and "Zoë Ørsted" in page and "board-full" in page


@pytest.mark.django_db
def test_check_page_asks_for_a_log_when_given_nothing(client):
    response = client.post("/logs/check/", {"text": "  "})
    assert response.status_code == 200
    assert "Paste a move log or choose a file." in response.content.decode()
