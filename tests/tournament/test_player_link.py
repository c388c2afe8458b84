"""A player's private page (tournament/pages/player_link.py) says exactly where the player stands: no round yet, a bye
with its VP, an excused absence, a round closed under a stale form; and asking twice to be excused."""

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from django.utils.html import escape

from tournament import services
from tournament.models import ExcusedAbsence, Match, Submission

from tests.factories import field_errors, make_event, matches, page_text, refusal, score_fields

pytestmark = pytest.mark.django_db


def link(player):
    return f"/p/{player.link_token}/"


def no_game(response) -> str:
    """The line of the private page that says why the player has no game to report."""
    return re.search(r'<p class="no-game">(.*?)</p>', page_text(response)).group(1)


def before_round_one_is_out():
    """Round 1 is only a draft: it is not out yet."""
    event = make_event("Early Cup", ["Ann Able", "Ben Baker"], system="swiss", rounds_announced=3)
    services.generate_round(event)
    return event.players.get(name="Ann Able")


def a_bye_worth_half_a_vp():
    event = make_event("Odd Cup", ["Ann Able", "Ben Baker", "Cy Cole"], system="swiss", rounds_announced=3,
                       bye_half_points=1, publish_round_one=True)
    return Match.objects.select_related("first").get(round__tournament=event, status=Match.BYE).first


def excused_from_round_one():
    event = make_event("Away Cup", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], system="swiss",
                       rounds_announced=3)
    ben = event.players.get(name="Ben Baker")
    services.excuse_player(ben, 1)
    services.publish_round(services.generate_round(event))
    return ben


def idle_in_an_odd_all_play_all():
    """Three players, all-play-all: round 1 of the table (1 v dummy, 2 v 3) leaves seed 1 idle."""
    event = make_event("Idle Cup", ["Ann Able", "Ben Baker", "Cy Cole"], system="all-play-all",
                       ratings=[2000, 1900, 1800], publish_round_one=True)
    ann = event.players.get(name="Ann Able")
    assert all(ann.pk not in (m.first_id, m.second_id) for m in matches(event))
    return ann


@pytest.mark.parametrize("player, words", [
    (before_round_one_is_out, "No round is published yet."),
    (a_bye_worth_half_a_vp, "You have a bye in round 1 (½ VP)."),
    (excused_from_round_one, "You are excused from round 1."),
    (idle_in_an_odd_all_play_all, "You sit out round 1: with an odd number of players, the all-play-all leaves one "
                                  "player idle each round (no game, no VP)."),
])
def test_the_page_says_why_the_player_has_no_game(client, player, words):
    """The wording test of the no-game line: each case's sentence, once."""
    response = client.get(link(player()))
    assert no_game(response) == escape(words)
    assert 'name="first_R"' not in page_text(response)  # no result form: there is no game to report


def test_a_result_sent_to_a_closed_round_is_refused_without_a_form_to_send_again(client, people):
    event = make_event("Closed Cup", ["Ann Able", "Ben Baker"], organiser=people["org"], system="swiss",
                       rounds_announced=2, publish_round_one=True)
    match = matches(event)[0]
    assert "Send to" in page_text(client.get(link(match.first)))  # the page the player still has open
    services.enter_result(match,
                          services.ResultEntry.typed(scores=[[6] * 6, [5] * 6], flagged=[False, False]),
                          user=people["org"])
    services.close_round(event.rounds.get())
    page = page_text(client.post(f"{link(match.first)}game/{match.pk}/send/",
                                 {"version": 0, **score_fields([5] * 6, [6] * 6)}))
    refused = refusal(services.submit_result, match.first, match,
                      services.ResultEntry.from_player(scores=[[5] * 6, [6] * 6]))
    assert refused.code == "round-closed" and refused.message in page  # the service's refusal, shown
    assert not Submission.objects.exists()
    assert "Send to" not in page and 'name="first_R"' not in page
    assert f"Result: <strong>{escape(match.first.name)} 1–0 {escape(match.second.name)}</strong>" in page


def test_asking_twice_to_be_excused_says_it_was_already_asked(client):
    event = make_event("Ask Cup", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], system="swiss",
                       rounds_announced=4)
    cy = event.players.get(name="Cy Cole")
    client.post(f"{link(cy)}excuse/", {"round_number": "3"})
    again = client.post(f"{link(cy)}excuse/", {"round_number": "3"})
    refused = refusal(services.request_excuse, cy, 3)
    assert refused.code == "already-asked" and field_errors(again)["round_number"] == [refused.message]
    assert ExcusedAbsence.objects.filter(player=cy, round_number=3).count() == 1
    # The menu no longer offers round 3 once asked for: rounds 1, 2 and 4 are left.
    offered = [n for n in ("1", "2", "3", "4")
               if f'<option value="{n}">Round {n}</option>' in page_text(client.get(link(cy)))]
    assert offered == ["1", "2", "4"]


def test_an_absence_in_a_round_already_out_cannot_be_taken_back_from_the_link(client):
    """Ben is excused from round 1, which is then published: the page says it is part of the round's record and
    offers no 'Take it back' (the service would refuse it); his request for round 3 can still be taken back."""
    event = make_event("Record Cup", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], system="swiss",
                       rounds_announced=3)
    ben = event.players.get(name="Ben Baker")
    services.excuse_player(ben, 1)
    client.post(f"{link(ben)}excuse/", {"round_number": "3"})
    services.publish_round(services.generate_round(event))
    page = page_text(client.get(link(ben)))
    assert "round 1 is out" in page
    assert page.count("Take it back") == 1  # round 3's only


def test_before_round_one_the_page_says_when_the_event_starts_in_the_tournaments_zone(client):
    event = make_event("Start Cup", ["Ann Able", "Ben Baker"], system="swiss", rounds_announced=3, play="online")
    start = timezone.now().replace(microsecond=0) + timedelta(hours=2)
    services.update_settings(event, starts_at=start, time_zone="Asia/Tokyo")
    tokyo = timezone.localtime(start, ZoneInfo("Asia/Tokyo"))
    page = page_text(client.get(link(event.players.get(name="Ann Able"))))
    assert 'id="event-start"' in page and f"{tokyo:%H:%M:%S} {tokyo.tzname()}" in page
    assert f'data-starts-ms="{int(start.timestamp() * 1000)}"' in page


def test_a_withdrawn_player_is_offered_im_back_and_not_an_excused_absence(client):
    event = make_event("Gone Cup", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], system="swiss",
                       rounds_announced=3, publish_round_one=True)
    ann = event.players.get(name="Ann Able")
    services.withdraw_myself(ann)
    page = page_text(client.get(link(ann)))
    assert f"/p/{ann.link_token}/back/" in page
    assert "Ask to be excused" not in page
