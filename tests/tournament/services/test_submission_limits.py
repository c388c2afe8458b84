"""What a private link may send (services/submissions.py): a result again and again while it waits, but not
without end, and a replaced result keeps no move log (each send once kept up to 1 MB)."""

from __future__ import annotations

import json

import pytest

from games.engine import check_text
from games.engine.simulate import random_game
from tournament import services
from tournament.models import Match, Submission
from tournament.services.submissions import MAX_SENDS_PER_GAME
from tests.factories import make_event, matches, score_fields

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    event = make_event("Link Cup", ["Ann Able", "Ben Baker"], system="swiss", publish_round_one=True)
    return matches(event)[0]


def log_of(match: Match, seed: int) -> str:
    log = random_game(2, "mso", seed=seed)
    log.update(players=[match.first.name, match.second.name], clock_s=match.round.tournament.clock_s)
    assert check_text(json.dumps(log)).valid
    return json.dumps(log)


def test_a_result_sent_again_replaces_the_first_and_drops_its_log(game):
    first = services.submit_result(game.first, game, services.ResultEntry.from_player(log_text=log_of(game, 1)))
    second = services.submit_result(game.first, game, services.ResultEntry.from_player(log_text=log_of(game, 2)))
    first.refresh_from_db()
    assert (first.status, first.log, first.note) == (Submission.SETTLED, None,
                                                    "replaced by a newer result from the same player")
    assert second.status == Submission.WAITING and second.log == json.loads(log_of(game, 2))


def test_ten_sends_a_game_and_no_more(game):
    for n in range(MAX_SENDS_PER_GAME):
        services.submit_result(game.first, game, services.ResultEntry.from_player(scores=[[9 + n % 5] * 6, [3] * 6]))
    with pytest.raises(services.Refused) as refused:
        services.submit_result(game.first, game, services.ResultEntry.from_player(scores=[[18] * 6, [3] * 6]))
    assert refused.value.code == "sends-used-up"  # its words: test_refusal_wordings
    assert Submission.objects.filter(match=game).count() == 10
    # The last one sent still waits, and the opponent may confirm it.
    waiting = Submission.objects.get(match=game, status=Submission.WAITING)
    services.answer_submission(game.second, waiting, agree=True)
    game.refresh_from_db()
    assert game.status == Match.PLAYED and game.scores == [[13] * 6, [3] * 6]


# --- a send is idempotent (six clicks on "Send" once stored six submissions and six audit entries) --------------


def sent_entries(match: Match) -> int:
    return match.round.tournament.audit.filter(action="result sent").count()


def test_the_same_result_sent_six_times_is_kept_once_and_audited_once(game):
    sends = [services.submit_result(game.first, game,
                                    services.ResultEntry.from_player(scores=[[12] * 6, [7] * 6], flagged=[False, True]))
             for _ in range(6)]
    assert [sent.already_in for sent in sends] == [False, True, True, True, True, True]
    assert {sent.pk for sent in sends} == {sends[0].pk}
    assert Submission.objects.filter(match=game).count() == 1
    assert sent_entries(game) == 1
    # It still waits for the opponent, who confirms it as sent.
    services.answer_submission(game.second, sends[-1], agree=True)
    game.refresh_from_db()
    assert (game.status, game.scores, game.second_flagged) == (Match.PLAYED, [[12] * 6, [7] * 6], True)


def test_a_repeat_does_not_count_towards_the_ten_sends(game):
    for _ in range(MAX_SENDS_PER_GAME + 3):
        services.submit_result(game.first, game, services.ResultEntry.from_player(scores=[[11] * 6, [3] * 6]))
    assert services.submit_result(game.first, game,
                                  services.ResultEntry.from_player(scores=[[12] * 6, [3] * 6])).already_in is False
    assert Submission.objects.filter(match=game).count() == 2


@pytest.mark.parametrize("change", [
    {"scores": [[12] * 6, [8] * 6]},             # another score
    {"flagged": [True, False]},                  # another flag
])
def test_a_different_result_is_a_new_send_replacing_the_first(game, change):
    services.submit_result(game.first, game, services.ResultEntry.from_player(scores=[[12] * 6, [7] * 6]))
    again = services.submit_result(game.first, game,
                                   services.ResultEntry.from_player(**{"scores": [[12] * 6, [7] * 6], **change}))
    assert again.already_in is False
    assert Submission.objects.filter(match=game).count() == 2 and sent_entries(game) == 2


def test_the_same_log_twice_is_one_send_another_log_a_new_one(game):
    assert services.submit_result(game.first, game,
                                  services.ResultEntry.from_player(log_text=log_of(game, 1))).already_in is False
    assert services.submit_result(game.first, game,
                                  services.ResultEntry.from_player(log_text=log_of(game, 1))).already_in is True
    assert services.submit_result(game.first, game,
                                  services.ResultEntry.from_player(log_text=log_of(game, 2))).already_in is False
    assert sent_entries(game) == 2


def test_the_private_page_says_a_repeated_send_is_already_in(client, game):
    told = []
    for _ in range(3):
        response = client.post(f"/p/{game.first.link_token}/game/{game.pk}/send/",
                               {"version": 0, **score_fields([12] * 6, [7] * 6)}, follow=True)
        assert response.redirect_chain == [(f"/p/{game.first.link_token}/", 302)]
        told.append([str(m) for m in response.context["messages"]])
    assert told == [["Your result is sent: it counts once your opponent confirms it."]] + [
        ["Your result is already in, as you sent it: it counts once your opponent confirms it."]] * 2
    assert Submission.objects.filter(match=game).count() == 1 and sent_entries(game) == 1
