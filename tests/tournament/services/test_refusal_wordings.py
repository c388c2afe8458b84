"""The words of the services' refusals, each once: the other tests assert which refusal (its code or field) and
what it left unchanged, and the organiser reads the sentence checked here."""

import pytest
from django.db.models import Q

from tests.factories import make_event, play, refusal
from tournament import services
from tournament.services.submissions import MAX_SENDS_PER_GAME

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"]
LOSER_SENDS = services.ResultEntry.typed(scores=[[5] * 6, [9] * 6])


def published():
    """Four players, round 1 published with no results."""
    return make_event("Words Open", NAMES, system="swiss", rounds_announced=3, publish_round_one=True)


def edited_after_publishing():
    round_one = published().rounds.get(number=1)
    first, second = (match.first for match in round_one.matches.order_by("table"))
    return refusal(services.swap_players, round_one, first, second)


def deleted_after_publishing():
    return refusal(services.delete_draft, published().rounds.get(number=1))


def closed_with_games_to_play():
    return refusal(services.close_round, published().rounds.get(number=1))


def corrected_while_closed():
    round_one = published().rounds.get(number=1)
    play(round_one)
    return refusal(services.enter_result, round_one.matches.order_by("table").first(), LOSER_SENDS, correction=True)


def excused_twice():
    ann = make_event("Words Open", NAMES, system="swiss", rounds_announced=3).players.get(name="Ann Able")
    services.excuse_player(ann, 2)
    return refusal(services.excuse_player, ann, 2)


def sent_once_too_often():
    game = published().rounds.get(number=1).matches.order_by("table").first()
    for n in range(MAX_SENDS_PER_GAME):
        services.submit_result(game.first, game, services.ResultEntry.from_player(scores=[[9 + n % 5] * 6, [3] * 6]))
    return refusal(services.submit_result, game.first, game,
                   services.ResultEntry.from_player(scores=[[18] * 6, [3] * 6]))


def sent_after_the_opponent():
    """Ann sends a result, her opponent another one."""
    game = published().rounds.get(number=1).matches.get(Q(first__name="Ann Able") | Q(second__name="Ann Able"))
    ann, opponent = (game.first, game.second) if game.first.name == "Ann Able" else (game.second, game.first)
    services.submit_result(ann, game, services.ResultEntry.from_player(scores=[[9] * 6, [3] * 6]))
    return refusal(services.submit_result, opponent, game, services.ResultEntry.from_player(scores=[[3] * 6, [9] * 6]))


def sent_to_a_closed_round():
    """A player's link sends a result once round 1 is played and closed."""
    round_one = published().rounds.get(number=1)
    play(round_one)
    game = round_one.matches.order_by("table").first()
    return refusal(services.submit_result, game.first, game, services.ResultEntry.from_player(scores=[[3] * 6, [9] * 6]))


def asked_twice():
    cy = make_event("Words Open", NAMES, system="swiss", rounds_announced=4).players.get(name="Cy Cole")
    services.request_excuse(cy, 3)
    return refusal(services.request_excuse, cy, 3)


def excused_when_idle():
    """Five players by rating: the Berger table leaves seed 4, Di Dunn, idle in round 2."""
    robin = make_event("Words Robin", NAMES + ["Ed Eve"], ratings=[2000, 1900, 1800, 1700, 1600],
                       system="all-play-all", publish_round_one=True)
    return refusal(services.excuse_player, robin.players.get(name="Di Dunn"), 2)


@pytest.mark.parametrize("refused, code, words", [
    (edited_after_publishing, "not-a-draft", "Only a draft round can be edited."),
    (deleted_after_publishing, "not-a-draft", "Only a draft round can be deleted."),
    (closed_with_games_to_play, "results-missing", "Round 1 still has 2 matches without a result."),
    (corrected_while_closed, "round-closed", "Round 1 is closed: an organiser reopens it to correct a result."),
    (excused_twice, "already-excused", "Ann Able is already excused from round 2."),
    (asked_twice, "already-asked", "You have already asked to be excused from round 3."),
    (sent_to_a_closed_round, "round-closed", "Round 1 is closed: ask the organiser, who reopens it to correct a result."),
    (sent_once_too_often, "sends-used-up",
     "You have sent the result of this game 10 times, the most a link may: ask an arbiter to enter it."),
    (excused_when_idle, "idle-round", "Di Dunn has no game in round 2: the all-play-all table leaves them idle that "
                                      "round (no game, no VP), so there is nothing to excuse."),
    (sent_after_the_opponent, "opponent-sent",
     "Ann Able has already sent a result: confirm it, or dispute it and say what is wrong."),
])
def test_the_refusals_wordings(refused, code, words):
    refusal_ = refused()
    assert (refusal_.code, refusal_.message) == (code, words)
