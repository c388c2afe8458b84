"""Each pairing rule is one function that says why, called by the pairer and the draft check alike.

The rules of `docs/tournament-rules.md`, "Swiss pairing": no rematch, no
second bye while an active player has none (criteria.rematch, bye_refused);
criterion 2 (sides.fault_words); criterion 3's preference and its strength
(sides.preference, Preference.words).
"""

from tournament.pairing import Entrant, pair_swiss
from tournament.pairing.criteria import allowed, bye_refused, rematch
from tournament.pairing.draft_check import DraftTable, check_draft
from tournament.pairing.sides import fault_words, faults, preference


def test_a_rematch_is_refused_with_both_names_and_the_pairer_avoids_it():
    ann, ben = Entrant(1, 1, opponents=frozenset({2}), name="Ann"), Entrant(2, 2, opponents=frozenset({1}), name="Ben")
    cy = Entrant(3, 3, name="Cy")
    assert rematch(ann, ben) == "Ann and Ben have met before" and not allowed(ann, ben)
    assert rematch(ann, cy) is None and allowed(ann, cy)
    check = check_draft([ann, ben, cy], [DraftTable(1, 1, 2), DraftTable(2, 3)])
    assert [b.text for b in check.absolute] == ["Table 1: Ann and Ben have met before."]


def test_a_second_bye_is_refused_only_while_someone_has_had_none():
    had = Entrant(1, 1, byes=1, name="Ann")
    fresh = [Entrant(2, 2, name="Ben"), Entrant(3, 3, name="Cy")]
    assert bye_refused(had, [had] + fresh).endswith("while 2 players have had none")
    assert bye_refused(fresh[0], [had] + fresh) is None
    assert bye_refused(had, [had, Entrant(2, 2, byes=1)]) is None  # everyone has had one
    # The pairer gives the bye to the lowest-ranked player the rule lets take it: Ann (seed 3) has had one.
    field = [Entrant(1, 3, 0, byes=1, name="Ann"), Entrant(2, 1, 0, name="Ben"), Entrant(3, 2, 0, name="Cy")]
    assert pair_swiss(field, 2).bye == 3  # Cy, seed 2; Ann (seed 3) ranks lower but has had a bye
    check = check_draft(field, [DraftTable(1, 2, 3), DraftTable(2, 1)])
    assert [b.table for b in check.absolute] == [2] and "second bye" in check.absolute[0].text


def test_first_move_faults_in_words_count_as_faults():
    assert fault_words("SFF", "F") == ("plays first a third time in a row",)
    assert fault_words("FSFF", "F") == ("plays first a third time in a row",
                                        "would have played first 4 and second 1 times")
    assert fault_words("FSF", "F") == () and faults("FSF", "F") == 0 and faults("FSFF", "F") == 2


def test_preference_strength_in_words():
    assert preference("SS").words == "must play first"  # a third second would be a fault
    assert preference("FFS").words == "strongly prefers to play second"  # evens 2 firsts and 1 second
    assert preference("FS").words == "prefers to play first"  # alternates from the last game
    assert preference("").words == ""
