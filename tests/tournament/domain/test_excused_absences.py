"""Excused absences in the standings (both readings), the crosstable, and the end of a tournament.

Hand-worked from `docs/tournament-rules.md`: "Byes, forfeits, withdrawals"
(excused absence: the excused VP with L = D = 0; not a bye, not a game, not
for head-to-head; in the running reading a round sat out), "Standings
order" and "End of a tournament".

The event: four players, 3 rounds, bye 1 VP, excused ½ VP.

    round 1   Ann 9s – Ben 5s (Ann wins, L 9 v 5)      Cy 7s – Di 7s (draw, L 7 v 7)
    round 2   Ann excused                              Ben 8s – Cy 6s (Ben wins)    Di bye
    round 3   Ann 4s – Cy 10s (Cy wins)                Ben 3s – Di 6s (Di wins)

          R1          R2            R3          VP    PD (sum)  PL (sum)  PD (running)      PL (running)
    Ann   1  L9 D+4   exc ½ L0 D0   0 L4 D-6    1½    -2        13        4+4-2 = 6         9+9+13 = 31
    Ben   0  L5 D-4   1 L8 D+2      0 L3 D-3    1     -5        16        -4-2-5 = -11      5+13+16 = 34
    Cy    ½  L7 D0    0 L6 D-2      1 L10 D+6   1½     4        23        0-2+4 = 2         7+13+23 = 43
    Di    ½  L7 D0    bye 1         1 L6 D+3    2½     3        13        0+0+3 = 3         7+7+13 = 27

Standings: Di 2½; Ann and Cy on 1½ met once, Cy won: Cy, then Ann
(head-to-head, before any progressive score); Ben 1 last.  Without the
excused ½, Ann would be level with Ben on 1.
"""

import copy

import pytest

from scoring.standings import crosstable, standings, standings_json
from tournament.domain.records import MatchRecord, PlayerRecord, RoundRecord, Settings, TournamentFile
from tournament.domain.rounds import RoundKind, player_rounds, progress
from tournament.domain.schedule import finished, last_round
from tournament.domain.text import result_text

ANN, BEN, CY, DI = 1, 2, 3, 4


def played(first, second, first_score, second_score):
    return MatchRecord(first, second, "played", [[first_score] * 6, [second_score] * 6])


def event(progressive="sum", excused_match=True, order=(1, 2, 3), rounds=3, round_three_pending=False) -> TournamentFile:
    players = [PlayerRecord(ANN, "Ann", 1, excused_rounds=frozenset({2})), PlayerRecord(BEN, "Ben", 2),
               PlayerRecord(CY, "Cy", 3), PlayerRecord(DI, "Di", 4)]
    round_two = [played(BEN, CY, 8, 6), MatchRecord(DI, None, "bye")]
    if excused_match:
        round_two.append(MatchRecord(ANN, None, "excused"))
    three = [MatchRecord(ANN, CY, "pending") if round_three_pending else played(ANN, CY, 4, 10), played(BEN, DI, 3, 6)]
    by_number = {1: RoundRecord(1, [played(ANN, BEN, 9, 5), played(CY, DI, 7, 7)]),
                 2: RoundRecord(2, round_two), 3: RoundRecord(3, three)}
    settings = Settings(rounds=rounds, bye_half_points=2, excused_half_points=1, progressive=progressive)
    return TournamentFile("Club Night", settings, players, [by_number[n] for n in order])


def lines(record):
    return {line.name: line for line in standings(record)}


def test_an_excused_round_is_worth_the_excused_vp_with_no_level_nor_difference():
    ann = player_rounds(event(), event().rounds)[ANN]
    excused = ann[1]
    assert (excused.kind, excused.half_points, excused.level, excused.difference) == (RoundKind.EXCUSED, 1, 0, 0)
    assert not excused.played and excused.opponent is None
    assert excused.mark == "exc ½"
    assert result_text(MatchRecord(ANN, None, "excused")) == "excused"


def test_the_standings_sum_reading_by_hand():
    table = standings(event())
    assert [(line.place, line.name, line.vp) for line in table] == [
        ("1", "Di", 2.5), ("2", "Cy", 1.5), ("3", "Ann", 1.5), ("4", "Ben", 1.0)]
    by_name = lines(event())
    assert [(by_name[n].metrics["prog_diff"], by_name[n].metrics["prog_level"]) for n in ("Ann", "Ben", "Cy", "Di")] == [
        (-2, 13), (-5, 16), (4, 23), (3, 13)]
    # Head-to-head between Ann and Cy counts their one game (Cy won), never the excused round.
    assert by_name["Ann"].metrics["head_to_head"] == 0 and by_name["Cy"].metrics["head_to_head"] == 1
    assert by_name["Ann"].games_played == 2


def test_the_standings_running_reading_by_hand_the_excused_round_carries_the_total_over():
    by_name = lines(event("running"))
    assert [(by_name[n].metrics["prog_diff"], by_name[n].metrics["prog_level"]) for n in ("Ann", "Ben", "Cy", "Di")] == [
        (6, 31), (-11, 34), (2, 43), (3, 27)]
    assert [line.name for line in standings(event("running"))] == ["Di", "Cy", "Ann", "Ben"]


@pytest.mark.parametrize("reading", ["sum", "running"])
def test_rounds_listed_out_of_order_or_the_absence_without_a_match_give_the_same_standings(reading):
    expected = standings_json(event(reading))
    assert standings_json(event(reading, order=(3, 1, 2))) == expected
    assert standings_json(event(reading, order=(2, 3, 1), excused_match=False)) == expected


def test_without_the_excused_vp_ann_would_be_level_with_ben():
    record = event()
    record.settings.excused_half_points = 0
    assert lines(record)["Ann"].vp == lines(record)["Ben"].vp == 1.0
    # Level on 1 VP, they met in round 1 and Ann won: head-to-head puts her third.
    assert [(line.place, line.name) for line in standings(record)][2:] == [("3", "Ann"), ("4", "Ben")]


def test_the_crosstable_shows_games_only_and_the_round_chart_the_excused_round():
    rows = crosstable(event())
    assert [row.standing.name for row in rows] == ["Di", "Cy", "Ann", "Ben"]
    ann = next(row for row in rows if row.standing.name == "Ann")
    assert ann.cells == ("", "0", "", "1")  # against Di (never met), Cy (lost), self, Ben (won)
    # Round by round (the printed chart of a large field): the excused round is its mark.
    assert [game.mark for game in ann.standing.rounds] == ["1", "exc ½", "0"]


def test_finished_when_the_last_announced_round_is_closed():
    assert last_round(event()) == 3 and finished(event())
    assert progress(event()).title("Standings") == "Final standings"
    assert progress(event()).title("Crosstable") == "Crosstable, final standings"
    going_on = event(rounds=4)  # the organiser raised the announced rounds
    assert not finished(going_on) and progress(going_on).standings_title == "Standings after round 3"
    under_way = event(round_three_pending=True)
    assert not finished(under_way) and progress(under_way).standings_title == "Standings during round 3"


def test_a_site_round_is_finished_only_once_closed_by_the_organiser():
    record = event()
    latest = next(r for r in record.rounds if r.number == 3)
    latest.closed_on_site = False  # every result in, but the organiser has not closed it
    assert not finished(record)
    latest.closed_on_site = True
    assert finished(record)


def test_an_all_play_alls_last_round_is_its_tables_whatever_was_announced():
    record = copy.deepcopy(event(rounds=9))
    record.settings.system = "all-play-all"
    assert last_round(record) == 3  # four players: three rounds
    record.players.append(PlayerRecord(5, "Eve", 5, joined_round=2))  # a late entry is not in the table
    assert last_round(record) == 3
    record.players.append(PlayerRecord(6, "Fay", 6))  # five in round 1: five rounds
    assert last_round(record) == 5


def test_a_player_withdrawn_before_round_one_is_in_the_table_only_if_round_one_holds_them():
    record = event(rounds=9)
    record.settings.system = "all-play-all"
    record.players.append(PlayerRecord(5, "Eve", 5, withdrawn_after_round=0))
    assert last_round(record) == 3  # never entered round 1: four players, three rounds
    record.rounds[0].matches.append(MatchRecord(5, None, "bye"))  # paired in round 1, then withdrawn
    assert last_round(record) == 5  # the table of five is kept
