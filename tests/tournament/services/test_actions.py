"""The organiser's actions and every refusal of result entry (issue: run a tournament end to end)."""

import json

import pytest
from django.core.exceptions import ValidationError

from games.engine.simulate import random_game
from tournament import services
from tournament.forms.organiser import PlayersCsvForm
from tournament.models import Match, Player, Round

from tests.factories import make_event, play, refusal

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eng", "Fay Fox", "Gus Gill", "Hal Hume", "Ivy Ives"]


@pytest.fixture
def event():
    """Nine entries, the first six rated from 2000 down in tens, the last three unrated; no round yet."""
    return make_event("Club Night", NAMES, ratings=[2000 - 10 * i if i < 6 else None for i in range(len(NAMES))],
                      rounds_announced=5, system="swiss")


def test_entries_close_at_round_one_seeded_by_rating_then_drawn(event):
    round_ = services.generate_round(event)
    seeded = list(event.players.order_by("seed").values_list("name", flat=True))
    assert seeded[:6] == NAMES[:6]  # rated players by rating, highest first
    assert sorted(seeded[6:]) == NAMES[6:]  # the unrated three, in drawn order
    assert round_.status == Round.DRAFT
    assert round_.matches.count() == 5  # 9 players: four tables and a bye
    bye = round_.matches.get(status=Match.BYE)
    assert bye.first.seed == 9 and bye.table == 5


def test_a_round_cannot_be_generated_twice_nor_over_pending_matches(event):
    round_ = services.generate_round(event)
    refusal(services.generate_round, event)  # a draft already: the words are in the test below
    assert list(event.rounds.values_list("number", "status")) == [(1, Round.DRAFT)]
    services.publish_round(round_)
    refusal(services.generate_round, event)  # round 1 not closed: the words are in the test below
    refusal(services.close_round, round_)  # its four games have no result yet
    assert list(event.rounds.values_list("number", "status")) == [(1, Round.PUBLISHED)]
    assert round_.matches.filter(status=Match.PENDING).count() == 4
    play(round_)
    assert services.generate_round(event).number == 2


def test_pairing_by_the_engine_and_by_hand_are_refused_alike(event):
    """One decision whether the next round can be started: the same refusal either way."""
    def both():
        return {refusal(services.generate_round, event).message, refusal(services.start_by_hand, event).message}

    round_ = services.generate_round(event)
    assert both() == {"Round 1 is a draft already: publish it, or delete it first."}
    services.publish_round(round_)
    not_closed = both()
    assert not_closed == {"Round 1 is not closed yet: enter its results and close it first."}
    for match in round_.matches.filter(status=Match.PENDING):  # every result in, the round still not closed
        services.enter_result(match, services.ResultEntry.typed(scores=[[9] * 6, [3] * 6], flagged=[False, False]))
    assert both() == not_closed


def test_results_wait_for_publication_and_are_not_overwritten(event):
    round_ = services.generate_round(event)
    match = round_.matches.exclude(status=Match.BYE).first()
    refusal(services.enter_result, match, services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]))
    match.refresh_from_db()
    assert match.status == Match.PENDING and match.scores is None
    services.publish_round(round_)
    services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [4] * 6], flagged=[False, True]))
    refusal(services.enter_result, match, services.ResultEntry.typed(scores=[[1] * 6, [9] * 6]))
    match.refresh_from_db()
    assert match.scores == [[5] * 6, [4] * 6] and match.second_flagged and match.version == 1
    services.enter_result(match, services.ResultEntry.typed(scores=[[1] * 6, [9] * 6]), correction=True)
    match.refresh_from_db()
    assert match.scores == [[1] * 6, [9] * 6] and match.version == 2


def test_a_stale_correction_is_refused_and_names_who_changed_it(event, django_user_model):
    arbiter = django_user_model.objects.create_user("arbiter")
    round_ = services.generate_round(event)
    services.publish_round(round_)
    match = round_.matches.exclude(status=Match.BYE).first()
    services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]), user=arbiter)
    message = refusal(services.enter_result, match,
                      services.ResultEntry.typed(scores=[[6] * 6, [4] * 6]), correction=True, version=0).message
    assert message.startswith("This result was changed by arbiter at ")


@pytest.mark.parametrize(
    "scores, message",
    [
        ([[19, 5, 5, 5, 5, 5], [4] * 6], "A score is between 0 and 18, not 19."),
        ([[18] * 6, [18] * 6], "18 in all six colours ends the game at once: only one player can have it."),
        (None, "Enter six scores for each player, or a move log."),
    ],
)
def test_bad_typed_scores_are_refused(scores, message):
    assert refusal(services.check_played_result, services.ResultEntry.typed(scores, [False, False])).message == message


def test_all_18_is_accepted_as_a_win():
    typed = services.ResultEntry.typed([[18] * 6, [18, 18, 18, 18, 18, 17]], None, None)
    scores, flagged, log = services.check_played_result(typed)
    assert scores[0] == [18] * 6 and log is None


def test_a_log_fills_scores_and_flags_and_must_agree_with_typed_ones():
    log = random_game(2, "mso", seed=5, names=["Ann Able", "Ben Baker"], flag_chance=0.02)
    flagged = [any(e["type"] == "flag" and e["player"] == p for e in log["events"]) for p in (0, 1)]
    text = json.dumps(log)
    scores, flags, stored = services.check_played_result(services.ResultEntry.typed(None, None, text))
    assert scores == log["final"] and flags == flagged and stored == log
    wrong = [row[:] for row in log["final"]]
    wrong[0][0] = (wrong[0][0] + 1) % 19
    message = refusal(services.check_played_result, services.ResultEntry.typed(wrong, None, text)).message
    assert message.startswith("The typed scores") and "disagree with the move log" in message


def test_an_invalid_log_is_refused_with_the_checkers_message():
    log = random_game(2, "mso", seed=6, names=["Ann Able", "Ben Baker"])
    place = next(i for i, e in enumerate(log["events"]) if e["type"] == "place" and i > 20)
    log["events"][place]["gain"] = {"R": 17}
    message = refusal(services.check_played_result, services.ResultEntry.typed(None, None, json.dumps(log))).message
    assert message.startswith(f"The move log is not valid (wrong-gain): event {place}: ")
    assert "declared R+17" in message


def test_a_forfeit_winner_must_be_in_the_match(event):
    round_ = services.generate_round(event)
    services.publish_round(round_)
    match, other = round_.matches.exclude(status=Match.BYE)[:2]
    refusal(services.enter_result, match, services.ResultEntry.forfeit(other.first))
    match.refresh_from_db()
    assert match.status == Match.PENDING and match.forfeit_winner is None
    services.enter_result(match, services.ResultEntry.forfeit(match.second))
    match.refresh_from_db()
    assert match.status == "forfeit" and match.forfeit_winner == match.second


def test_swapping_in_a_draft_warns_of_broken_rules(event):
    play(_published(services.generate_round(event)))
    round_two = services.generate_round(event)
    assert services.draft_warnings(round_two) == []
    first_round = Round.objects.get(tournament=event, number=1)
    played = first_round.matches.exclude(status=Match.BYE).first()
    # Put two players who met in round 1 at the same table.
    table = round_two.matches.filter(first=played.first).first() or round_two.matches.filter(second=played.first).first()
    partner = table.second if table.first == played.first else table.first
    services.swap_players(round_two, partner, played.second)
    rematch = round_two.matches.get(first__in=[played.first, played.second], second__in=[played.first, played.second])
    # The rematch is named at its table (its words: event_day/test_draft_check).
    breach = services.check_round(round_two).absolute
    assert [b.table for b in breach] == [rematch.table] and breach[0].text in services.draft_warnings(round_two)
    services.publish_round(round_two)
    assert refusal(services.swap_players, round_two, partner, played.second).code == "not-a-draft"


def test_a_withdrawn_player_is_not_paired_and_a_late_entry_joins_next_round(event):
    play(_published(services.generate_round(event)))
    quitter = Player.objects.get(tournament=event, name="Ann Able")
    services.withdraw(quitter, after_round=1)
    late = services.add_player(event, "Lou Late", rating=1500)
    assert late.joined_round == 2 and late.seed == 10
    round_two = services.generate_round(event)
    seated = {p for m in round_two.matches.all() for p in (m.first_id, m.second_id) if p}
    assert quitter.pk not in seated and late.pk in seated


def test_a_withdrawal_before_a_round_the_player_has_a_result_in_is_refused(event):
    play(_published(services.generate_round(event)))
    play(_published(services.generate_round(event)))
    ann = Player.objects.get(tournament=event, name="Ann Able")
    assert refusal(services.withdraw, ann, after_round=1).field == "after_round"  # she played round 2
    ann.refresh_from_db()
    assert ann.withdrawn_after_round is None
    assert services.withdraw(ann, after_round=2) == []


def test_csv_import_names_the_bad_line_and_imports_nothing(event):
    before = event.players.count()
    with pytest.raises(ValidationError) as invalid:
        PlayersCsvForm.parse("name,rating,club\nZoë Ørsted,1800,Oslo\nBad Row,high,\n")
    assert invalid.value.messages == [
        "Line 3, rating: 'high' is not a rating: a rating is a whole number from 0 to 10,000, or empty."]
    # The service takes the rows the form has read, all or none.
    empty_name = refusal(services.import_players, event, [("Zoë Ørsted", 1800, "Oslo"), (" ", None, "")])
    assert empty_name.field == "file" and empty_name.message.startswith("Player 2 of the file:")
    assert event.players.count() == before
    added = services.import_players(event, PlayersCsvForm.parse("name,rating,club\nZoë Ørsted,1800,Oslo\nNo Rating,,\n"))
    assert [(p.name, p.rating, p.club) for p in added] == [("Zoë Ørsted", 1800, "Oslo"), ("No Rating", None, "")]


def test_ten_entries_or_fewer_make_an_all_play_all_unless_chosen_otherwise():
    small = make_event("Small", NAMES[:5])
    round_ = services.generate_round(small)
    small.refresh_from_db()
    assert small.system == "all-play-all"
    # Berger round 1 for 5 (+ a dummy): seed 1 idle, 2 v 5, 3 v 4; no bye in an all-play-all.
    assert sorted((m.first.seed, m.second.seed) for m in round_.matches.all()) == [(2, 5), (3, 4)]
    big = make_event("Big", [f"Player {i}" for i in range(11)])
    services.generate_round(big)
    big.refresh_from_db()
    assert big.system == "swiss"


def _published(round_):
    services.publish_round(round_)
    return round_


def test_a_tournament_named_like_an_organiser_page_gets_another_slug():
    assert services.create_tournament("New").slug == "new-2"
    assert services.create_tournament("Import").slug == "import-2"


def test_a_log_with_a_nul_character_is_refused_before_the_database_sees_it():
    """JSON allows "\\u0000" and the checker takes it, but PostgreSQL's jsonb cannot store it."""
    log = random_game(2, "mso", seed=3)
    log["event"] = "Open\u0000"
    with pytest.raises(services.Refused, match=r"NUL character") as refused:
        services.check_played_result(services.ResultEntry.typed(None, None, json.dumps(log)))
    assert refused.value.field == "log"
