"""Odd input the review found answered with a 500, each now a clear answer.

A "²" passes `str.isdigit()` and then breaks `int()`; a number of thirty
digits breaks the database; two tournaments of one name created at once
both find the same slug free.  The test client re-raises a view's
exception, so a 500 fails these tests.
"""

from __future__ import annotations

import pytest

from tournament import records, services
from tournament.domain.values import whole_number
from tournament.models import Player, Submission, Tournament

from tests.factories import make_event, matches, messages_of, score_fields

pytestmark = pytest.mark.django_db

ODD_NUMBERS = ["²", "٣", "9" * 30, "-1", " 1", "1.0", "", "x"]


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("org", is_staff=True)


@pytest.fixture
def event(organiser):
    return make_event("Odd Open", ["Ann Able", "Ben Baker", "Cy Cole", "Dai Evans"], organiser=organiser,
                      system="swiss", publish_round_one=True)


def test_a_whole_number_is_ascii_digits_within_range():
    assert [whole_number(text) for text in ["0", "17", "007", "9223372036854775807"]] == [0, 17, 7, 2**63 - 1]
    assert [whole_number(text) for text in [*ODD_NUMBERS, "9223372036854775808"]] == [None] * 9
    assert whole_number("10001", largest=10_000) is None


@pytest.mark.parametrize("odd", ODD_NUMBERS)
def test_renewing_a_link_of_an_odd_number_renews_nothing_and_says_so(client, organiser, event, odd):
    tokens = list(Player.objects.order_by("pk").values_list("link_token", flat=True))
    client.force_login(organiser)
    response = client.post(f"/manage/{event.slug}/links/", {"renew": odd})
    assert response.status_code == 302
    assert messages_of(response) == ["There is no such player to renew the link of: nothing was changed."]
    assert list(Player.objects.order_by("pk").values_list("link_token", flat=True)) == tokens


@pytest.mark.parametrize("odd", [odd for odd in ODD_NUMBERS if odd])  # an empty one is the add-a-role form
def test_removing_an_odd_person_removes_nobody_and_says_so(client, organiser, event, odd):
    client.force_login(organiser)
    response = client.post(f"/manage/{event.slug}/people/", {"remove": odd, "role": "organiser"})
    assert response.status_code == 302
    assert messages_of(response) == ["That person does not have that role here."]
    assert list(event.organisers.all()) == [organiser]


@pytest.mark.parametrize("odd", ODD_NUMBERS)
def test_answering_an_odd_submission_through_a_link_says_so_on_the_players_page(client, event, odd):
    match = matches(event)[0]
    first, second = match.first, match.second
    client.post(f"/p/{first.link_token}/game/{match.pk}/send/", {"version": 0, **score_fields([9] * 6, [3] * 6)})
    response = client.post(f"/p/{second.link_token}/game/{match.pk}/answer/", {"submission": odd,
                                                                               "answer": "confirm"})
    assert response.status_code == 302 and response.url == f"/p/{second.link_token}/"
    assert messages_of(response)[-1] == ("That result is no longer there to answer (the 'submission' sent names "
                                         "none): here is your game as it stands.")
    assert Submission.objects.get().status == Submission.WAITING


def test_the_links_page_is_never_stored_by_a_browser_or_a_proxy(client, organiser, event):
    client.force_login(organiser)
    response = client.get(f"/manage/{event.slug}/links/")
    assert response.status_code == 200
    assert {"no-store", "no-cache", "private"} <= {part.strip() for part in response["Cache-Control"].split(",")}


def test_a_slug_taken_between_the_look_and_the_write_gets_the_next_one(client, organiser, monkeypatch):
    """What a double-click does on PostgreSQL: both requests find "spring-open" free, the first takes it."""
    services.create_tournament("Spring Open", organiser)
    looks = []

    def stale_look(name):  # the first look was made before the other request's write
        looks.append(name)
        return "spring-open" if len(looks) == 1 else real_unique_slug(name)

    real_unique_slug = records.unique_slug
    monkeypatch.setattr(records, "unique_slug", stale_look)
    client.force_login(organiser)
    response = client.post("/manage/new/", {"name": "Spring Open", "system": "auto", "rounds_announced": 7,
                                            "bye_half_points": 2, "progressive": "sum", "clock_s": 600,
                                            "late_entry_half_points": 0, "excused_half_points": 1})
    assert response.status_code == 302, response.context["form"].errors
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == ["spring-open", "spring-open-2"]
    assert len(looks) == 2
