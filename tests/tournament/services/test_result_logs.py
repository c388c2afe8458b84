"""A log-backed result is the record of its own game: on the result form and through the private links.

Round 1, table 1 is Ann Able (first) v Ben Baker; the logs below are whole
games from the engine's simulator with the names given.
"""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine.simulate import random_game
from tournament import services
from tournament.models import AuditEntry, Match

from tests.factories import refusal

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


@pytest.mark.parametrize("log, says", [
    (log_of("Ben Baker", "Ann Able"), "the log has Ben Baker playing first, the match has Ann Able"),
    (log_of("X", "Y"), "the log is a game of X v Y, but the match is Ann Able v Ben Baker"),
    (log_of("Ann Able", "Ben Baker", rules="kosmos"), "the log is played under kosmos rules"),
    (log_of("Ann Able", "Ben Baker", clock=900), "the log's clock is 900 s, but the tournament's is 600 s"),
])
def test_a_log_of_another_game_is_refused_on_the_log_field(match, log, says):
    refused = refusal(services.enter_result, match,
                      services.ResultEntry.typed(log_text=json.dumps(log)), user=match.organiser)
    assert refused.field == "log" and says in refused.message
    match.refresh_from_db()
    assert match.status == Match.PENDING and match.log is None


def test_the_players_own_link_refuses_it_too(match):
    refused = refusal(services.submit_result, match.second, match,
                      services.ResultEntry.from_player(log_text=json.dumps(log_of("Ben Baker", "Ann Able"))))
    assert refused.field == "log"  # the first player is not the match's: the words are checked above
    assert not match.submissions.exists()


def test_platform_user_names_are_mapped_by_the_arbiter_and_audited(match):
    log = log_of("annie_77", "bbaker")
    saved = services.enter_result(match,
                                  services.ResultEntry.typed(log_text=json.dumps(log), log_names_are_players=True),
                                  user=match.organiser)
    assert saved.scores == log["final"] and saved.first.name == "Ann Able"
    entry = AuditEntry.objects.get(action="result entered")
    assert entry.after["log names"] == "annie_77 is Ann Able, bbaker is Ben Baker"
    # Mapping names does not excuse another rule set.
    other = log_of("annie_77", "bbaker", rules="kosmos")
    refused = refusal(services.enter_result, match,
                      services.ResultEntry.typed(log_text=json.dumps(other), log_names_are_players=True),
                      user=match.organiser, correction=True)
    assert "kosmos" in refused.message


def test_players_who_sat_the_wrong_way_round_are_swapped_with_their_scores(match):
    log = log_of("Ben Baker", "Ann Able")  # Ben played first
    saved = services.enter_result(match,
                                  services.ResultEntry.typed(log_text=json.dumps(log), first_is_second=True),
                                  user=match.organiser)
    assert (saved.first.name, saved.second.name) == ("Ben Baker", "Ann Able")
    assert saved.scores == log["final"]  # the first list is Ben's, as the log has it
    entry = AuditEntry.objects.get(action="result entered")
    assert entry.after["played first"] == "Ben Baker (the match had Ann Able first)"


def test_typed_scores_follow_their_players_when_the_first_player_is_swapped(match):
    ann, ben = [9, 9, 9, 9, 9, 9], [4, 5, 6, 7, 8, 9]
    typed = services.ResultEntry.typed(scores=[ann, ben], flagged=[False, True], first_is_second=True)
    saved = services.enter_result(match, typed, user=match.organiser)
    assert (saved.first.name, saved.scores, saved.first_flagged, saved.second_flagged) == (
        "Ben Baker", [ben, ann], True, False)


def test_a_log_file_refused_for_players_reversed_is_kept_for_the_swap_tick(client, match):
    """Ben played first but the match has Ann first: the uploaded log is refused, and the page keeps its text, so
    ticking 'swap who played first' and saving again enters it with no file chosen again."""
    client.force_login(match.organiser)
    url = f"/manage/{match.round.tournament.slug}/match/{match.pk}/"
    log = log_of("Ben Baker", "Ann Able")
    upload = SimpleUploadedFile("game.json", json.dumps(log).encode(), content_type="application/json")
    response = client.post(url, {"status": "played", "version": match.version, "log_file": upload})
    assert response.status_code == 200 and "The move log is not this match's game" in html.unescape(response.content.decode())
    form = response.context["form"]
    assert json.loads(form["log_text"].value()) == log
    # What the browser sends back: the page's fields as they are, the tick added, no file.
    again = client.post(url, {"status": "played", "version": form["version"].value(),
                              "log_text": form["log_text"].value(), "first_is_second": "on"})
    assert again.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.first.name, match.scores) == (Match.PLAYED, "Ben Baker", log["final"])


def test_the_result_form_shows_the_logs_names_beside_the_matchs(client, match):
    client.force_login(match.organiser)
    url = f"/manage/{match.round.tournament.slug}/match/{match.pk}/"
    response = client.post(url, {"status": "played", "version": match.version,
                                 "log_text": json.dumps(log_of("annie_77", "bbaker"))})
    page = response.content.decode()
    assert response.status_code == 200  # refused, the form again: the refusal's words are checked above
    match.refresh_from_db()
    assert match.status == Match.PENDING
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
    assert "not valid (off-board)" in page  # the checker's code
    assert f"Event {place}:" in page and 'class="faulty-move"' in page and "off the playing area" in page


# --- the 'ran out of time' ticks beside a log: one rule for a player's link and the organiser's form ---------

# Seed 28 with clock readings: Ann Able (first) runs out of time; Ann 7 13 11 3 3 2, Ben 13 8 3 11 2 7.
FLAGGED_SCORES = [[7, 13, 11, 3, 3, 2], [13, 8, 3, 11, 2, 7]]


def flagged_log() -> str:
    log = random_game(2, "mso", seed=28, clock=True, names=["Ann Able", "Ben Baker"])
    assert log["final"] == FLAGGED_SCORES and [e for e in log["events"] if e["type"] == "flag"] == [
        {"type": "flag", "player": 0}]
    return json.dumps(log)


def typed(scores, **ticks) -> dict:
    return {f"{side}_{c}": v for side, row in zip(("first", "second"), scores) for c, v in zip("ROYGBP", row)} | ticks


def player_sends(client, match, player, **fields):
    return client.post(f"/p/{player.link_token}/game/{match.pk}/send/", {"version": 0, **fields}, follow=True)


def test_a_player_who_types_the_scores_must_tick_as_the_log_says(client, match):
    page = player_sends(client, match, match.second, log_text=flagged_log(), **typed(FLAGGED_SCORES)).content.decode()
    assert ("The &#x27;ran out of time&#x27; ticks disagree with the move log: the log has Ann Able running out of "
            "time, but Ann Able&#x27;s &#x27;ran out of time&#x27; box is not ticked.") in page
    page = player_sends(client, match, match.second, log_text=flagged_log(),
                        **typed(FLAGGED_SCORES, first_flagged="on", second_flagged="on")).content.decode()
    assert ("ticks disagree with the move log: Ben Baker&#x27;s &#x27;ran out of time&#x27; box is ticked, but in "
            "the log Ben Baker did not run out of time.") in page
    assert not match.submissions.exists()
    # Ticked as the log has it, it goes; Ann reads it in words, her running out of time with it.
    player_sends(client, match, match.second, log_text=flagged_log(), **typed(FLAGGED_SCORES, first_flagged="on"))
    sent = match.submissions.get()
    assert (sent.first_flagged, sent.second_flagged) == (True, False)
    assert ("Ben Baker wins, 7 v 3 in the third-lowest colour (both 2 3 in the 2 lowest colours); "
            "Ann Able ran out of time") in client.get(f"/p/{match.first.link_token}/").content.decode()


def test_a_log_sent_alone_gives_its_own_ticks(client, match):
    player_sends(client, match, match.second, log_text=flagged_log())
    sent = match.submissions.get()
    assert (sent.scores, sent.first_flagged, sent.second_flagged) == (FLAGGED_SCORES, True, False)


def test_the_organisers_form_holds_the_ticks_to_the_same_rule(client, match):
    client.force_login(match.organiser)
    url = f"/manage/{match.round.tournament.slug}/match/{match.pk}/"
    form = {"status": "played", "version": match.version, "log_text": flagged_log()}
    # The words are the player's page's, above: here the decision, the form back and nothing entered.
    assert client.post(url, form | typed(FLAGGED_SCORES)).status_code == 200
    match.refresh_from_db()
    assert match.status == Match.PENDING
    assert client.post(url, form | typed(FLAGGED_SCORES, first_flagged="on")).status_code == 302
    match.refresh_from_db()
    assert (match.status, match.first_flagged, match.second_flagged) == (Match.PLAYED, True, False)


def test_a_refused_logs_way_through_is_the_arbiters_on_a_players_page(client, match):
    reversed_log = json.dumps(log_of("Ben Baker", "Ann Able"))
    page = player_sends(client, match, match.second, log_text=reversed_log).content.decode()
    assert ("The move log is not this match&#x27;s game: the log has Ben Baker playing first, the match has Ann Able; "
            "send the scores without the log, or ask an arbiter, who can accept it.") in page
    assert "tick" not in page.split("The move log is not")[1].split("</")[0]
    # The arbiter's form has the two boxes, and names them.
    client.force_login(match.organiser)
    page = client.post(f"/manage/{match.round.tournament.slug}/match/{match.pk}/",
                       {"status": "played", "version": match.version, "log_text": reversed_log}).content.decode()
    assert "tick &#x27;swap who played first&#x27;" in page
    # No box makes a game under other rules this one: neither page offers a way through.
    kosmos = json.dumps(log_of("Ann Able", "Ben Baker", rules="kosmos"))
    refused = refusal(services.submit_result, match.second, match, services.ResultEntry.from_player(log_text=kosmos))
    assert refused.field == "log" and "arbiter" not in refused.message  # no way through named
    assert not match.submissions.exists()


@pytest.mark.parametrize("first_is_second", [False, True])
def test_a_logged_result_is_parsed_once_on_its_way_in(match, monkeypatch, first_is_second):
    """From the form's text to the record, the log's JSON is read once (it was read three times)."""
    log = log_of(*(("Ben Baker", "Ann Able") if first_is_second else ("Ann Able", "Ben Baker")))
    text = json.dumps(log)
    reads = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda s, *a, **k: (reads.append(1) if s == text else None) or real(s, *a, **k))
    saved = services.enter_result(match, services.ResultEntry.typed(log_text=text, first_is_second=first_is_second),
                                  user=match.organiser)
    assert len(reads) == 1 and saved.log == log and saved.first.name == log["players"][0]
