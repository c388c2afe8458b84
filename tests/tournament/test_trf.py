"""TRF-16 export (`tournament/tfile/trf.py`), worked by hand from the FIDE TRF16 column table.

Columns (1-based): 1-3 `001`, 5-8 starting rank, 15-47 name, 49-52 rating,
81-84 points, 86-89 rank, round r at 92+10(r-1): 4 opponent, 1 blank,
colour, 1 blank, result.
"""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.pairing.next_round import entrants
from tournament.tfile.simulate import simulate
from tournament.tfile import parse
from tournament.tfile.trf import to_trf

from tests.factories import DRAW, LOSS, WIN, bye, forfeit, played, tournament  # noqa: F401 - test_pdf_marks and test_trf_readers take them from here too

# Ids differ from the starting ranks on purpose: the TRF must use seed order (1..n), not ids.
FIVE = [
    {"id": 10, "name": "Ann Able", "rating": 1830},
    {"id": 20, "name": "Ben Baker", "rating": None},
    {"id": 30, "name": "Cy Cole", "rating": 1700},
    {"id": 40, "name": "Di Dunn", "rating": 1650},
    {"id": 50, "name": "Ed Eng"},
]
FIVE_ROUNDS = [
    # round 1: Ann beats Cy; Di and Ben draw; Ed has the bye
    [played(10, 30, WIN), played(40, 20, DRAW), bye(50)],
    # round 2: Cy loses to Ed (Ed second); Ann does not come, Ben wins by forfeit; Di has the bye
    [played(30, 50, LOSS), forfeit(20, 10, 20), bye(40)],
]

# Worked by hand.  VP: Ann 1+0 = 1, Ben ½+1 = 1½, Cy 0, Di ½+1 = 1½, Ed 1+1 = 2.
# Rank by VP, ties in seed order: Ed 1, Ben 2, Di 3 (tied with Ben, later seed), Ann 4, Cy 5.
#          001 SSSS  sex/title  name (15-47)                      ratg  (53-80: blank)                 pts  rank  round 1   round 2
FIVE_LINES = [
    "001    1      Ann Able                          1830                             1.0    4     3 w 1     2 b -",
    "001    2      Ben Baker                                                          1.5    2     4 b =     1 w +",
    "001    3      Cy Cole                           1700                             0.0    5     1 b 0     5 w 0",
    "001    4      Di Dunn                           1650                             1.5    3     2 w =  0000 - F",
    "001    5      Ed Eng                                                             2.0    1  0000 - F     3 b 1",
]


def trf_of(obj, **options):
    """TRF with byes written by value (F/H/Z), as the hand-worked lines below expect."""
    options.setdefault("pairing_bye", False)
    return to_trf(parse(obj), **options)


def player_lines(text):
    return [line for line in text.splitlines() if line.startswith("001")]


def col(line, first, last):
    """Columns first..last, 1-based and inclusive, as the TRF table numbers them."""
    return line[first - 1 : last]


def blocks(line):
    """Each round block of a 001 line as (opponent, colour, result)."""
    out = []
    start = 92
    while start <= len(line):
        block = line[start - 1 : start + 7]
        assert col(line, start - 2, start - 1) == "  "
        assert block[4] == " " and block[6] == " "
        out.append((int(block[0:4]), block[5], block[7]))
        start += 10
    return out


def test_header_lines():
    lines = trf_of(tournament(FIVE, FIVE_ROUNDS)).splitlines()
    assert lines[0] == "012 Hand Cup"
    assert lines[1] == "XXR 5"


def test_five_players_two_rounds_exact_lines():
    assert player_lines(trf_of(tournament(FIVE, FIVE_ROUNDS))) == FIVE_LINES


def test_five_players_columns():
    """The same lines, read back field by field at the columns of the TRF16 table."""
    lines = player_lines(trf_of(tournament(FIVE, FIVE_ROUNDS)))
    ann, ben, cy, di, ed = lines
    assert [col(line, 1, 3) for line in lines] == ["001"] * 5
    assert [col(line, 5, 8) for line in lines] == ["   1", "   2", "   3", "   4", "   5"]
    assert col(ann, 15, 47) == "Ann Able".ljust(33)
    assert [col(line, 49, 52) for line in lines] == ["1830", "    ", "1700", "1650", "    "]
    assert [col(line, 81, 84) for line in lines] == [" 1.0", " 1.5", " 0.0", " 1.5", " 2.0"]
    assert [col(line, 86, 89) for line in lines] == ["   4", "   2", "   5", "   3", "   1"]
    # round 1 at 92-99, round 2 at 102-109
    assert col(ann, 92, 95) == "   3" and col(ann, 97, 97) == "w" and col(ann, 99, 99) == "1"
    assert col(cy, 92, 95) == "   1" and col(cy, 97, 97) == "b" and col(cy, 99, 99) == "0"
    assert col(ben, 92, 99) == "   4 b ="
    assert col(di, 92, 99) == "   2 w ="
    assert col(ed, 92, 99) == "0000 - F"
    assert col(ben, 102, 109) == "   1 w +"
    assert col(ann, 102, 109) == "   2 b -"
    assert col(di, 102, 109) == "0000 - F"
    assert col(ed, 102, 109) == "   3 b 1"
    assert col(cy, 102, 109) == "   5 w 0"
    assert all(len(line) == 109 for line in lines)


def test_three_players_half_point_bye_and_double_forfeit():
    players = [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}]
    rounds = [[played(2, 1, DRAW), bye(3)], [forfeit(3, 1, None), bye(2)]]
    lines = player_lines(trf_of(tournament(players, rounds, bye_vp=0.5)))
    # A: ½ + 0 = ½; B: ½ + ½ = 1; C: ½ + 0 = ½.  Ranks: B 1, A 2, C 3.
    pad = " " * 32  # name "A" in a 33-column field
    assert lines == [
        f"001    1      A{pad}" + " " * 33 + " 0.5    2     2 b =     3 b -",
        f"001    2      B{pad}" + " " * 33 + " 1.0    1     1 w =  0000 - H",
        f"001    3      C{pad}" + " " * 33 + " 0.5    3  0000 - H     1 w -",
    ]


def test_zero_point_bye():
    players = [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}]
    lines = player_lines(trf_of(tournament(players, [[played(1, 2, WIN), bye(3)]], bye_vp=0)))
    # B and C are level on 0 VP; C's bye leaves C's progressive difference at 0, B's lost game at −5:
    # the standings put C second, B third, and so does the rank column.
    assert col(lines[2], 81, 99) == " 0.0    2  0000 - Z"
    assert col(lines[1], 81, 89) == " 0.0    3"


def test_byes_are_pairing_allocated_u_by_default():
    text = to_trf(parse(tournament(FIVE, FIVE_ROUNDS)))
    assert player_lines(text)[4].endswith("0000 - U     3 b 1")  # Ed's round-1 bye
    assert "0000 - F" not in text


def test_pairing_bye_option_writes_u_and_its_value():
    players = [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}]
    obj = tournament(players, [[played(1, 2, WIN), bye(3)]])
    text = trf_of(obj, pairing_bye=True)
    assert col(player_lines(text)[2], 81, 99) == " 1.0    2  0000 - U"  # tied with A (seed 1) on 1 VP
    assert "XXS" not in text  # a bye worth 1 is every reader's default
    obj["settings"]["bye_vp"] = 0.5
    text = trf_of(obj, pairing_bye=True)
    assert text.splitlines()[2:4] == ["XXS PAB=0.5", "BBU  0.5"]  # bbpPairings: the value in columns 5-8
    assert col(player_lines(text)[2], 81, 99) == " 0.5    2  0000 - U"


def test_withdrawn_late_entry_and_pending_round():
    players = [
        {"id": 1, "name": "A", "withdrawn_after_round": 1},
        {"id": 2, "name": "B"},
        {"id": 3, "name": "C"},
        {"id": 4, "name": "D", "joined_round": 2},
    ]
    rounds = [
        [played(1, 2, LOSS), bye(3)],  # D has not joined yet
        [played(4, 3, WIN), bye(2)],  # A withdrew after round 1
        [{"first": 2, "second": 4, "status": "pending"}, bye(3)],  # pending: the whole round is left out
    ]
    obj = tournament(players, rounds, late_entry_vp=0.5)
    lines = player_lines(trf_of(obj))
    # A: 0 + absent (Z) = 0; B: 1 + bye 1 = 2; C: bye 1 + 0 = 1; D: late ½ (H) + 1 = 1½.
    assert [col(line, 81, 84) for line in lines] == [" 0.0", " 2.0", " 1.0", " 1.5"]
    assert [col(line, 86, 89) for line in lines] == ["   4", "   1", "   3", "   2"]
    assert [col(line, 92, len(line)) for line in lines] == [
        "   2 w 0  0000 - Z",
        "   1 b 1  0000 - F",
        "0000 - F     4 b 0",
        "0000 - H     3 w 1",
    ]
    # the same VP as the pairing engine gives before round 3
    assert [e.half_points for e in entrants(parse(obj), 3)] == [0, 4, 2, 3]
    assert trf_of(obj).splitlines()[1] == "XXR 5"


def test_all_play_all_idle_player_and_rounds():
    players = [{"id": i, "name": f"P{i}"} for i in range(1, 4)]
    obj = tournament(players, [[played(1, 2, WIN)]], system="all-play-all")
    text = trf_of(obj)
    assert text.splitlines()[1] == "XXR 3"  # Berger table for 3 players: 3 rounds
    assert col(player_lines(text)[2], 92, 99) == "0000 - Z"  # idle: 0 VP, not a bye


def test_long_name_is_cut_to_its_field():
    players = [{"id": 1, "name": "Bartholomew Fitzwilliam-Montgomery III", "rating": 1500}, {"id": 2, "name": "B"}]
    line = player_lines(trf_of(tournament(players, [])))[0]
    assert col(line, 15, 47) == "Bartholomew Fitzwilliam-Montgomer"
    assert col(line, 48, 52) == " 1500"
    assert len(line) == 89  # no rounds yet: the line ends with the rank


def check_consistent(text, record, rounds):
    lines = player_lines(text)
    assert len(lines) == len(record.players)
    by_rank = {}
    for line in lines:
        assert len(line) == 89 + 10 * rounds
        by_rank[int(col(line, 5, 8))] = blocks(line)
    assert sorted(by_rank) == list(range(1, len(record.players) + 1))
    complement = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-"}
    played_games = 0
    for number, player_blocks in by_rank.items():
        assert len(player_blocks) == rounds
        for r, (opponent, colour, result) in enumerate(player_blocks):
            if opponent == 0:
                assert colour == "-" and result in "FHZU"
                continue
            other_opponent, other_colour, other_result = by_rank[opponent][r]
            assert other_opponent == number
            assert {colour, other_colour} == {"w", "b"}
            assert other_result in complement[result]
            played_games += result in "10="
    return played_games


def test_simulated_twenty_players_seven_rounds():
    obj = simulate(20, 7, seed=11, forfeit_chance=0.05)
    record = parse(obj)
    text = to_trf(record)
    played_games = check_consistent(text, record, 7)
    assert played_games == 2 * sum(m["status"] == "played" for r in obj["rounds"] for m in r["matches"])
    # the points column is the VP the pairing engine would use for round 8
    vp = {e.seed: e.half_points for e in entrants(record, 8)}
    for line in player_lines(text):
        assert col(line, 81, 84) == f"{vp[int(col(line, 5, 8))] / 2:4.1f}"
    places = sorted((int(col(line, 86, 89)), -vp[int(col(line, 5, 8))]) for line in player_lines(text))
    assert [p for p, _ in places] == list(range(1, 21))
    assert [v for _, v in places] == sorted(v for _, v in places)  # rank follows VP


def test_simulated_with_withdrawals_and_late_entries():
    obj = simulate(15, 6, seed=5, forfeit_chance=0.1, withdraw_chance=0.05, late_entries=2)
    obj["settings"]["late_entry_vp"] = 0.5
    record = parse(obj)
    text = to_trf(record)
    check_consistent(text, record, 6)
    vp = {e.seed: e.half_points for e in entrants(record, 7)}
    for line in player_lines(text):
        assert col(line, 81, 84) == f"{vp[int(col(line, 5, 8))] / 2:4.1f}"


def test_py4swiss_reads_the_file(tmp_path):
    """An independent reader: py4swiss parses the columns and checks points and opponents agree."""
    trf = pytest.importorskip("py4swiss.trf", reason="py4swiss is not installed (optional cross-check)")
    obj = simulate(15, 6, seed=5, forfeit_chance=0.1, withdraw_chance=0.05, late_entries=2)
    obj["settings"]["late_entry_vp"] = 0.5
    path = tmp_path / "t.trf"
    path.write_text(to_trf(parse(obj), pairing_bye=True), encoding="utf-8")
    parsed = trf.TrfParser.parse(path, strict=True)  # raises on a column or consistency fault
    assert parsed.x_section.number_of_rounds == 6
    assert [s.starting_number for s in parsed.player_sections] == list(range(1, 16))
    assert parsed.player_sections[0].name == "Ann Able"
    assert parsed.player_sections[0].fide_rating == 2000


def test_command_prints_trf(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(tournament(FIVE, FIVE_ROUNDS)))
    out = io.StringIO()
    call_command("export_trf", str(path), "--bye-codes", stdout=out)
    assert player_lines(out.getvalue()) == FIVE_LINES
    out = io.StringIO()
    call_command("export_trf", str(path), stdout=out)
    assert player_lines(out.getvalue()) == [line.replace("0000 - F", "0000 - U") for line in FIVE_LINES]


def test_command_bad_file(tmp_path):
    path = tmp_path / "bad.json"
    obj = tournament(FIVE, FIVE_ROUNDS)
    obj["rounds"][0]["matches"][0]["scores"][1][3] = 19
    path.write_text(json.dumps(obj))
    with pytest.raises(CommandError) as raised:
        call_command("export_trf", str(path))
    assert raised.value.returncode == 2
    assert "rounds[0].matches[0].scores[1][3]: 19 is above 18" in str(raised.value)


def test_command_missing_file(tmp_path):
    with pytest.raises(CommandError) as raised:
        call_command("export_trf", str(Path(tmp_path) / "nope.json"))
    assert raised.value.returncode == 2
