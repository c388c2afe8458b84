"""The one standings report (scoring/report.py): what every standings page, sheet and file reads."""

from scoring.report import standings_report
from scoring.standings import crosstable, round_chart, standings, standings_json
from tournament.domain.rounds import half_points_before, progress
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

from .test_standings import game, pending, tournament


def test_the_report_holds_what_each_page_made_for_itself():
    record = parse(simulate(13, 7, seed=3, forfeit_chance=0.05, withdraw_chance=0.03, late_entries=2))
    report = standings_report(record)
    assert list(report.lines) == standings(record)
    assert report.crosstable == crosstable(record)
    assert report.round_chart == round_chart(record)
    assert report.json == standings_json(record)
    assert report.progress == progress(record)


def test_vp_before_a_round_read_from_the_report_as_the_record_gives_it():
    # Late entries (VP for the rounds missed), forfeits and withdrawals: every round before the last is counted.
    record = parse(simulate(13, 7, seed=3, forfeit_chance=0.05, withdraw_chance=0.03, late_entries=2))
    report = standings_report(record)
    for number in range(1, 8):
        assert report.half_points_before(number) == half_points_before(record, number), number


def test_vp_before_a_round_is_not_read_from_the_report_past_a_round_with_no_result():
    # Round 1 played (1 beats 2, 3 beats 4); round 2, the last, out with no result yet: the report counts round 1
    # only, so it gives the VP before round 2 but cannot say what comes after round 2.
    record = tournament(4, [[game(1, 2, 9, 8), game(3, 4, 9, 8)], [pending(1, 3), pending(2, 4)]])
    report = standings_report(record)
    assert report.half_points_before(2) == {1: 2, 2: 0, 3: 2, 4: 0} == half_points_before(record, 2)
    assert report.half_points_before(3) is None
