"""Two decisions of result entry, asked directly: whether a result typed at the grid is held over a player's sent
result (`services.held_over_submission`), and which forms a player's private page offers
(`services.player_link_forms`).  Plain stand-ins for the rows: each decision reads only the fields named."""

from types import SimpleNamespace as Row

import pytest

from tournament import services
from tournament.models import Match, Round, Submission

ANN, BEN = 1, 2
WIN = [[9] * 6, [5] * 6]


def sent(status=Submission.WAITING, by=BEN, scores=WIN, flags=(False, False), pk=7):
    return Row(pk=pk, status=status, by_id=by, scores=scores, first_flagged=flags[0], second_flagged=flags[1])


@pytest.mark.parametrize("typed, submission, told_of, held", [
    (WIN, None, "", None),  # nothing sent: save
    (WIN, sent(), "", None),  # the same result as sent: save
    ([[9] * 6, [6] * 6], sent(), "", services.HELD_DIFFERS),  # another score
    ([[9] * 6, [6] * 6], sent(), "7", None),  # ... already shown to the one typing: save it in its place
    (WIN, sent(flags=(False, True)), "", services.HELD_DIFFERS),  # the same scores, another tick
    (WIN, sent(status=Submission.DISPUTED), "", services.HELD_DISPUTED),  # disputed: held even when the same
    (WIN, sent(status=Submission.DISPUTED), "7", None),
    (None, sent(), "", services.HELD_DIFFERS),  # a log alone, no scores typed: not the sent scores
])
def test_a_typed_result_is_held_once_over_a_sent_one(typed, submission, told_of, held):
    entry = services.ResultEntry.typed(typed, [False, False])
    assert services.held_over_submission(entry, submission, told_of) == held


def game(status=Match.PENDING, round_status=Round.PUBLISHED):
    return Row(status=status, round=Row(status=round_status))


@pytest.mark.parametrize("match, submission, offered", [
    (None, None, (False, False, False, "no game")),
    (game(Match.PLAYED), None, (False, False, False, "has result")),
    (game(round_status=Round.COMPLETE), None, (False, False, False, "closed")),
    (game(round_status=Round.COMPLETE), sent(), (False, False, True, "closed")),
    (game(), None, (True, True, False, "nothing sent")),
    (game(), sent(by=ANN), (True, True, False, "mine waiting")),  # Ann may send a corrected one
    (game(), sent(by=BEN), (True, False, True, "theirs waiting")),  # confirm, or dispute with her scores
    (game(), sent(status=Submission.DISPUTED, by=ANN), (True, False, False, "disputed")),  # the arbiter's now
    (game(), sent(status=Submission.DISPUTED, by=BEN), (True, False, False, "disputed")),
])
def test_the_private_page_offers_the_forms_of_the_games_state(match, submission, offered):
    forms = services.player_link_forms(Row(pk=ANN), match, submission)
    assert (forms.takes_result, forms.send, forms.own_scores, forms.why) == offered
