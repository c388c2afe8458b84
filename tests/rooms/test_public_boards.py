"""The live boards of an online round for everyone: the public JSON the round page and the
venue screen poll, cut from the arbiter's desk's rows, and never a rack tile in it."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rooms.desk import arbiter, public
from rooms import services
from rooms.models import RoomEvent
from tests.factories import make_event, matches, page_text
from tests.rooms.helpers import START, play_turn, play_whole_game, seeded
from tournament.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rows():
    cache.clear()  # each test reads its rooms afresh, not another test's second-old copy
    yield
    cache.clear()


@pytest.fixture
def online(people):
    """Round 1 of an online event published now: two rooms, table 1 and table 2, clocks running."""
    return make_event("Online Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], organiser=people["org"],
                      publish_round_one=True, clock_s=600, play="online")


def live(client, tournament, number=1):
    response = client.get(reverse("tournament:live_boards", args=[tournament.slug, number]))
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response


def test_the_public_list_has_each_tables_status_clocks_and_lowest_scores_and_no_rack_tile(client, online):
    one, two = matches(online)
    response = live(client, online)
    rows = response.json()["rows"]
    assert [r["table"] for r in rows] == [1, 2]
    first = rows[0]
    assert first["players"] == [one.first.name, one.second.name]
    assert first["status"] == "playing" and first["on_turn"] == 0 and first["turn"] == one.first.name
    # Ten minutes each; the first player's clock has run since the publishing (a few seconds on a busy machine).
    assert first["clocks"][1] == "10:00" and first["clocks_ms"][1] == 600_000
    # Shown rounded up: "10:00" for the first second, then "9:59", "9:58"...
    assert 540_000 < first["clocks_ms"][0] < 600_000
    assert first["clocks"][0] == "10:00" or first["clocks"][0].startswith("9:")
    assert first["lowest"] == [0, 0] and first["score"] == "" and first["replay_url"] == ""
    assert first["watch_url"] == f"/t/{online.slug}/round/1/table/1/watch/"
    # Only the public fields: no rack, no draw, no event, no arbiter's address (the desk's result form and log).
    assert set(first) == set(public.PUBLIC)
    text = response.content.decode()
    for room in (one.room, two.room):
        for seat in (0, 1):
            for tile in services.look(room.pk, seat).message["rack"]:
                assert f'"{tile}"' not in text and f'"{tile[::-1]}"' not in text
    assert "/manage/" not in text and "log.json" not in text


def test_a_paused_room_says_paused_and_its_clocks_stand(client, online, people):
    room = matches(online)[1].room
    arbiter.pause(room.pk, people["arb"], "a player's connection")
    row = live(client, online).json()["rows"][1]
    assert row["status"] == "paused" and row["status_text"] == "paused" and row["on_turn"] is None


def test_a_finished_room_gives_its_result_and_links_the_replay(client, people):
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], organiser=people["org"], clock_s=6_000,
                            publish_round_one=True)
    tournament.rounds.update(play="online")  # its room opened by hand, to play the game on a fake clock
    match = matches(tournament)[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(1))
    final = play_whole_game(room, match, seed=1, pace_ms=200)
    match.refresh_from_db()
    assert match.status == Match.PLAYED
    row = live(client, tournament).json()["rows"][0]
    assert row["status"] == "finished" and row["status_text"] == "finished"
    winner = final["outcome"]["winner"]
    assert row["score"] == {0: "1–0", 1: "0–1", None: "½–½"}[winner]
    assert row["replay_url"] == f"/t/{tournament.slug}/round/1/table/1/"
    assert client.get(row["replay_url"]).status_code == 200  # the game viewer, with the room's log


def test_a_round_played_at_the_tables_has_no_live_boards(client, people):
    tournament = make_event("Table Open", ["Ann Able", "Ben Baker"], organiser=people["org"], publish_round_one=True)
    assert live(client, tournament).json()["rows"] == []
    assert "data-live-boards" not in page_text(client.get(f"/t/{tournament.slug}/round/1/"))
    assert client.get(reverse("tournament:live_boards", args=[tournament.slug, 2])).status_code == 404


def test_the_public_round_page_of_an_online_round_has_a_live_row_per_table(client, online):
    page = page_text(client.get(f"/t/{online.slug}/round/1/"))
    assert f'data-url="/t/{online.slug}/round/1/live.json"' in page
    assert 'data-table="1"' in page and 'data-table="2"' in page
    assert page.count('data-field="clock0"') == 2 and page.count('data-field="lowest1"') == 2
    assert "tournament/boards.js" in page and "tournament/poll.js" in page
    assert page.count("tournament/poll.js") == 1


def test_the_venue_screen_of_an_online_round_shows_its_live_boards_first(client, online):
    page = page_text(client.get(f"/t/{online.slug}/screen/"))
    boards = page.split('data-kind="boards"')
    assert len(boards) == 2 and 'data-kind="pairings"' not in boards[0]  # the live boards are the first page
    assert f'data-url="/t/{online.slug}/round/1/live.json"' in page
    assert 'data-table="1"' in page and 'data-table="2"' in page
    one = matches(online)[0]
    assert one.first.name in boards[1] and one.second.name in boards[1]
    assert "tournament/boards.js" in page


def test_the_venue_screen_of_a_round_at_the_tables_has_no_live_boards(client, people):
    tournament = make_event("Table Open", ["Ann Able", "Ben Baker"], organiser=people["org"], publish_round_one=True)
    assert 'data-kind="boards"' not in page_text(client.get(f"/t/{tournament.slug}/screen/"))


def test_the_players_room_offers_a_turn_sound_off_by_default_and_a_spectator_none(client, online):
    one = matches(online)[0]
    player = page_text(client.get(f"/p/{one.first.link_token}/play/"))
    assert 'id="turn-sound"' in player and 'id="turn-sound" checked' not in player
    # After the game: the result's place, the replay (the game viewer of this match) and the round's results.
    assert f'id="replay" href="/t/{online.slug}/round/1/table/1/"' in player
    assert f'href="/t/{online.slug}/round/1/"' in player
    spectator = page_text(client.get(f"/t/{online.slug}/round/1/table/1/watch/"))
    assert 'id="turn-sound"' not in spectator and 'id="result-words"' in spectator


def test_the_live_boards_show_a_flag_due_without_locking_or_writing_anything(client, people, monkeypatch):
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], organiser=people["org"], clock_s=60,
                            publish_round_one=True)
    tournament.rounds.update(play="online")  # its room opened by hand, on a fake clock
    match = matches(tournament)[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(2))
    play_turn(room, 0, START + 1_000, seeded(3))
    room.refresh_from_db()
    stored = (room.seq, RoomEvent.objects.filter(room=room).count())
    monkeypatch.setattr(services, "now_ms", lambda: START + 70_000)  # the second player's flag fell at 61 s, unstored
    monkeypatch.setattr(services, "lock_room", lambda room_id: pytest.fail("an anonymous read locked the room"))
    with CaptureQueriesContext(connection) as queries:
        row = live(client, tournament).json()["rows"][0]
    assert row["status"] == "finished" and row["flagged"] == [match.second.name] and row["clocks"] == ["0:59", "0:00"]
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE", "SAVEPOINT")]
    assert writes == []
    room.refresh_from_db()
    assert (room.seq, RoomEvent.objects.filter(room=room).count()) == stored and not room.finished
    monkeypatch.undo()
    assert services.sweep(at_ms=START + 70_000) == 1  # the sweep stores it
