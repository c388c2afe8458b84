"""A log-backed result is the record of its own game: on the result form and through the private links.

Round 1, table 1 is Ann Able (first) v Ben Baker; the logs below are whole
games from the engine's simulator with the names given.
"""

import json

import pytest

from games.engine.simulate import random_game
from tournament import services
from tournament.models import AuditEntry, Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(django_user_model):
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    tournament = services.create_tournament("Log Night", organiser, system="swiss", clock_s=600)
    for name in ("Ann Able", "Ben Baker"):
        services.add_player(tournament, name, user=organiser)
    services.publish_round(services.generate_round(tournament, user=organiser), user=organiser)
    found = Match.objects.select_related("first", "second").get(round__tournament=tournament, table=1)
    # Round 1's first board is drawn at random: make it Ann first, as the cases below are written.
    if found.first.name != "Ann Able":
        Match.objects.filter(pk=found.pk).update(first=found.second, second=found.first)
        found.refresh_from_db()
    found.organiser = organiser
    return found


def log_of(*names, rules="mso", clock=None):
    log = random_game(2, rules, seed=11, names=list(names))
    if clock is not None:
        log["clock_s"] = clock
    return log


def refusal(call, *args, **kwargs):
    with pytest.raises(services.Refused) as refused:
        call(*args, **kwargs)
    return refused.value


@pytest.mark.parametrize("log, says", [
    (log_of("Ben Baker", "Ann Able"), "the log has Ben Baker playing first, the match has Ann Able"),
    (log_of("X", "Y"), "the log is a game of X v Y, but the match is Ann Able v Ben Baker"),
    (log_of("Ann Able", "Ben Baker", rules="kosmos"), "the log is played under kosmos rules"),
    (log_of("Ann Able", "Ben Baker", clock=900), "the log's clock is 900 s, but the tournament's is 600 s"),
])
def test_a_log_of_another_game_is_refused_on_the_log_field(match, log, says):
    refused = refusal(services.enter_result, match, status=Match.PLAYED, user=match.organiser, log_text=json.dumps(log))
    assert refused.field == "log" and says in refused.message
    match.refresh_from_db()
    assert match.status == Match.PENDING and match.log is None


def test_the_players_own_link_refuses_it_too(match):
    refused = refusal(services.submit_result, match.second, match, log_text=json.dumps(log_of("Ben Baker", "Ann Able")))
    assert "the log has Ben Baker playing first, the match has Ann Able" in refused.message
    assert not match.submissions.exists()


def test_platform_user_names_are_mapped_by_the_arbiter_and_audited(match):
    log = log_of("annie_77", "bbaker")
    saved = services.enter_result(match, status=Match.PLAYED, user=match.organiser, log_text=json.dumps(log),
                                  log_names_are_players=True)
    assert saved.scores == log["final"] and saved.first.name == "Ann Able"
    entry = AuditEntry.objects.get(action="result entered")
    assert entry.after["log names"] == "annie_77 is Ann Able, bbaker is Ben Baker"
    # Mapping names does not excuse another rule set.
    other = log_of("annie_77", "bbaker", rules="kosmos")
    refused = refusal(services.enter_result, match, status=Match.PLAYED, user=match.organiser,
                      log_text=json.dumps(other), log_names_are_players=True, correction=True)
    assert "kosmos" in refused.message


def test_players_who_sat_the_wrong_way_round_are_swapped_with_their_scores(match):
    log = log_of("Ben Baker", "Ann Able")  # Ben played first
    saved = services.enter_result(match, status=Match.PLAYED, user=match.organiser, log_text=json.dumps(log),
                                  first_is_second=True)
    assert (saved.first.name, saved.second.name) == ("Ben Baker", "Ann Able")
    assert saved.scores == log["final"]  # the first list is Ben's, as the log has it
    entry = AuditEntry.objects.get(action="result entered")
    assert entry.after["played first"] == "Ben Baker (the match had Ann Able first)"


def test_typed_scores_follow_their_players_when_the_first_player_is_swapped(match):
    ann, ben = [9, 9, 9, 9, 9, 9], [4, 5, 6, 7, 8, 9]
    saved = services.enter_result(match, status=Match.PLAYED, user=match.organiser, scores=[ann, ben],
                                  flagged=[False, True], first_is_second=True)
    assert (saved.first.name, saved.scores, saved.first_flagged, saved.second_flagged) == (
        "Ben Baker", [ben, ann], True, False)


def test_the_result_form_shows_the_logs_names_beside_the_matchs(client, match):
    client.force_login(match.organiser)
    url = f"/manage/{match.round.tournament.slug}/match/{match.pk}/"
    response = client.post(url, {"status": "played", "version": match.version,
                                 "log_text": json.dumps(log_of("annie_77", "bbaker"))})
    page = response.content.decode()
    assert response.status_code == 200
    assert "the log is a game of annie_77 v bbaker, but the match is Ann Able v Ben Baker" in page
    assert "The log names <strong>annie_77</strong> first and <strong>bbaker</strong> second" in page
    response = client.post(url, {"status": "played", "version": match.version, "log_names_are_players": "on",
                                 "log_text": json.dumps(log_of("annie_77", "bbaker"))})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.PLAYED


def test_a_refused_log_is_drawn_on_the_result_form_with_its_faulty_placement(client, match):
    log = log_of("Ann Able", "Ben Baker")
    place = next(i for i, e in enumerate(log["events"]) if e["type"] == "place" and i > 10)
    log["events"][place]["cells"] = [[40, 0], [41, 0]]  # far off the board
    client.force_login(match.organiser)
    response = client.post(f"/manage/{match.round.tournament.slug}/match/{match.pk}/",
                           {"status": "played", "version": match.version, "log_text": json.dumps(log)})
    page = response.content.decode()
    assert "The move log is not valid (off-board)" in page
    assert f"Event {place}:" in page and 'class="faulty-move"' in page and "off the playing area" in page
