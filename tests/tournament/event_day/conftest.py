"""Events for the event-day tests: made through the services, as the organiser's pages make them."""

from __future__ import annotations

import html

import pytest

from tournament import services
from tournament.models import Match


def make_event(name, names, organiser=None, publish_round_one=False, ratings=None, **settings):
    """Players entered in order; with `ratings` (one each, highest first) their seeds follow the list."""
    tournament = services.create_tournament(name, organiser, **settings)
    for person, rating in zip(names, ratings or [None] * len(names), strict=True):
        services.add_player(tournament, person, rating=rating, user=organiser)
    if publish_round_one:
        services.publish_round(services.generate_round(tournament, user=organiser), user=organiser)
    return tournament


def play(round_, first_wins=True):
    """Every pending game of the round won by its first player (or its second), then the round closed."""
    for match in round_.matches.filter(status=Match.PENDING):
        scores = [[9] * 6, [5] * 6] if first_wins else [[5] * 6, [9] * 6]
        services.enter_result(match, status=Match.PLAYED, scores=scores)
    services.close_round(round_)


def text(response) -> str:
    """The page as a reader sees its characters (entities unescaped)."""
    return html.unescape(response.content.decode())


@pytest.fixture
def people(django_user_model):
    make = django_user_model.objects.create_user
    return {"org": make("org", is_staff=True), "arb": make("arb"), "other_org": make("other_org", is_staff=True)}


@pytest.fixture
def org_client(client, people):
    client.force_login(people["org"])
    return client
