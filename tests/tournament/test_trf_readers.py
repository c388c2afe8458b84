"""TRF-16 export as the programs that read it see it.

Two readers outside the project: bbpPairings (its README and `src/fileformats/trf.cpp`)
and py4swiss (a test dependency).  bbpPairings' rules, as written:

- a point value line is `BBW pp.p`, `BBD pp.p`, `BBL`, `BBZ`, `BBF`, `BBU`: the
  code, a space, the value in the four characters of columns 5-8 (`BBU  0.5`);
  the line is refused as invalid when shorter than 8 characters;
- unset values default to W 1.0, D 0.5, L 0.0, Z 0.0, F 0.0, and U to W's value;
- each player's score is recomputed from the result codes of the round blocks
  (`1` `+` `W` `F`: BBW; `=` `D` `H`: BBD; `0` `L`: BBL; `-` (paired): BBF;
  `Z` or blank: BBZ; `U`: BBU) and a file whose points column disagrees is refused.
"""

import os
import shutil
import subprocess

import pytest

from tournament.tfile import parse
from tournament.tfile.trf import to_trf

from tests.factories import WIN, played, seven_players, tournament

from .test_trf import col, player_lines

DEFAULT_POINTS = {"BBW": 10, "BBD": 5, "BBL": 0, "BBZ": 0, "BBF": 0}  # tenths of a point


def point_values(text: str) -> dict[str, int]:
    """The BB* values of a TRF, read as bbpPairings reads them (tenths); a malformed line fails the test."""
    values = dict(DEFAULT_POINTS)
    for line in text.splitlines():
        code = line[:3]
        if code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            assert len(line) >= 8, f"bbpPairings refuses {line!r}: the value goes in columns 5-8"
            field = line[4:12].strip()
            whole, _, tenth = field.partition(".")
            assert whole.isdigit() and len(tenth) == 1 and tenth.isdigit(), f"{line!r}: not pp.p"
            values[code] = int(whole) * 10 + int(tenth)
    values.setdefault("BBU", values["BBW"])
    return values


def recomputed_score(line: str, values: dict[str, int]) -> int:
    """A 001 line's score in tenths, from its round blocks alone, by bbpPairings' mapping of result codes."""
    total, start = 0, 92
    while start <= len(line):
        result = line[start + 6] if start + 6 < len(line) else " "
        total += values[{"1": "BBW", "+": "BBW", "W": "BBW", "F": "BBW", "=": "BBD", "D": "BBD", "H": "BBD",
                         "0": "BBL", "L": "BBL", "-": "BBF", "Z": "BBZ", " ": "BBZ", "U": "BBU"}[result.upper()]]
        start += 10
    return total


def points_column(line: str) -> int:
    whole, _, tenth = col(line, 81, 84).strip().partition(".")
    return int(whole) * 10 + int(tenth)


def seven(bye_vp, late_vp, excused_vp):
    """tests.factories' seven players over three rounds: a bye, an excused absence, a withdrawal, a late entry,
    forfeits."""
    return parse(seven_players(3, bye_vp=bye_vp, late_entry_vp=late_vp, excused_vp=excused_vp))


VALUES = [(1, 0, 0), (0.5, 0.5, 0.5), (0, 1, 1), (0.5, 0, 1)]


@pytest.mark.parametrize("pairing_bye", [True, False])
@pytest.mark.parametrize("bye_vp, late_vp, excused_vp", VALUES)
def test_every_score_is_what_bbppairings_recomputes_from_the_results(bye_vp, late_vp, excused_vp, pairing_bye):
    text = to_trf(seven(bye_vp, late_vp, excused_vp), pairing_bye=pairing_bye)
    values = point_values(text)
    lines = player_lines(text)
    assert len(lines) == 7
    for line in lines:
        assert recomputed_score(line, values) == points_column(line), line


def test_a_half_point_bye_is_written_in_the_four_character_field():
    text = to_trf(seven(0.5, 0.5, 0.5))
    assert "BBU  0.5" in text.splitlines()
    assert "BBU 0.5" not in text.splitlines()
    # By hand: Ann 1+0+0, Ben 0+½+1, Cy ½+1+1, Di ½+exc ½+0 (both absent), Ed + then bye ½ then 0,
    # Flo − then absent twice, Gus late ½ + ½ + − (both absent).
    assert [col(line, 81, 84) for line in player_lines(text)] == [
        " 1.0", " 1.5", " 2.5", " 1.0", " 1.5", " 0.0", " 1.0"]
    ed = player_lines(text)[4]
    assert col(ed, 102, 109) == "0000 - U"


def test_a_zero_point_bye_is_written_as_a_bbu_of_zero():
    text = to_trf(seven(0, 0, 0))
    assert "BBU  0.0" in text.splitlines() and "XXS PAB=0.0" in text.splitlines()
    assert point_values(text)["BBU"] == 0


def test_a_bye_worth_one_needs_no_point_line():
    text = to_trf(seven(1, 0, 0))
    assert not any(line.startswith(("BB", "XXS")) for line in text.splitlines())


def test_the_rank_column_is_the_standings_order_not_vp_then_seed():
    # Round 1: Ben (seed 2) beats Ann (seed 1), Cy beats Di.  Round 2: Ann beats Di, Cy beats Ben.
    # Ann and Ben are level on 1 VP; Ben won their game, so head-to-head puts Ben above Ann:
    # ranks Cy 1, Ben 2, Ann 3, Di 4 (VP then seed would have put Ann 2, Ben 3).
    players = [{"id": i, "name": n} for i, n in enumerate(("Ann", "Ben", "Cy", "Di"), start=1)]
    rounds = [[played(2, 1, WIN), played(3, 4, WIN)], [played(1, 4, WIN), played(3, 2, WIN)]]
    lines = player_lines(to_trf(parse(tournament(players, rounds))))
    assert [col(line, 81, 89) for line in lines] == [" 1.0    3", " 1.0    2", " 2.0    1", " 0.0    4"]


def test_the_rank_leaves_out_a_round_still_under_way():
    # Round 2 has a result for Ann and Ben's game but none yet for Cy and Di's: the file describes round 1
    # only, where Cy beat Di and Ann beat Ben; the ranks are those after round 1 (Ann 1, Cy 2, Ben 3, Di 4),
    # not the standings during round 2 (in which Ben's round-2 win would lift him level with Ann).
    players = [{"id": i, "name": n} for i, n in enumerate(("Ann", "Ben", "Cy", "Di"), start=1)]
    rounds = [[played(1, 2, WIN), played(3, 4, WIN)],
              [played(2, 4, WIN), {"first": 1, "second": 3, "status": "pending"}]]
    lines = player_lines(to_trf(parse(tournament(players, rounds))))
    assert [col(line, 81, 89) for line in lines] == [" 1.0    1", " 0.0    3", " 1.0    2", " 0.0    4"]


@pytest.mark.parametrize("bye_vp, late_vp, excused_vp", VALUES)
def test_py4swiss_reads_every_shape(tmp_path, bye_vp, late_vp, excused_vp):
    """py4swiss checks each score against its own point line (`XXS PAB=`) and the results against each other.

    Its strict mode refuses any code it does not know, bbpPairings' `BB*` among them, so the file is read
    strictly without those lines and, as py4swiss reads another program's file, leniently with them."""
    trf = pytest.importorskip("py4swiss.trf", reason="py4swiss is not installed (optional cross-check)")
    text = to_trf(seven(bye_vp, late_vp, excused_vp))
    strict, lenient = tmp_path / "strict.trf", tmp_path / "lenient.trf"
    strict.write_text("".join(line + "\n" for line in text.splitlines() if not line.startswith("BB")))
    lenient.write_text(text, encoding="utf-8")
    for parsed in (trf.TrfParser.parse(strict, strict=True), trf.TrfParser.parse(lenient)):
        assert [s.starting_number for s in parsed.player_sections] == list(range(1, 8))
        assert [s.name for s in parsed.player_sections][:2] == ["Ann Able", "Ben Baker"]
        assert [s.rank for s in parsed.player_sections] == [int(col(line, 86, 89)) for line in player_lines(text)]


# bbpPairings itself, when it is installed (it is a C++ program: build it from its repository and put it on the
# PATH as bbpPairings.exe, its own name for the binary, or name it in BBPPAIRINGS).
BBPPAIRINGS = os.environ.get("BBPPAIRINGS") or shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")


@pytest.mark.skipif(not BBPPAIRINGS, reason="bbpPairings is not installed (set BBPPAIRINGS to its binary)")
@pytest.mark.parametrize("pairing_bye", [True, False])
@pytest.mark.parametrize("bye_vp, late_vp, excused_vp", VALUES)
def test_bbppairings_reads_the_file_and_pairs_the_next_round(tmp_path, bye_vp, late_vp, excused_vp, pairing_bye):
    path = tmp_path / "t.trf"
    path.write_text(to_trf(seven(bye_vp, late_vp, excused_vp), pairing_bye=pairing_bye), encoding="utf-8")
    run = subprocess.run([BBPPAIRINGS, "--dutch", str(path), "-p", str(tmp_path / "pairs.txt")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr  # it refuses a malformed line or a score its results do not add up to
    assert (tmp_path / "pairs.txt").read_text().splitlines()[0].strip().isdigit()  # the number of tables
