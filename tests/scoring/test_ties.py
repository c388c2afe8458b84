"""What the standings page says of each group level on VP (scoring/ties.py), worked out by hand.

Games as in test_standings: `game(first, second, first_level, second_level)`, the higher level wins.
"""

import pytest

from scoring.head_to_head import Case
from scoring.report import standings_report

from .test_standings import game, tournament


# The records of the tests below, by what their level group shows (the higher level wins each game).
NEVER_MET = [[game(1, 2, 9, 3), game(3, 4, 8, 7)], [game(1, 3, 9, 5), game(2, 4, 9, 8)]]
CYCLE = [[game(1, 2, 9, 8), game(3, 4, 9, 8)], [game(2, 3, 9, 8), game(1, 4, 9, 8)],
         [game(3, 1, 9, 8), game(2, 4, 9, 8)]]
WINNER_AND_LOSER = [[game(1, 2, 9, 8), game(3, 4, 9, 8), game(5, 6, 9, 8)],
                    [game(1, 3, 9, 8), game(2, 5, 9, 8), game(4, 6, 9, 8)],
                    [game(6, 1, 9, 8), game(2, 4, 9, 8), game(3, 5, 9, 8)]]
ALL_MET_THEN_LEVEL = [[game(1, 2, 9, 8), game(3, 4, 9, 8), game(5, 6, 9, 8)],
                      [game(1, 3, 9, 8), game(2, 5, 9, 8), game(6, 4, 9, 8)],
                      [game(2, 3, 9, 9), game(1, 6, 9, 9), game(5, 4, 9, 8)],
                      [game(4, 1, 9, 8), game(2, 6, 9, 8), game(3, 5, 9, 8)]]


def test_players_level_who_never_met_are_not_split_by_head_to_head():
    # R1: 1 beats 2 (L 9 v 3), 3 beats 4 (8 v 7); R2: 1 beats 3 (9 v 5), 2 beats 4 (9 v 8).
    # VP: 1 on 2, 2 and 3 on 1 (never met), 4 on 0.  PD: player 2 -6 + 1 = -5, player 3 +1 - 4 = -3: 3 above 2.
    [note] = standings_report(tournament(4, NEVER_MET)).notes
    assert note.vp == "1" and note.names == ("Player 3", "Player 2") and not note.applied
    assert note.decision.case == Case.NOT_APPLIED


def test_a_cycle_among_players_who_all_met_stays_level_on_head_to_head():
    # 1 beats 2, 2 beats 3, 3 beats 1, and each beats 4: 2 VP each, 1 VP each against the other two.
    [note] = standings_report(tournament(4, CYCLE)).notes
    assert note.vp == "2" and set(note.names) == {"Player 1", "Player 2", "Player 3"} and not note.applied
    assert note.decision.case == Case.LEVEL


def test_players_who_all_met_stand_by_what_they_scored_against_each_other():
    # All-play-all of four.  R1: 1 beats 2, 3 beats 4; R2: 3 beats 1, 4 beats 2; R3: 4 beats 1, 2 beats 3.
    # VP: 3 and 4 on 2 (3 beat 4), 1 and 2 on 1 (1 beat 2): both pairs met, head-to-head orders them.
    record = tournament(4, [[game(1, 2, 9, 8), game(3, 4, 9, 8)], [game(3, 1, 9, 8), game(4, 2, 9, 8)],
                            [game(4, 1, 9, 8), game(2, 3, 9, 8)]])
    top, bottom = standings_report(record).notes
    assert (top.vp, top.names, top.applied) == ("2", ("Player 3", "Player 4"), True)
    assert (bottom.vp, bottom.names, bottom.applied) == ("1", ("Player 1", "Player 2"), True)
    assert top.decision.case == Case.ORDERED


def test_an_all_winner_and_an_all_loser_are_named_though_not_all_of_the_group_met():
    # Six players, three rounds (the higher level wins each game):
    # R1: 1 beats 2, 3 beats 4, 5 beats 6.  R2: 1 beats 3, 2 beats 5, 4 beats 6.  R3: 6 beats 1, 2 beats 4,
    # 3 beats 5.  VP: 1, 2 and 3 on 2 (2 and 3 never met; 1 beat both); 4, 5 and 6 on 1 (4 and 5 never
    # met; 6 lost to both).
    top, bottom = standings_report(tournament(6, WINNER_AND_LOSER)).notes
    assert top.applied and top.names[0] == "Player 1"
    assert (top.decision.case, _ids(top.decision.winners), _ids(top.decision.losers)) == (Case.ENDS, [1], [])
    assert bottom.applied and bottom.names[-1] == "Player 6"
    assert (bottom.decision.case, _ids(bottom.decision.winners), _ids(bottom.decision.losers)) == (Case.ENDS, [], [6])


# Four players on 3 VP who did not all meet, in an eight-player Swiss of five rounds; every
# game is won 9 v 8 (L), so each win is D +1 and each loss D −1.  A = Ada (1), B = Bea (2), C = Cal (3),
# D = Dee (4); Eve, Fay, Gus and Hal (5–8) are the rest of the field.
#   R1: Ada beats Bea, Cal beats Eve, Dee beats Fay, Hal beats Gus.
#   R2: Ada beats Cal, Bea beats Dee, Gus beats Eve, Hal beats Fay.
#   R3: Ada beats Dee, Bea beats Cal, Eve beats Hal, Fay beats Gus.
#   R4: Eve beats Ada, Bea beats Fay, Cal beats Gus, Dee beats Hal.
#   R5: Fay beats Ada, Gus beats Bea, Cal beats Hal, Dee beats Eve.
# VP: Ada W W W L L = 3, Bea L W W W L = 3, Cal W L L W W = 3, Dee W L L W W = 3; Eve, Fay, Gus, Hal 2 each.
# Among the four, Cal and Dee never met, so not all met: Ada played and won every game against Bea, Cal and Dee:
# first.  Applied again within Bea, Cal and Dee (Cal and Dee still never met): Bea played and won every game
# against Cal and Dee: first of them.  Applied again within Cal and Dee: no game between them, nobody won every
# game: not split.  Progressive difference: each +1 (3 wins, 2 losses); level: each 9+9+9+8+8 = 43: Cal and Dee
# share 3-4.  H2H (VP against the other three on 3 VP): Ada 3, Bea 2, Cal 0, Dee 0.
NAMES = ["Ada", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
FOUR_ON_THREE = [
    [game(1, 2, 9, 8), game(3, 5, 9, 8), game(4, 6, 9, 8), game(7, 8, 8, 9)],
    [game(1, 3, 9, 8), game(2, 4, 9, 8), game(5, 7, 8, 9), game(6, 8, 8, 9)],
    [game(1, 4, 9, 8), game(2, 3, 9, 8), game(5, 8, 9, 8), game(6, 7, 9, 8)],
    [game(1, 5, 8, 9), game(2, 6, 9, 8), game(3, 7, 9, 8), game(4, 8, 9, 8)],
    [game(1, 6, 8, 9), game(2, 7, 8, 9), game(3, 8, 9, 8), game(4, 5, 9, 8)],
]


def four_on_three():
    return standings_report(tournament([{"id": i, "name": name} for i, name in enumerate(NAMES, start=1)],
                                       FOUR_ON_THREE))


def _ids(tallies):
    return [t.player.id for t in tallies]


def test_head_to_head_applied_again_within_the_rest_after_an_all_winner_goes_first():
    report = four_on_three()
    assert [(line.name, line.place, line.metrics["head_to_head"]) for line in report.lines[:4]] == [
        ("Ada", "1", 3.0), ("Bea", "2", 2.0), ("Cal", "3-4", 0.0), ("Dee", "3-4", 0.0)]
    top = report.notes[0]
    assert (top.vp, top.names, top.applied) == ("3", ("Ada", "Bea", "Cal", "Dee"), True)
    assert not top.player_ids & report.unapplied  # every H2H number of the group placed someone
    # The decision: not all met, Ada first; within the rest, not all met, Bea first; within Cal and Dee, nothing.
    decision = top.decision
    assert (decision.case, _ids(decision.winners), _ids(decision.losers)) == (Case.ENDS, [1], [])
    within = decision.again_for(decision.rest)
    assert (within.case, _ids(within.group), _ids(within.winners), _ids(within.losers)) == (Case.ENDS, [2, 3, 4],
                                                                                            [2], [])
    last = within.again_for(within.rest)
    assert (last.case, _ids(last.group), last.splits) == (Case.NOT_APPLIED, [3, 4], False)


def test_the_level_group_below_is_not_split_and_its_h2h_is_struck_through():
    # Eve, Fay, Gus and Hal on 2 VP: Eve and Fay never met; Gus met all three but lost to Hal and Fay, Hal met all
    # three but lost to Eve: nobody played and won (or lost) every game against the others.
    report = four_on_three()
    bottom = report.notes[1]
    assert (bottom.vp, bottom.applied, bottom.decision.case) == ("2", False, Case.NOT_APPLIED)
    assert report.unapplied == frozenset({5, 6, 7, 8})


def test_players_level_on_head_to_head_among_all_who_met_are_compared_again_by_their_own_games():
    # Six players, four rounds; a win is 9 v 8 (L), a draw 9 v 9.
    #   R1: 1 beats 2, 3 beats 4, 5 beats 6.   R2: 1 beats 3, 2 beats 5, 6 beats 4.
    #   R3: 2 draws 3, 1 draws 6, 5 beats 4.  R4: 4 beats 1, 2 beats 6, 3 beats 5.
    # VP: 1 = 1+1+½+0, 2 = 0+1+½+1, 3 = 1+0+½+1: all 2½ (4 on 1, 5 on 2, 6 on 1½).  They all met: H2H 1 = 2,
    # 2 = ½, 3 = ½: 1 first.  Again within 2 and 3: they drew, ½ each: level.  PD 2 and 3: −1+1+0+1 = +1 each;
    # PL 8+9+9+9 = 35 each: they share 2-3.
    report = standings_report(tournament(6, ALL_MET_THEN_LEVEL))
    assert [(line.player_id, line.place) for line in report.lines[:3]] == [(1, "1"), (2, "2-3"), (3, "2-3")]
    [note] = report.notes
    assert (note.vp, note.applied, note.decision.case) == ("2½", True, Case.ORDERED)
    pair = note.decision.again_for(note.decision.parts[1])
    assert (_ids(pair.group), pair.case) == ([2, 3], Case.LEVEL)


@pytest.mark.parametrize("notes, index, words", [
    (lambda: standings_report(tournament(4, NEVER_MET)).notes, 0,
     "Not all of them played each other, and nobody played and won (or lost) every game against all the others: "
     "H2H is not applied (struck through); progressive difference decides, then level."),
    (lambda: standings_report(tournament(4, CYCLE)).notes, 0,
     "They all played each other and scored the same against each other"),
    (lambda: standings_report(tournament(6, WINNER_AND_LOSER)).notes, 1,
     "Player 6 played and lost every game against the others, so stands last of the group"),
    # It used to say the rest, Bea included, were ordered by progressive difference.
    (lambda: four_on_three().notes, 0,
     "Not all of them played each other, but Ada played and won every game against the others, so stands first "
     "of the group; among Bea, Cal and Dee, head-to-head applies again: Bea played and won every game against "
     "the others, so stands first of them; Cal and Dee are ordered by progressive difference, then level."),
    (lambda: standings_report(tournament(6, ALL_MET_THEN_LEVEL)).notes, 0,
     "They all played each other, so they stand in the order of the VP they scored against each other (H2H); "
     "Player 2 and Player 3, level on that, scored the same against each other, so progressive difference "
     "decides, then level."),
])
def test_the_notes_wordings(notes, index, words):
    """Each kind of note's words, once: the tests above assert the decision each note words."""
    assert words in notes()[index].sentence
