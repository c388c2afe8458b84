"""What the standings page says of each group level on VP (scoring/ties.py), worked out by hand.

Games as in test_standings: `game(first, second, first_level, second_level)`, the higher level wins.
"""

from scoring.ties import tie_notes

from .test_standings import game, tournament


def test_players_level_who_never_met_are_not_split_by_head_to_head():
    # R1: 1 beats 2 (L 9 v 3), 3 beats 4 (8 v 7); R2: 1 beats 3 (9 v 5), 2 beats 4 (9 v 8).
    # VP: 1 on 2, 2 and 3 on 1 (never met), 4 on 0.  PD: player 2 -6 + 1 = -5, player 3 +1 - 4 = -3: 3 above 2.
    record = tournament(4, [[game(1, 2, 9, 3), game(3, 4, 8, 7)], [game(1, 3, 9, 5), game(2, 4, 9, 8)]])
    [note] = tie_notes(record)
    assert note.vp == "1" and note.names == ("Player 3", "Player 2") and not note.applied
    assert "Not all of them played each other, and nobody played and won (or lost) every game" in note.sentence
    assert "H2H is not applied (struck through); progressive difference decides, then level." in note.sentence


def test_a_cycle_among_players_who_all_met_stays_level_on_head_to_head():
    # 1 beats 2, 2 beats 3, 3 beats 1, and each beats 4: 2 VP each, 1 VP each against the other two.
    record = tournament(4, [[game(1, 2, 9, 8), game(3, 4, 9, 8)], [game(2, 3, 9, 8), game(1, 4, 9, 8)],
                            [game(3, 1, 9, 8), game(2, 4, 9, 8)]])
    [note] = tie_notes(record)
    assert note.vp == "2" and set(note.names) == {"Player 1", "Player 2", "Player 3"} and not note.applied
    assert note.sentence.startswith("They all played each other and scored the same against each other")


def test_players_who_all_met_stand_by_what_they_scored_against_each_other():
    # All-play-all of four.  R1: 1 beats 2, 3 beats 4; R2: 3 beats 1, 4 beats 2; R3: 4 beats 1, 2 beats 3.
    # VP: 3 and 4 on 2 (3 beat 4), 1 and 2 on 1 (1 beat 2): both pairs met, head-to-head orders them.
    record = tournament(4, [[game(1, 2, 9, 8), game(3, 4, 9, 8)], [game(3, 1, 9, 8), game(4, 2, 9, 8)],
                            [game(4, 1, 9, 8), game(2, 3, 9, 8)]])
    top, bottom = tie_notes(record)
    assert (top.vp, top.names, top.applied) == ("2", ("Player 3", "Player 4"), True)
    assert (bottom.vp, bottom.names, bottom.applied) == ("1", ("Player 1", "Player 2"), True)
    assert top.sentence == ("They all played each other, so they stand in the order of the VP they scored "
                            "against each other (H2H).")


def test_an_all_winner_and_an_all_loser_are_named_though_not_all_of_the_group_met():
    # Six players, three rounds (the higher level wins each game):
    # R1: 1 beats 2, 3 beats 4, 5 beats 6.  R2: 1 beats 3, 2 beats 5, 4 beats 6.  R3: 6 beats 1, 2 beats 4,
    # 3 beats 5.  VP: 1, 2 and 3 on 2 (2 and 3 never met; 1 beat both); 4, 5 and 6 on 1 (4 and 5 never
    # met; 6 lost to both).
    record = tournament(6, [[game(1, 2, 9, 8), game(3, 4, 9, 8), game(5, 6, 9, 8)],
                            [game(1, 3, 9, 8), game(2, 5, 9, 8), game(4, 6, 9, 8)],
                            [game(6, 1, 9, 8), game(2, 4, 9, 8), game(3, 5, 9, 8)]])
    top, bottom = tie_notes(record)
    assert top.applied and top.names[0] == "Player 1"
    assert top.sentence.startswith("Not all of them played each other, but Player 1 played and won every game "
                                   "against the others, so stands first of the group")
    assert bottom.applied and bottom.names[-1] == "Player 6"
    assert "Player 6 played and lost every game against the others, so stands last of the group" in bottom.sentence
