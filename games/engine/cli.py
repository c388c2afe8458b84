"""The `checklog` and `analyse` commands of `docs/command-line.md`, usable with or without Django."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from .analysis import REACH, Analysis, NotAnalysed, analyse_text
from .log import Report, check_text


def _read(path: str, stdin: IO[bytes] | None) -> bytes:
    if path == "-":
        return (stdin or sys.stdin.buffer).read()
    with open(path, "rb") as handle:
        return handle.read()


def check_file(path: str, stdin: IO[bytes] | None = None) -> Report:
    """The checker report for one file (`-` is standard input); an unreadable file is `bad-format`."""
    try:
        data = _read(path, stdin)
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


def analysis_words(analysis: Analysis) -> str:
    """The analysis as a table in words: a line a placement, then a line a player."""
    names = analysis.names
    lines = [f"{' v '.join(names)} ({analysis.rules}): {len(analysis.positions)} placements. {REACH}"]
    for p in analysis.positions:
        bonus = " (bonus)" if p.bonus else ""
        equals = f" (one of {p.best_count})" if p.best_count > 1 else ""
        rank = f"best of {p.candidates}" if p.is_best else p.rank_words
        lines.append(f"event {p.event}: {names[p.player]}{bonus} played {p.played.words}: {rank}; "
                     f"best: {p.best.words}{equals}")
    for name, figures in zip(names, analysis.players):
        mean = "" if figures.mean_rank is None else f", mean rank {figures.mean_rank:.1f}"
        lines.append(f"{name}: {figures.words}{mean}")
    return "\n".join(lines) + "\n"


def analyse_file(path: str, as_json: bool, out: IO[str], err: IO[str], stdin: IO[bytes] | None = None) -> int:
    """Analyse one log and write the table in words or the JSON; 1, with the reason on `err`, when it is not analysed."""
    try:
        analysis = analyse_text(_read(path, stdin))
    except OSError as error:
        err.write(f"{path}: cannot read it: {error.strerror or error}\n")
        return 1
    except NotAnalysed as refused:
        err.write(f"{path}: not analysed: {refused.message}\n")
        return 1
    out.write(json.dumps(analysis.to_json(), ensure_ascii=False) + "\n" if as_json else analysis_words(analysis))
    return 0


def analyse_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="analyse", description="Analyse a finished game's move log: "
                                     "each placement's rank among the candidates of the rack. " + REACH)
    parser.add_argument("file", metavar="FILE", help="a log file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="the analysis as one JSON object")
    args = parser.parse_args(argv)
    return analyse_file(args.file, args.json, sys.stdout, sys.stderr)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="checklog", description="Check Ingenious move logs.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="a log file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="one JSON report per line")
    args = parser.parse_args(argv)
    return run(args.files, args.json, sys.stdout)
