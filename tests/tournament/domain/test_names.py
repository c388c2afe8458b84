"""Players' names (tournament/domain/names.py): one rule for "the same name", one sort order, one way to tell two
entrants of the same name apart."""

from tournament.domain.game_logs import log_mismatch
from tournament.domain.names import display_names, name_key, name_order, player_order
from tournament.domain.records import PlayerRecord, Settings, TournamentFile


def test_the_same_name_is_the_same_whatever_its_case_accents_and_spaces():
    assert name_key("Zoe  Angstrom ") == name_key("Zoë Ångström") == "zoe angstrom"
    assert name_key("Łukasz Ørsted") == name_key("lukasz orsted")
    assert name_key("Ann Able") != name_key("Anne Able")


def test_names_sort_with_their_accents_aside_as_the_sheets_sort_them():
    names = ["Zoë Zeal", "Ólafur Arnalds", "Łukasz Nowak", "Ann Able", "Mia Moss"]
    assert sorted(names, key=name_order) == ["Ann Able", "Łukasz Nowak", "Mia Moss", "Ólafur Arnalds", "Zoë Zeal"]


def player(id_, name, seed, rating=None, club=None):
    return PlayerRecord(id_, name, seed, rating, club)


def test_a_same_named_pair_is_told_apart_by_club_else_rating_else_seed_and_other_names_stay_as_they_are():
    by_club = display_names([player(1, "Ann Able", 1, 1500, "Oxford"), player(2, "ann  able", 2, 1500, "Leeds"),
                             player(3, "Ben Baker", 3, club="Oxford")])
    assert by_club == {1: "Ann Able (Oxford)", 2: "ann  able (Leeds)", 3: "Ben Baker"}
    # One club for both (or one without): the rating tells them apart.
    assert display_names([player(1, "Ann Able", 1, 1500, "Oxford"), player(2, "Ann Able", 2, 1620, "Oxford")]) == {
        1: "Ann Able (rated 1500)", 2: "Ann Able (rated 1620)"}
    assert display_names([player(1, "Ann Able", 4, 1500), player(2, "Ann Able", 7, 1620, "Leeds")]) == {
        1: "Ann Able (rated 1500)", 2: "Ann Able (rated 1620)"}
    # Neither: the seed, which no two players share.
    assert display_names([player(1, "Ann Able", 4, 1500), player(2, "Ann Able", 7, 1500)]) == {
        1: "Ann Able (seed 4)", 2: "Ann Able (seed 7)"}
    # "The same name" is the one rule's: accents and case aside.
    assert display_names([player(1, "Zoë Ångström", 1, club="Oslo"), player(2, "Zoe Angstrom", 2, club="Umeå")]) == {
        1: "Zoë Ångström (Oslo)", 2: "Zoe Angstrom (Umeå)"}


def test_a_record_labels_its_players_once_for_every_page_and_sheet():
    record = TournamentFile("Open", Settings(), [player(1, "Ann Able", 2, club="Oxford"),
                                                  player(2, "Ann Able", 1, club="Leeds"), player(3, "Ben", 3)], [])
    assert [p.label for p in record.players] == ["Ann Able (Oxford)", "Ann Able (Leeds)", "Ben"]
    # In name order the pair goes by seed, so every list has them the same way round.
    assert [p.id for p in sorted(record.players, key=player_order)] == [2, 1, 3]


def test_a_move_log_naming_a_player_with_two_spaces_or_without_accents_is_that_players_game():
    log = {"players": ["Ann  Able", "zoe angstrom"], "rules": "mso"}
    assert log_mismatch(log, "Ann Able", "Zoë Ångström", 600) is None
    assert log_mismatch(log, "Zoë Ångström", "Ann Able", 600) == "the log has Ann  Able playing first, the match has Zoë Ångström"
