"""Junk in an address is a 404 before any query.

A NUL in a private link's token reached the database, which PostgreSQL
refuses with an error: a 500, and a mail to the admins each time.  Every
address taking a token, slug or number now refuses what the site never makes
in the URL resolver, before a query is sent; the test client re-raises a
view's exception, so a 500 fails these tests on either database.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from tests.factories import make_event
from tournament.asgi import application

pytestmark = pytest.mark.django_db

JUNK_TOKENS = ["%00", "abc%00def", "a" * 65, "%C3%A9t%C3%A9", "a.b", "%20"]


@pytest.fixture
def event(organiser):
    return make_event("Junk Open", ["Ann Able", "Ben Baker", "Cy Cole", "Dai Evans"], organiser=organiser,
                      system="swiss", publish_round_one=True)


@pytest.mark.parametrize("junk", JUNK_TOKENS)
@pytest.mark.parametrize("tail", ["", "excuse/", "game/1/send/", "game/1/answer/", "excuse/1/withdraw/"])
def test_a_private_link_of_junk_is_a_404_without_a_query(client, django_assert_num_queries, junk, tail):
    method = client.get if tail in ("",) else client.post
    with django_assert_num_queries(0):
        response = method(f"/p/{junk}/{tail}")
    assert response.status_code == 404


def test_a_real_link_still_opens(client, event):
    token = event.players.order_by("number").first().link_token
    assert client.get(f"/p/{token}/").status_code == 200


@pytest.mark.parametrize("address", ["/t/%00/", "/t/a%00b/standings/", "/manage/a%00b/", "/t/x/round/%00/",
                                     "/t/x/players/99999999999999999999/", "/manage/x/match/99999999999999999999/"])
def test_a_slug_or_number_of_junk_is_a_404_without_a_query(client, django_assert_num_queries, address):
    with django_assert_num_queries(0):
        response = client.get(address)
    assert response.status_code == 404


@pytest.mark.parametrize("address", ["/manage/{slug}/match/99999999999999999999/",
                                     "/manage/{slug}/players/99999999999999999999/",
                                     "/manage/{slug}/round/99999999999999999999/"])
def test_a_number_too_large_for_the_database_is_a_404_for_an_organiser(org_client, event, address):
    assert org_client.get(address.format(slug=event.slug)).status_code == 404


def test_round_0_is_no_round(client, event):
    """/t/SLUG/round/0/ showed the latest round, as if no number were given."""
    assert client.get(f"/t/{event.slug}/round/1/").status_code == 200
    assert client.get(f"/t/{event.slug}/round/0/").status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("address", ["/ws/p/%00/room/", "/ws/p/abc\x00def/room/", "/ws/p/" + "a" * 65 + "/room/",
                                     "/ws/t/x/round/99999999999999999999/table/1/room/", "/ws/elsewhere/"])
def test_a_room_socket_of_junk_is_refused_without_a_query(address, django_assert_num_queries):
    async def scenario():
        socket = WebsocketCommunicator(application, address, headers=[(b"origin", b"http://testserver"),
                                                                      (b"host", b"testserver")])
        return await socket.connect()

    with django_assert_num_queries(0):
        connected, code = async_to_sync(scenario)()
    assert not connected
