"""A player entered while a round is a draft is not silently left out of it: refused, saying what to do
(services.entries.joining_round)."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from tournament import services

from tests.factories import make_event

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Dai Evans"]
REFUSAL = ("Round 1 is a draft, paired without anyone entered now: publish it first (the new player then joins "
           "from round 2), or delete the draft, enter the player and pair round 1 again to include them.")


def test_entering_a_player_while_round_1_is_a_draft_is_refused_saying_what_to_do():
    event = make_event("Draft Cup", NAMES, system="swiss")
    round_ = services.generate_round(event)
    with pytest.raises(services.Refused) as refused:
        services.add_player(event, "Lou Late", rating=1500)
    assert (refused.value.message, refused.value.field) == (REFUSAL, "name")
    assert event.players.count() == 4
    # Either way the organiser is told: published, the newcomer joins from round 2.
    services.publish_round(round_)
    assert services.add_player(event, "Lou Late", rating=1500).joined_round == 2


def test_deleting_the_draft_lets_the_player_in_and_round_1_is_paired_with_them():
    event = make_event("Draft Cup", NAMES, system="swiss")
    services.delete_draft(services.generate_round(event))
    late = services.add_player(event, "Lou Late", rating=1500)
    assert late.joined_round == 1
    seated = {p for m in services.generate_round(event).matches.all() for p in (m.first_id, m.second_id) if p}
    assert late.pk in seated


def test_the_dashboard_shows_the_refusal_on_the_name(client, django_user_model):
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    event = make_event("Draft Cup", NAMES, organiser=organiser, system="swiss")
    services.generate_round(event)
    client.force_login(organiser)
    page = client.post(f"/manage/{event.slug}/players/add/", {"name": "Lou Late", "rating": "1500"})
    assert page.status_code == 200 and escape(REFUSAL) in page.content.decode()
    assert event.players.count() == 4
