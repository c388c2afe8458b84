"""The `checklog` command of `docs/command-line.md`, usable with or without Django."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from .log import Report, check_text


def check_file(path: str, stdin: IO[bytes] | None = None) -> Report:
    """The checker report for one file (`-` is standard input); an unreadable file is `bad-format`."""
    try:
        if path == "-":
            data = (stdin or sys.stdin.buffer).read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        return Report.fault("bad-format", f"cannot read {path}: {error.strerror or error}")
    return check_text(data)


def describe(path: str, report: Report) -> str:
    """One readable line per file."""
    if not report.valid:
        where = "" if report.event is None else f"event {report.event}: "
        return f"{path}: INVALID {report.code}: {where}{report.message}"
    names = report.players or [f"player {i}" for i in range(len(report.levels or [0, 0]))]
    outcome = "a draw" if report.winner is None else f"{names[report.winner]} wins"
    if report.levels is None:
        counters = " ".join(f"{c}{p:+d}" for c, p in zip("ROYGBP", report.scores))
        return f"{path}: valid duel, {outcome}, counters {counters}, ended by {report.ended_by}"
    levels = ", ".join(f"{name} {level}" for name, level in zip(names, report.levels))
    return f"{path}: valid, {outcome}, levels {levels}, ended by {report.ended_by}"


def run(paths: list[str], as_json: bool, out: IO[str], stdin: IO[bytes] | None = None) -> int:
    """Check every file, write one line each; 0 when every log is valid, else 1."""
    all_valid = True
    for path in paths:
        report = check_file(path, stdin)
        all_valid &= report.valid
        if as_json:
            line = report.to_json()
            line["file"] = path
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
        else:
            out.write(describe(path, report) + "\n")
    return 0 if all_valid else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="checklog", description="Check Ingenious move logs.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="a log file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="one JSON report per line")
    args = parser.parse_args(argv)
    return run(args.files, args.json, sys.stdout)
