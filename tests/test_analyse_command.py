"""`analyse` as docs/command-line.md and docs/analysis.md define it: `manage.py analyse` and `python -m games.engine
analyse`, the JSON of the spec, the table in words, and the refusals with their reason."""

import json
import subprocess
import sys
from pathlib import Path

from games.engine.analysis import analyse
from games.engine.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin=None):
    """The real command line; returns (exit status, stdout, stderr)."""
    done = subprocess.run([sys.executable, *args], cwd=ROOT, input=stdin, capture_output=True, timeout=60)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def written(tmp_path, log, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(log))
    return str(path)


def test_json_is_the_spec_object(tmp_path):
    log = random_game(3, "kosmos", seed=2, samples=60)
    status, out, err = run("manage.py", "analyse", written(tmp_path, log), "--json")
    assert (status, err) == (0, "")
    answer = json.loads(out)
    assert answer == analyse(log).to_json()
    assert set(answer) == {"positions", "players"}
    position = answer["positions"][0]
    assert set(position) == {"event", "player", "candidates", "played", "best", "best_count"}
    assert set(position["played"]) == {"tile", "cells", "gain", "rank"}
    assert set(position["best"]) == {"tile", "cells", "gain"}
    assert all(points > 0 for p in answer["positions"] for points in p["played"]["gain"].values())
    assert [set(p) for p in answer["players"]] == [{"positions", "best_found", "mean_rank"}] * 3
    assert sum(p["positions"] for p in answer["players"]) == len(answer["positions"])


def test_words_a_line_a_placement_and_a_line_a_player_from_standard_input():
    log = random_game(2, "mso", seed=2, samples=60)
    status, out, _ = run("-m", "games.engine", "analyse", "-", stdin=json.dumps(log).encode())
    lines = out.splitlines()
    analysis = analyse(log)
    assert status == 0 and len(lines) == 1 + len(analysis.positions) + 2
    assert lines[-1] == f"Player 2: {analysis.players[1].words}, mean rank {analysis.players[1].mean_rank:.1f}"
    first = analysis.positions[0]
    assert lines[1].startswith(f"event {first.event}: Player 1 played {first.played.tile} on ")


def test_a_log_not_analysed_exits_1_with_the_reason_on_standard_error(tmp_path):
    log = random_game(2, "mso", seed=2)
    log["events"] = log["events"][:30]
    del log["final"]
    status, out, err = run("manage.py", "analyse", written(tmp_path, log), "--json")
    assert (status, out) == (1, "")
    assert "not analysed: the game is unfinished" in err
    status, out, err = run("-m", "games.engine", "analyse", written(tmp_path, random_game(2, "duel", seed=1)))
    assert (status, out) == (1, "") and err.endswith("not analysed: the duel is not analysed\n")


def test_the_checker_still_reads_every_argument_as_a_file(tmp_path):
    status, out, _ = run("-m", "games.engine", written(tmp_path, random_game(2, "mso", seed=1)))
    assert status == 0 and "valid" in out
