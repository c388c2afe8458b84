"""The result in words, as the confirm pages and the results grid say it before a result counts."""

from tournament.domain.text import result_words


def test_the_lowest_colour_decides():
    scores = [[4, 9, 10, 12, 8, 7], [5, 6, 6, 7, 18, 6]]  # lowest: Ann 4, Ben 5
    assert result_words("Ann Able", "Ben Baker", scores) == "Ben Baker wins, 5 v 4 in the lowest colour"


def test_a_later_colour_decides_when_the_lowest_are_level():
    # ascending: Ann 3 7 8 9 10 11, Ben 3 6 12 12 12 12: level at 3, then 7 against 6
    scores = [[7, 3, 8, 9, 10, 11], [12, 12, 3, 12, 6, 12]]
    assert result_words("Ann Able", "Ben Baker", scores) == \
        "Ann Able wins, 7 v 6 in the second-lowest colour (both 3 in the lowest colour)"
    # ascending: Ann 2 2 5 9 9 9, Ben 2 2 5 9 9 10: level up to the highest colour
    scores = [[9, 2, 9, 5, 2, 9], [10, 9, 9, 5, 2, 2]]
    assert result_words("Ann Able", "Ben Baker", scores) == \
        "Ben Baker wins, 10 v 9 in the highest colour (both 2 2 5 9 9 in the 5 lowest colours)"


def test_a_colour_past_the_third_is_counted_from_the_lowest_as_the_rule_compares():
    # ascending: Ann 8 9 10 11 14 15, Ben 8 9 10 12 13 13: level on the 3 lowest, then 12 against 11
    scores = [[15, 8, 14, 9, 11, 10], [13, 12, 8, 13, 9, 10]]
    assert result_words("Ann Able", "Ben Baker", scores) == \
        "Ben Baker wins, 12 v 11 in the fourth-lowest colour (both 8 9 10 in the 3 lowest colours)"


def test_only_the_same_six_scores_draw():
    scores = [[3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3]]
    assert result_words("Ann Able", "Ben Baker", scores) == "Draw: the same six scores, lowest first 3 4 5 6 7 8"


def test_running_out_of_time_is_said_but_does_not_decide():
    scores = [[6] * 6, [5] * 6]
    assert result_words("Ann Able", "Ben Baker", scores, (True, False)) == \
        "Ann Able wins, 6 v 5 in the lowest colour; Ann Able ran out of time"
    assert result_words("Ann Able", "Ben Baker", scores, (True, True)) == \
        "Ann Able wins, 6 v 5 in the lowest colour; Ann Able and Ben Baker ran out of time"
