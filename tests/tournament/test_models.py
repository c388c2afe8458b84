"""The models' own invariants hold in the database, whatever code writes the rows."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournament.domain.enums import MatchStatus, RoundStatus, System
from tournament.models import Match, Player, Round, Tournament


@pytest.fixture
def tournament():
    event = Tournament.objects.create(name="Invariants", slug="invariants", system=Tournament.SWISS)
    for number, name in enumerate(("Ann Able", "Ben Baker"), start=1):
        Player.objects.create(tournament=event, number=number, seed=number, name=name)
    return event


@pytest.mark.django_db
def test_the_statuses_are_the_domains():
    assert [value for value, _label in Match.Status.choices] == [s.value for s in MatchStatus]
    assert [value for value, _label in Round.Status.choices] == [s.value for s in RoundStatus]
    assert {value for value, _label in Tournament.SystemChoice.choices} == {"auto"} | {s.value for s in System}


@pytest.mark.django_db
def test_one_draft_round_at_a_time(tournament):
    Round.objects.create(tournament=tournament, number=1, status=Round.DRAFT)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=tournament, number=2, status=Round.DRAFT)
    Round.objects.create(tournament=tournament, number=2, status=Round.PUBLISHED)  # a published one is fine


@pytest.mark.django_db
def test_nobody_plays_themself(tournament):
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.PUBLISHED)
    ann, ben = tournament.players.order_by("seed")
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(round=round_, table=1, first=ann, second=ann)
    Match.objects.create(round=round_, table=1, first=ann, second=ben)
    Match.objects.create(round=round_, table=2, first=ann, second=None, status=Match.BYE)  # a bye has no second


@pytest.mark.django_db
def test_a_played_match_holds_a_games_scores(tournament):
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.PUBLISHED)
    ann, ben = tournament.players.order_by("seed")
    match = Match(round=round_, table=1, first=ann, second=ben, status=Match.PLAYED, scores=[[19] + [5] * 5, [4] * 6])
    with pytest.raises(ValidationError, match=r"\[0\]\[0\]: 19 is above 18"):
        match.clean()
    match.scores = [[18] + [5] * 5, [4] * 6]
    match.clean()
