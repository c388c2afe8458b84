"""The command-line contracts run over a fixed corpus, for the before/after comparison of `test_contracts.py`.

`inputs.json.gz` holds the corpus (tournament files and move logs, made once
by `make_inputs()` and then kept, so that a change to the simulator or the
engine's random games cannot change the inputs); `expected.json` holds a
digest of every command's output over it.  After a change meant to alter a
contract's output, regenerate both digests with

    python -m tests.contracts.corpus --write

and say in the commit why the output changed.
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import io
import json
import os
import random
import sys
import tempfile
from pathlib import Path

from games.engine.simulate import random_game
from tournament.tfile.simulate import simulate

HERE = Path(__file__).parent
INPUTS = HERE / "inputs.json.gz"
EXPECTED = HERE / "expected.json"
# Sheets carry the day they were printed: fix it (and reportlab's own dates and ids) for byte-identical PDFs.
SOURCE_DATE_EPOCH = "1795392000"  # 2026-11-23


def make_inputs() -> dict:
    """The corpus: tournament files of several shapes and move logs, valid and one fault away from it."""
    # Django's modules load late throughout: run as a script (`--write`), this module sets Django up first.
    from tournament.management.commands.demo import demo_file

    small = simulate(4, 3, seed=11)
    small["settings"].update(bye_vp=0.5, progressive="running", late_entry_vp=0.5)
    tournaments = {
        "demo": demo_file(),
        "swiss13": simulate(13, 7, seed=3, forfeit_chance=0.05, withdraw_chance=0.03, late_entries=2, log_chance=0.2),
        "robin6": simulate(6, 5, seed=5, system="all-play-all"),
        "swiss9-pending": simulate(9, 5, seed=9, pending_last=True, log_chance=0.3),
        "swiss4-running": small,
        "swiss7-late": simulate(7, 4, seed=21, late_entries=3, forfeit_chance=0.1),
    }
    rng = random.Random(2026)
    logs = {}
    for players, rules in ((2, "mso"), (3, "mso"), (4, "mso"), (2, "kosmos"), (3, "kosmos"), (2, "duel")):
        for seed in range(3):
            base = random_game(players, rules, seed=rng.randrange(1 << 30), flag_chance=0.05)
            name = f"{rules}{players}-{seed}"
            logs[name] = base
            for index in range(5):
                logs[f"{name}-m{index}"] = mutate(base, rng)
    return {"tournaments": tournaments, "logs": logs}


def mutate(log: dict, rng: random.Random) -> dict:
    """One small fault: an event dropped, two swapped, a cell moved, a tile changed, a gain or `final` changed."""
    log = copy.deepcopy(log)
    events = log["events"]
    kind = rng.randrange(6)
    places = [e for e in events if e.get("type") == "place"]
    if kind == 0 and events:
        del events[rng.randrange(len(events))]
    elif kind == 1 and len(events) > 1:
        i = rng.randrange(len(events) - 1)
        events[i], events[i + 1] = events[i + 1], events[i]
    elif kind == 2 and places:
        cell = rng.choice(places)["cells"][rng.randrange(2)]
        cell[rng.randrange(2)] += rng.choice((-1, 1))
    elif kind == 3 and places:
        event = rng.choice(places)
        event["tile"] = rng.choice("ROYGBP") + event["tile"][1]
    elif kind == 4 and places:
        rng.choice(places)["gain"] = {rng.choice("ROYGBP"): rng.randrange(1, 6)}
    elif "final" in log:
        scores = log["final"][0] if isinstance(log["final"][0], list) else log["final"]
        scores[rng.randrange(len(scores))] += 1
    return log


def _run(name: str, *args, stdin: bytes | None = None) -> bytes:
    """A command's exit status, standard output and standard error, as the bytes compared."""
    from django.core.management import call_command  # late: see make_inputs
    from django.core.management.base import CommandError

    out, err = io.StringIO(), io.StringIO()
    status = 0
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except CommandError as error:
        status = error.returncode
        err.write(str(error))
    except SystemExit as exit_:
        status = exit_.code
    except Exception as crash:  # a traceback: exit 1, as `manage.py` would
        status = 1
        err.write(f"{type(crash).__name__}: {crash}")
    return f"exit {status}\n{out.getvalue()}\n--- stderr\n{err.getvalue()}".encode()


def file_commands(inputs: dict, folder: Path) -> dict[str, bytes]:
    """`checklog`, `pair_next` (after every round of every file) and `export_trf`: no database."""
    outputs = {}
    names = []
    for name, log in inputs["logs"].items():
        (folder / f"{name}.json").write_text(json.dumps(log))
        names.append(f"{name}.json")
    (folder / "not-json.json").write_text("{not json")
    names.append("not-json.json")
    outputs["checklog --json"] = _run("checklog", *names, "--json")
    outputs["checklog"] = _run("checklog", *names)
    for name, file in inputs["tournaments"].items():
        for rounds in range(len(file["rounds"]) + 1):
            part = dict(file, rounds=file["rounds"][:rounds])
            path = folder / f"{name}-{rounds}.json"
            path.write_text(json.dumps(part, ensure_ascii=False))
            outputs[f"pair_next {name} after {rounds} --json"] = _run("pair_next", path.name, "--json")
            outputs[f"pair_next {name} after {rounds}"] = _run("pair_next", path.name)
        outputs[f"export_trf {name}"] = _run("export_trf", f"{name}-{len(file['rounds'])}.json")
        outputs[f"export_trf {name} --bye-codes"] = _run("export_trf", f"{name}-{len(file['rounds'])}.json", "--bye-codes")
    return outputs


def database_commands(inputs: dict, folder: Path) -> dict[str, bytes]:
    """`import_tournament`, then `export_tournament`, `standings` and `print` of what was imported."""
    outputs = {}
    for name, file in inputs["tournaments"].items():
        path = folder / f"{name}-{len(file['rounds'])}.json"
        path.write_text(json.dumps(file, ensure_ascii=False))
        outputs[f"import_tournament {name}"] = _run("import_tournament", path.name, "--slug", name)
        _fix_link_tokens(name)
        outputs[f"export_tournament {name}"] = _run("export_tournament", name)
        outputs[f"standings {name} --json"] = _run("standings", name, "--json")
        outputs[f"standings {name}"] = _run("standings", name)
        last = len(file["rounds"])
        sheets = [("pairings", 1, "A4"), ("pairings", last, "Letter"), ("slips", last, "A4"),
                  ("standings", last, "A4"), ("crosstable", last, "A4"), ("pairings", last + 1, "A4"),
                  ("links", last, "Letter")]
        for what, number, paper in sheets:
            pdf = folder / f"{name}-{what}-{number}-{paper}.pdf"
            text = _run("print", name, str(number), "--what", what, "-o", pdf.name, "--paper", paper)
            outputs[f"print {name} {number} {what} {paper}"] = text + (pdf.read_bytes() if pdf.exists() else b"")
    return outputs


def _fix_link_tokens(slug: str) -> None:
    """Private links are random secrets: give the imported players fixed ones, so that the QR codes on the
    slips and the links sheet print the same bytes each run."""
    from tournament.models import Player  # late: see make_inputs

    for player in Player.objects.filter(tournament__slug=slug):
        player.link_token = hashlib.sha256(f"{slug}/{player.number}".encode()).hexdigest()[:43]
        player.save(update_fields=["link_token"])


def outputs(inputs: dict) -> dict[str, bytes]:
    """Every command's output over the corpus; needs the test database and runs in a scratch folder."""
    previous = os.getcwd()
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
    from django.test import override_settings  # late: see make_inputs

    with tempfile.TemporaryDirectory() as scratch, override_settings(SITE_URL="http://127.0.0.1:8000"):
        os.chdir(scratch)
        try:
            return {**file_commands(inputs, Path(scratch)), **database_commands(inputs, Path(scratch))}
        finally:
            os.chdir(previous)
            if epoch is None:
                del os.environ["SOURCE_DATE_EPOCH"]
            else:
                os.environ["SOURCE_DATE_EPOCH"] = epoch


def digests(results: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in sorted(results.items())}


def load_inputs() -> dict:
    with gzip.open(INPUTS, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def _write() -> None:
    """Make the corpus if it is missing, then write the digests of today's outputs (in a throwaway database)."""
    import django  # late: see make_inputs
    from django.test.utils import get_runner, setup_test_environment

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    django.setup()
    from django.conf import settings  # only once django.setup() has run

    if not INPUTS.exists():
        with gzip.open(INPUTS, "wt", encoding="utf-8", compresslevel=9) as handle:
            json.dump(make_inputs(), handle, ensure_ascii=False, separators=(",", ":"))
    setup_test_environment()
    runner = get_runner(settings)(verbosity=0)
    old = runner.setup_databases()
    try:
        EXPECTED.write_text(json.dumps(digests(outputs(load_inputs())), indent=1) + "\n")
    finally:
        runner.teardown_databases(old)
    print(f"wrote {EXPECTED}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.contracts.corpus --write")
    _write()
