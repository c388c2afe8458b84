"""The tournament domain's rules on small hand-worked cases (`docs/tournament-rules.md`)."""

import pytest

from tournament.domain.enums import System, resolved_system
from tournament.domain.game_logs import log_mismatch
from tournament.domain.records import MatchRecord, PlayerRecord, RoundRecord, Settings, TournamentFile
from tournament.domain.results import GameResult, ScoreFault, both_complete, check_scores
from tournament.domain.rounds import RoundKind, completed_rounds, counted_rounds, player_rounds, progress, rounds_before
from tournament.domain.text import format_result, format_vp, result_text


@pytest.mark.parametrize("half_points, text", [(0, "0"), (1, "½"), (2, "1"), (7, "3½"), (10, "5")])
def test_vp_are_written_with_halves_as_a_fraction(half_points, text):
    assert format_vp(half_points) == text


def test_results_are_written_from_the_first_players_side():
    assert (format_result(2, 0), format_result(1, 1), format_result(0, 2)) == ("1–0", "½–½", "0–1")
    assert result_text(MatchRecord(1, 2, "forfeit", winner=2)) == "0–1 forfeit"
    assert result_text(MatchRecord(1, 2, "forfeit", winner=None)) == "0–0 (both absent)"
    assert result_text(MatchRecord(1, None, "bye")) == "bye"
    assert result_text(MatchRecord(1, 2, "pending")) == ""


def test_a_result_with_the_players_names_is_read_back_as_the_organisers_pages_write_it():
    names = ("Ann Able", "Ben Baker")
    assert result_text(MatchRecord(1, 2, "played", scores=[[6] * 6, [6] * 6]), names) == "Ann Able ½–½ Ben Baker"
    assert result_text(MatchRecord(1, 2, "played", scores=[[5] * 6, [6] * 6]), names) == "Ann Able 0–1 Ben Baker"
    assert result_text(MatchRecord(1, 2, "forfeit", winner=1), names) == "Ann Able 1–0 Ben Baker (forfeit)"
    assert result_text(MatchRecord(1, 2, "forfeit", winner=2), names) == "Ann Able 0–1 Ben Baker (forfeit)"
    assert result_text(MatchRecord(1, 2, "forfeit"), names) == "Ann Able 0–0 Ben Baker (both absent)"


def test_a_game_is_won_on_the_lowest_colour_then_the_next():
    # Ann's sorted scores 5 7 9 9 9 9 against Ben's 5 6 18 18 18 18: level on 5, Ann ahead on 7 v 6.
    result = GameResult.of([[5, 7, 9, 9, 9, 9], [18, 6, 5, 18, 18, 18]])
    assert result.winner == 0 and result.half_points == (2, 0)
    assert result.levels == (5, 5) and result.differences == (0, 0)
    # Same six numbers in other colours: the sorted lists are identical, a draw.
    draw = GameResult.of([[4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4]])
    assert draw.winner is None and draw.half_points == (1, 1)
    lost = GameResult.of([[3, 18, 18, 18, 18, 18], [4, 4, 4, 4, 4, 4]], flagged=[True, False])
    assert lost.half_points == (0, 2) and lost.differences == (-1, 1) and lost.flagged == (True, False)


@pytest.mark.parametrize("scores, place, problem", [
    ([[1] * 6], "", "must be two lists of six scores (first player's first)"),
    ([[1] * 6, [1] * 5], "[1]", "must be six scores in colour order R O Y G B P"),
    ([[1] * 6, [1, 2, 3, 19, 1, 1]], "[1][3]", "19 is above 18"),
    ([[1, -1, 1, 1, 1, 1], [1] * 6], "[0][1]", "-1 is below 0"),
    ([[1, 1, True, 1, 1, 1], [1] * 6], "[0][2]", "true is not a whole number"),
    ([[1, 1, 1, 1, 1, 2.0], [1] * 6], "[0][5]", "2.0 is not a whole number"),
])
def test_scores_outside_a_game_are_refused_with_their_place(scores, place, problem):
    with pytest.raises(ScoreFault) as fault:
        check_scores(scores)
    assert (fault.value.place, fault.value.problem) == (place, problem)


def test_only_one_player_can_reach_18_in_every_colour():
    assert both_complete([[18] * 6, [18] * 6])
    assert not both_complete([[18] * 6, [17] + [18] * 5])


def test_auto_is_all_play_all_up_to_ten_entries():
    assert resolved_system("auto", 10) == System.ALL_PLAY_ALL
    assert resolved_system("auto", 11) == System.SWISS
    assert resolved_system("swiss", 4) == System.SWISS


def played(first, second, first_low, second_low):
    return MatchRecord(first, second, "played", scores=[[first_low] + [18] * 5, [second_low] + [18] * 5])


@pytest.fixture
def record():
    """Four players, 4 joining in round 2 (late-entry VP ½); the rounds listed out of order.

    Round 1: 1 beats 2 (L 6 v 4), 3 has the bye (1 VP), 4 not entered yet.
    Round 2: 4 wins by forfeit against 1; 2 v 3 drawn (L 5 each).
    Round 3, under way: 1 v 3 pending; 4 beats 2 (L 7 v 3).
    """
    settings = Settings(bye_half_points=2, late_entry_half_points=1)
    players = [PlayerRecord(1, "Ann", 1), PlayerRecord(2, "Ben", 2), PlayerRecord(3, "Cy", 3),
               PlayerRecord(4, "Di", 4, joined_round=2)]
    rounds = [
        RoundRecord(3, [MatchRecord(1, 3, "pending"), played(4, 2, 7, 3)]),
        RoundRecord(1, [played(1, 2, 6, 4), MatchRecord(3, None, "bye")]),
        RoundRecord(2, [MatchRecord(4, 1, "forfeit", winner=4), played(2, 3, 5, 5)]),
    ]
    return TournamentFile("Hand-worked", settings, players, rounds)


def test_which_rounds_count_where(record):
    assert [r.number for r in counted_rounds(record)] == [1, 2, 3]  # round 3 has one result in
    assert [r.number for r in completed_rounds(record)] == [1, 2]  # TRF: every result in
    assert [r.number for r in rounds_before(record, 3)] == [1, 2]  # pairing round 3 reads these
    assert progress(record).phrase == "during round 3"
    assert progress(TournamentFile("Empty", Settings(), [], [])).phrase == "before round 1"


def test_what_each_player_got_in_each_round(record):
    rounds = player_rounds(record, counted_rounds(record))
    summary = {player: [(r.kind, r.half_points, r.level, r.difference, r.opponent) for r in games]
               for player, games in rounds.items()}
    assert summary == {
        1: [(RoundKind.PLAYED, 2, 6, 2, 2), (RoundKind.FORFEIT_LOSS, 0, 0, 0, 4), (RoundKind.PENDING, 0, 0, 0, 3)],
        2: [(RoundKind.PLAYED, 0, 4, -2, 1), (RoundKind.PLAYED, 1, 5, 0, 3), (RoundKind.PLAYED, 0, 3, -4, 4)],
        3: [(RoundKind.BYE, 2, 0, 0, None), (RoundKind.PLAYED, 1, 5, 0, 2), (RoundKind.PENDING, 0, 0, 0, 1)],
        4: [(RoundKind.LATE_ENTRY, 1, 0, 0, None), (RoundKind.FORFEIT_WIN, 2, 0, 0, 1), (RoundKind.PLAYED, 2, 7, 4, 2)],
    }
    assert [r.mark for r in rounds[4]] == ["late ½", "+", "1"]
    assert [r.table for r in rounds[2]] == [1, 2, 2]


def test_a_log_is_its_matchs_game():
    log = {"players": [" ann able", "BEN BAKER "], "rules": "mso", "clock_s": 600}
    assert log_mismatch(log, "Ann Able", "Ben Baker", 600) is None
    assert log_mismatch(dict(log, clock_s=None), "Ann Able", "Ben Baker", 900) is None  # no clock on the log
    assert log_mismatch(log, "Ben Baker", "Ann Able", 600) == "the log has ann able playing first, the match has Ben Baker"
    assert log_mismatch(dict(log, rules="kosmos"), "Ann Able", "Ben Baker", 600).startswith("the log is played under kosmos")
    assert log_mismatch(dict(log, players=["A", "B", "C"]), "Ann Able", "Ben Baker", 600) == (
        "a match is a game for two, but the move log has 3 players")
