"""A player's private page follows their game: the cheap read it polls, `/p/<token>/next.json`
(tournament/pages/following.py), says the start after it moved, no game once the round is taken back, 410 for a
replaced link, and costs a few queries. Its version is the page's own, so the page knows when to reload."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import make_event, matches, page_text
from tournament import services

pytestmark = pytest.mark.django_db


def read(client, player):
    response = client.get(f"/p/{player.link_token}/next.json")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response.json()


def page_version(client, player) -> str:
    return re.search(r'data-version="([^"]*)"', page_text(client.get(f"/p/{player.link_token}/"))).group(1)


@pytest.fixture
def waiting():
    """An online round of four published to start at 14:30 tomorrow: (its round, Ann Able's match)."""
    event = make_event("Follow Cup", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], system="swiss",
                       rounds_announced=3, play="online", clock_s=600)
    round_ = services.generate_round(event)
    tomorrow = timezone.localtime() + timedelta(days=1)
    services.publish_round(round_, starts_at=tomorrow.replace(hour=14, minute=30, second=0, microsecond=0))
    round_.refresh_from_db()
    match = next(m for m in matches(event) if "Ann Able" in (m.first.name, m.second.name))
    return round_, match


def test_the_read_gives_the_moved_start_and_the_page_keeps_its_version(client, waiting):
    round_, match = waiting
    ann = match.first if match.first.name == "Ann Able" else match.second
    before = read(client, ann)
    assert (before["round"], before["game"], before["table"]) == (1, True, match.table)
    assert re.fullmatch(r"14:30 (GMT|BST)", before["start"]["time"]) and before["version"] == page_version(client, ann)
    moved = round_.starts_at - timedelta(minutes=45)  # 13:45 the same day
    services.move_start(round_, moved)
    after = read(client, ann)
    assert after["starts_ms"] == int(moved.timestamp() * 1000)
    assert after["starts_ms"] - before["starts_ms"] == -45 * 60 * 1000
    assert re.fullmatch(r"13:45 (GMT|BST)", after["start"]["time"])  # in the zone, named
    # Only the start moved: the page's countdown follows in place, no reload (the same version).
    assert after["version"] == before["version"] == page_version(client, ann)
    assert abs(after["now_ms"] - timezone.now().timestamp() * 1000) < 5_000


def test_a_round_taken_back_leaves_no_game_and_another_version(client, waiting):
    round_, match = waiting
    before = read(client, match.first)
    services.take_back(round_)
    after = read(client, match.first)
    assert (after["round"], after["game"], after["table"], after["starts_ms"]) == (None, False, None, None)
    assert after["version"] != before["version"] and after["version"] == page_version(client, match.first)
    services.publish_round(round_)  # out again, the same tables, starting now
    again = read(client, match.first)
    assert (again["round"], again["game"], again["table"]) == (1, True, match.table)
    # A page opened before the take-back shows this very game: only its countdown moves, to now.
    assert again["version"] == before["version"] and again["starts_ms"] < before["starts_ms"]


def test_a_replaced_link_answers_410_and_no_game_data(client, waiting):
    _, match = waiting
    old = match.first.link_token
    services.renew_link(match.first)
    response = client.get(f"/p/{old}/next.json")
    assert response.status_code == 410 and response["Cache-Control"] == "no-store"
    assert response.json()["error"]["code"] == "link-replaced" and "round" not in response.json()
    assert client.get("/p/" + "x" * 43 + "/next.json").status_code == 404


def test_the_read_costs_three_queries(client, waiting, django_assert_max_num_queries):
    round_, match = waiting
    with django_assert_max_num_queries(3):  # the link's player, the latest round, the game
        read(client, match.first)
    services.take_back(round_)
    with django_assert_max_num_queries(3):  # the link's player, no round, then the latest round's number
        read(client, match.first)
