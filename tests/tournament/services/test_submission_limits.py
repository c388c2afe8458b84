"""What a private link may send (services/submissions.py): a result again and again while it waits, but not
without end, and a replaced result keeps no move log (issue 16: each send kept up to 1 MB)."""

from __future__ import annotations

import json

import pytest

from games.engine import check_text
from games.engine.simulate import random_game
from tournament import services
from tournament.models import Match, Submission
from tournament.services.submissions import MAX_SENDS_PER_GAME

from tests.factories import make_event, matches

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
    first = services.submit_result(game.first, game, log_text=log_of(game, 1))
    second = services.submit_result(game.first, game, log_text=log_of(game, 2))
    first.refresh_from_db()
    assert (first.status, first.log, first.note) == (Submission.SETTLED, None,
                                                    "replaced by a newer result from the same player")
    assert second.status == Submission.WAITING and second.log == json.loads(log_of(game, 2))


def test_ten_sends_a_game_and_no_more(game):
    for n in range(MAX_SENDS_PER_GAME):
        services.submit_result(game.first, game, scores=[[9 + n % 5] * 6, [3] * 6])
    with pytest.raises(services.Refused) as refused:
        services.submit_result(game.first, game, scores=[[18] * 6, [3] * 6])
    assert refused.value.message == ("You have sent the result of this game 10 times, the most a link may: "
                                     "ask an arbiter to enter it.")
    assert Submission.objects.filter(match=game).count() == 10
    # The last one sent still waits, and the opponent may confirm it.
    waiting = Submission.objects.get(match=game, status=Submission.WAITING)
    services.answer_submission(game.second, waiting, agree=True)
    game.refresh_from_db()
    assert game.status == Match.PLAYED and game.scores == [[13] * 6, [3] * 6]
