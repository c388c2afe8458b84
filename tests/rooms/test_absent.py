"""Absent players and the seat's presence (found running an 8-player event by hand): a forfeit for neither player when
neither came, the log of a forfeit decision kept when a tile was placed, and a seat's presence counted over its sockets
(docs/online-event.md, "Presence and attention").

Clocks run on a fake server time (`START`) where the services take `at_ms`.
"""

import io
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.core.management import call_command
from django.db import DatabaseError
from django.urls import reverse

from rooms import services
from rooms.desk import arbiter, presence, views as desk
from rooms.game.referee import Refused
from tests.factories import make_event, matches
from tests.rooms.helpers import ARBITER_NAMES, START, arbiters_event, open_rooms
from tests.rooms.sockets import connect, receive
from tournament.models import AuditEntry, Match, Tournament
from tournament.records import record_of
from tournament.tfile import dumps, parse

pytestmark = pytest.mark.django_db

NAMES = ARBITER_NAMES


@pytest.fixture
def event(people):
    return arbiters_event(people)


def place_first_tile(room, at_ms):
    """The first player places a tile on the first cells the engine offers (the first placement of a game earns
    no bonus turn), and their turn ends."""
    seen = services.look(room.pk, 0, at_ms=at_ms).message
    answer = services.move(room.pk, 0, "place", seq=seen["seq"], tile=seen["rack"][0], cells=seen["legal_pairs"][0],
                           at_ms=at_ms)
    if answer.message["stage"] == "decide":
        services.move(room.pk, 0, "end_turn", seq=answer.message["seq"], at_ms=at_ms)


# -- a forfeit for neither player ------------------------------------------------------------------------------


def test_a_forfeit_for_neither_player_is_the_result_the_room_writes_when_both_clocks_run_out(event, people):
    one, two = open_rooms(event)
    decided = arbiter.forfeit_absent(one.pk, people["arb"], None, "neither player has come", at_ms=START + 61_000)
    # Table 2, left alone: the first player's 600 s run out, then the second's, nothing placed.
    services.settle(two.pk, at_ms=START + 1_200_001)
    by_room = Match.objects.get(pk=two.match_id)
    assert (decided.status, decided.forfeit_winner_id) == (by_room.status, by_room.forfeit_winner_id) == \
        (Match.FORFEIT, None)
    assert decided.decision == {"reason": "neither player has come", "log": None}  # nothing placed: nothing to keep
    assert services.look(one.pk, None, at_ms=START + 62_000).message["status"] == "finished"
    rows = desk.desk_rows(event.rounds.get(number=1), at_ms=START + 1_200_002)
    assert [row["score"] for row in rows] == ["0–0 (both absent)", "0–0 (both absent)"]
    audit = AuditEntry.objects.get(action="forfeit for two absent players")
    assert audit.after == {"reason": "neither player has come", "events kept": 0}


def test_no_forfeit_for_neither_player_once_one_has_placed(event, people):
    one, _ = open_rooms(event)
    place_first_tile(one, START + 10_000)
    with pytest.raises(Refused) as refused:
        arbiter.forfeit_absent(one.pk, people["arb"], None, "no-shows", at_ms=START + 20_000)
    assert refused.value.code == "placed"
    assert Match.objects.get(pk=one.match_id).status == Match.PENDING


def test_the_decision_form_offers_a_forfeit_for_neither_only_while_neither_has_placed(event, people, client):
    one, two = open_rooms(event, at_ms=services.now_ms())
    place_first_tile(two, services.now_ms())
    client.force_login(people["arb"])
    form = [client.get(reverse("manage:desk_decide", args=[event.slug, 1, table])).content.decode() for table in (1, 2)]
    assert ['value="forfeit-both"' in page for page in form] == [True, False]
    answer = client.post(reverse("manage:desk_decide", args=[event.slug, 1, 1]),
                         {"seq": 0, "reason": "neither came", "how": "forfeit-both"}, follow=True)
    match = Match.objects.get(pk=one.match_id)
    assert (match.status, match.forfeit_winner_id) == (Match.FORFEIT, None)
    assert "Table 1: forfeit, neither" in answer.content.decode()


# -- the log of a forfeit decision ------------------------------------------------------------------------------


def test_a_forfeit_after_the_opponent_placed_keeps_the_log_in_the_file_the_import_and_the_viewer(
        event, people, client, tmp_path):
    one, _ = open_rooms(event)
    place_first_tile(one, START + 10_000)  # the first player placed one tile; the second never came
    match = arbiter.forfeit_absent(one.pk, people["arb"], 1, "the second player never came", at_ms=START + 70_000)
    assert (match.status, match.forfeit_winner_id) == (Match.FORFEIT, match.first_id)
    log = match.decision["log"]
    assert log["players"] == [match.first.name, match.second.name]
    assert [event["type"] for event in log["events"]].count("place") == 1
    # The checker reads it as far as it goes: a game that stopped before its end.
    (tmp_path / "decision.json").write_text(json.dumps(log))
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("checklog", str(tmp_path / "decision.json"), "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert (report["valid"], report["error"]["code"]) == (False, "unfinished")
    # The tournament file carries it, reads back, and an import keeps it.
    text = dumps(record_of(event))
    written = json.loads(text)["rounds"][0]["matches"][0]
    assert (written["status"], written["winner"]) == ("forfeit", written["first"])
    assert written["decision"] == {"reason": "the second player never came", "log": log}
    assert parse(json.loads(text)).rounds[0].matches[0].decision == written["decision"]
    (tmp_path / "event.json").write_text(text)
    out = io.StringIO()
    call_command("import_tournament", str(tmp_path / "event.json"), stdout=out)
    imported = Tournament.objects.get(slug=out.getvalue().split()[-1])
    assert Match.objects.get(round__tournament=imported, round__number=1, table=1).decision == written["decision"]
    # The round page links the replay; the viewer replays the one placement, with the decision.
    viewer_url = reverse("tournament:game", args=[event.slug, 1, 1])
    assert f'href="{viewer_url}"' in client.get(reverse("tournament:round", args=[event.slug, 1])).content.decode()
    viewer = client.get(viewer_url)
    assert viewer.status_code == 200
    assert f"after 1 placement: {written['decision']['reason']}" in viewer.content.decode()
    assert AuditEntry.objects.get(action="forfeit for an absent player").after["events kept"] > 0


# -- presence, per socket ------------------------------------------------------------------------------------------


def seat_zero(room, at_ms):
    return services.look(room.pk, 1, at_ms=at_ms).message["presence"][0]


def test_a_seat_stays_connected_while_one_of_its_sockets_is_open(event):
    one, _ = open_rooms(event)
    presence.arrived(one.pk, 0, START + 1_000)  # the laptop
    presence.arrived(one.pk, 0, START + 2_000)  # a second tab
    presence.left(one.pk, 0, START + 5_000)  # the second tab closed: the laptop plays on
    assert seat_zero(one, START + 5_001) == {"connected": True, "seen_ms": START + 5_000}
    presence.left(one.pk, 0, START + 9_000)
    assert seat_zero(one, START + 9_001) == {"connected": False, "seen_ms": START + 9_000}


def test_a_socket_whose_instance_died_no_longer_counts_after_the_seats_silence(event):
    one, _ = open_rooms(event)
    presence.arrived(one.pk, 0, START)  # its instance dies: no goodbye
    assert seat_zero(one, START + 25_000)["connected"] is True
    assert seat_zero(one, START + 25_001)["connected"] is False
    presence.arrived(one.pk, 0, START + 40_000)  # the page came back on another instance
    presence.left(one.pk, 0, START + 50_000)
    assert seat_zero(one, START + 50_001) == {"connected": False, "seen_ms": START + 50_000}


@pytest.mark.django_db(transaction=True)
def test_closing_a_second_tab_of_a_seat_leaves_the_seat_connected():
    """Found running the 8-player event by hand: a look at a player's room in a second tab, closed, marked the seat
    "last seen" while the player's own socket played on."""
    match = matches(make_event("Online Open", NAMES[:2], publish_round_one=True))[0]
    room = services.open_room(match, at_ms=services.now_ms() - 1)
    path = f"/ws/p/{match.first.link_token}/room/"

    def first_seat():
        return services.look(room.pk, 1).message["presence"][0]["connected"]

    async def scenario():
        tabs = [connect(path), connect(path)]
        for tab in tabs:
            assert (await tab.connect())[0]
            await receive(tab)  # the room
            while (await tab.receive_json_from(timeout=5))["type"] != "ping":
                pass  # the first ping follows the arrival's mark
        seen = [await database_sync_to_async(first_seat)()]
        await tabs[1].disconnect()
        seen.append(await database_sync_to_async(first_seat)())
        await tabs[0].disconnect()
        seen.append(await database_sync_to_async(first_seat)())
        return seen

    assert async_to_sync(scenario)() == [True, True, False]


@pytest.mark.django_db(transaction=True)
def test_a_socket_whose_first_look_failed_does_not_uncount_the_seats_open_socket(monkeypatch):
    """A socket closed before its arrival was counted (the database failed its first look: the page comes back)
    takes nothing off the count: the seat's other socket keeps it connected."""
    match = matches(make_event("Online Open", NAMES[:2], publish_round_one=True))[0]
    room = services.open_room(match, at_ms=services.now_ms() - 1)
    path = f"/ws/p/{match.first.link_token}/room/"
    looks = services.look

    def failing_look(*args, **kwargs):
        raise DatabaseError("the database system is starting up")

    async def scenario():
        laptop = connect(path)
        assert (await laptop.connect())[0]
        await receive(laptop)
        while (await laptop.receive_json_from(timeout=5))["type"] != "ping":
            pass
        monkeypatch.setattr(services, "look", failing_look)
        phone = connect(path)
        assert (await phone.connect())[0]
        closed = await phone.receive_json_from(timeout=5)
        assert (await phone.receive_output(timeout=5))["type"] == "websocket.close"
        await phone.disconnect()  # the server's goodbye to the closed socket
        monkeypatch.setattr(services, "look", looks)
        seen = await database_sync_to_async(lambda: services.look(room.pk, 1).message["presence"][0])()
        await laptop.disconnect()
        return closed["type"], seen["connected"]

    assert async_to_sync(scenario)() == ("closed", True)
