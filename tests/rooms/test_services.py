"""The game room's service on the database (docs/online-play.md): one transaction a move, the result written by the room."""

import json
import random
from datetime import timedelta, timezone as tz
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.engine import replay
from rooms import alarm, services
from rooms.game.referee import Refused
from rooms.game.robot import choose_move
from rooms.models import RoomEvent
from rooms.sockets import bell
from tests.factories import make_event, matches
from tests.rooms.helpers import START, play_whole_game, seeded
from tournament import services as event
from tournament.domain.text import result_words
from tournament.models import AuditEntry, Match
from tournament.records import import_record, record_of
from tournament.tfile import FileFault, dumps, load_text

pytestmark = pytest.mark.django_db


def tomorrow_evening():
    """19:30 UTC tomorrow, in whole seconds: a start still ahead of the clock whenever the test runs."""
    return (timezone.now().astimezone(tz.utc) + timedelta(days=1)).replace(hour=19, minute=30, second=0, microsecond=0)


@pytest.fixture
def match():
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=60)
    return matches(tournament)[0]


def test_a_room_opens_once_with_both_starting_racks_and_no_clock_before_the_start(match):
    room = services.open_room(match, START + 30_000, at_ms=START, draw=seeded(1))
    assert services.open_room(match, at_ms=START + 5) == room
    kinds = [(e.kind, e.data.get("type"), len(e.data.get("tiles", []))) for e in room.events.all()]
    assert kinds == [("log", "draw", 6), ("log", "draw", 6)]
    seen = services.look(room.pk, 0, at_ms=START + 10_000).message
    assert seen["status"] == "waiting" and seen["clocks_ms"] == [60_000, 60_000]
    assert len(seen["rack"]) == 6


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_through_the_service_is_the_matchs_result_with_its_log(seed):
    # A long clock: this test is about the game, not time.
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=6_000))[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(seed))
    final = play_whole_game(room, match, seed, pace_ms=200)
    match.refresh_from_db()
    assert match.status == Match.PLAYED
    report = replay(match.log)
    assert report.valid, report.message
    assert match.scores == report.scores
    assert final["outcome"]["winner"] == report.winner
    # who won on which colour, in the words every result is written in (a win on "0 v 0" says what decided it)
    assert final["outcome"]["words"] == result_words(match.first.name, match.second.name, report.scores,
                                                     [match.first_flagged, match.second_flagged])
    entry = AuditEntry.objects.filter(action="result entered").latest("pk")
    assert entry.who == "game room"


def test_a_move_sent_twice_is_applied_once(match):
    room = services.open_room(match, START, at_ms=START, draw=seeded(3))
    mine = services.look(room.pk, 0, at_ms=START + 1_000).message
    tile, cells = mine["rack"][0], mine["legal_pairs"][0]
    first = services.move(room.pk, 0, "place", seq=mine["seq"], client_id="tab-1:1", tile=tile, cells=cells,
                          at_ms=START + 2_000, draw=seeded(4))
    events = RoomEvent.objects.filter(room=room).count()
    again = services.move(room.pk, 0, "place", seq=mine["seq"], client_id="tab-1:1", tile=tile, cells=cells,
                          at_ms=START + 2_500, draw=seeded(4))
    assert first.applied and not again.applied
    assert RoomEvent.objects.filter(room=room).count() == events
    assert again.message["seq"] == first.message["seq"]


def test_a_stale_move_is_refused_and_nothing_is_stored(match):
    room = services.open_room(match, START, at_ms=START, draw=seeded(5))
    mine = services.look(room.pk, 0, at_ms=START + 1_000).message
    with pytest.raises(Refused) as refused:
        services.move(room.pk, 0, "place", seq=mine["seq"] - 1, client_id="x", tile=mine["rack"][0],
                      cells=mine["legal_pairs"][0], at_ms=START + 2_000)
    assert refused.value.code == "stale"
    assert not RoomEvent.objects.filter(room=room, client_id="x").exists()


def test_an_illegal_move_is_refused_in_the_checkers_words_and_costs_only_time(match):
    room = services.open_room(match, START, at_ms=START, draw=seeded(6))
    mine = services.look(room.pk, 0, at_ms=START + 1_000).message
    before = room.events.count()
    with pytest.raises(Refused) as refused:
        services.move(room.pk, 0, "place", seq=mine["seq"], tile=mine["rack"][0], cells=[[0, 0], [2, 0]],
                      at_ms=START + 2_000)
    assert refused.value.code == "not-adjacent"
    with pytest.raises(Refused) as refused:
        services.move(room.pk, 0, "place", seq=mine["seq"], tile="XZ", cells=[[0, 0], [1, 0]], at_ms=START + 2_000)
    assert refused.value.code == "bad-tile"
    assert room.events.count() == before
    assert services.look(room.pk, 0, at_ms=START + 12_000).message["clocks_ms"][0] == 48_000


def test_a_flag_falls_by_the_sweep_with_nobody_connected_and_an_absence_is_a_forfeit(match):
    room = services.open_room(match, START, at_ms=START, draw=seeded(7))
    mine = services.look(room.pk, 0, at_ms=START + 1_000).message
    services.move(room.pk, 0, "place", seq=mine["seq"], tile=mine["rack"][0], cells=mine["legal_pairs"][0],
                  at_ms=START + 3_000, draw=seeded(8))
    seen = services.look(room.pk, 0, at_ms=START + 3_000).message
    if seen["stage"] == "decide":
        services.move(room.pk, 0, "end_turn", seq=seen["seq"], at_ms=START + 3_000, draw=seeded(9))
    assert services.sweep(at_ms=START + 62_999) == 0  # Ben's 60 s run out at 63 s
    assert services.sweep(at_ms=START + 64_000) == 1
    room.refresh_from_db()
    match.refresh_from_db()
    assert room.finished and match.status == Match.FORFEIT and match.forfeit_winner == match.first
    assert services.sweep(at_ms=START + 70_000) == 0


def test_the_bell_rings_after_the_commit_with_the_sequence_number(match, django_capture_on_commit_callbacks):
    room = services.open_room(match, START, at_ms=START, draw=seeded(10))
    mine = services.look(room.pk, 0, at_ms=START + 1_000).message
    rung = []
    stop = bell.listen(lambda room_id, seq: rung.append((room_id, seq)))
    try:
        with django_capture_on_commit_callbacks(execute=True):
            placed = services.move(room.pk, 0, "place", seq=mine["seq"], tile=mine["rack"][0],
                                   cells=mine["legal_pairs"][0], at_ms=START + 2_000, draw=seeded(11))
            assert rung == []  # not before the commit: a listener reading the room would not find the move
    finally:
        stop()
    assert rung == [(room.pk, placed.message["seq"])] and placed.message["seq"] > mine["seq"]


def test_a_spectator_never_sees_a_rack_tile_and_each_seat_only_its_own_draws(match):
    room = services.open_room(match, START, at_ms=START, draw=seeded(11))
    seat0 = services.look(room.pk, 0, at_ms=START + 1).message
    seat1 = services.look(room.pk, 1, at_ms=START + 1).message
    spectator = services.look(room.pk, None, at_ms=START + 1).message
    assert "rack" not in spectator
    assert all("tiles" not in e for e in spectator["events"] if e["type"] == "draw")
    assert [e.get("tiles") is not None for e in seat0["events"]] == [True, False]
    assert [e.get("tiles") is not None for e in seat1["events"]] == [False, True]
    assert sorted(seat0["rack"]) == sorted(seat0["events"][0]["tiles"])


def test_the_http_endpoints_play_the_seats_game_and_show_spectators_no_rack(match, client):
    services.open_room(match, at_ms=services.now_ms() - 1)
    ann, ben = match.first, match.second
    mine = client.get(f"/p/{ann.link_token}/room/").json()
    assert mine["seat"] == 0 and mine["status"] == "playing" and len(mine["rack"]) == 6
    assert client.get(f"/p/{ann.link_token}/room/")["Cache-Control"] == "no-store"
    answer = client.post(f"/p/{ben.link_token}/room/move/", {"action": "end_turn", "seq": mine["seq"]},
                         content_type="application/json")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "out-of-turn"
    answer = client.post(f"/p/{ann.link_token}/room/move/", {"action": "place", "seq": mine["seq"], "client_id": "a1",
                                                             "tile": mine["rack"][0], "cells": mine["legal_pairs"][0]},
                         content_type="application/json")
    assert answer.status_code == 200 and answer.json()["applied"]
    assert answer.json()["events"][2]["type"] == "place"
    bad = client.post(f"/p/{ann.link_token}/room/move/", "not json", content_type="application/json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad-event"
    watched = client.get(f"/t/{match.round.tournament.slug}/round/1/table/{match.table}/room/").json()
    assert "rack" not in watched and all("tiles" not in e for e in watched["events"] if e["type"] == "draw")
    assert client.get(f"/p/{ann.link_token}x/room/").status_code == 404


def test_player_links_prints_each_players_link_from_site_url(settings):
    settings.SITE_URL = "https://tm.example.org"
    tournament = make_event("Links Open", ["Ann Able", "Ben Baker", "Zoë Ørsted"])
    out = StringIO()
    call_command("player_links", tournament.slug, stdout=out)
    players = list(tournament.players.order_by("number"))
    assert out.getvalue().splitlines() == [f"{p.number}\t{p.name}\thttps://tm.example.org/p/{p.link_token}/"
                                           for p in players]
    assert [p.number for p in players] == [1, 2, 3]
    out = StringIO()
    call_command("player_links", tournament.slug, "--json", stdout=out)
    assert json.loads(out.getvalue())[2] == {"id": 3, "name": "Zoë Ørsted",
                                             "link": f"https://tm.example.org/p/{players[2].link_token}/"}


def test_the_random_player_moves_only_on_its_turn_and_only_legally():
    rng = random.Random(1)
    message = {"status": "playing", "seat": 1, "turn": 0, "seq": 4, "stage": "place"}
    assert choose_move(message, rng) is None
    message = {**message, "turn": 1, "rack": ["RO"], "legal_pairs": [[[1, 0], [1, 1]]]}
    move = choose_move(message, rng)
    assert move["action"] == "place" and move["tile"] in ("RO", "OR") and move["cells"] == [[1, 0], [1, 1]]
    assert move["seq"] == 4
    assert choose_move({**message, "stage": "decide", "may_swap": False}, rng)["action"] == "end_turn"


def test_publishing_a_round_of_an_online_tournament_opens_a_room_per_game_and_the_link_leads_to_it(client):
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane", "Eve Etty"], play="online")
    starts = tomorrow_evening()
    event.publish_round(event.generate_round(tournament), starts_at=starts)
    games = [m for m in matches(tournament) if m.second_id]
    assert len(games) == 2  # five players: two games and a bye, which has no room
    rooms = {m.pk: m.room for m in games}
    assert all(room.starts_at_ms >= int(starts.timestamp() * 1000) for room in rooms.values())
    page = client.get(f"/p/{games[0].first.link_token}/").content.decode()
    assert f"/p/{games[0].first.link_token}/play/" in page and "Send the result" not in page
    assert client.get(f"/p/{games[0].first.link_token}/play/").status_code == 200


def test_a_round_at_the_tables_opens_no_room():
    tournament = make_event("Table Open", ["Ann Able", "Ben Baker"], publish_round_one=True)
    assert not any(hasattr(m, "room") for m in matches(tournament))


def test_an_online_tournament_file_round_trips_and_its_pending_last_round_opens_its_rooms():
    starts = tomorrow_evening()
    text = json.dumps({
        "format": "ingenious-tournament/1", "name": "Online Cup",
        "settings": {"system": "swiss", "rounds": 3, "play": "online", "clock_s": 300},
        "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "Ben Baker"}],
        "rounds": [{"number": 1, "starts_at": starts.isoformat(),
                    "matches": [{"first": 1, "second": 2, "status": "pending"}]}],
    })
    tournament = import_record(load_text(text))
    match = Match.objects.get(round__tournament=tournament)
    assert tournament.play == "online" and match.round.play == "online"
    assert match.room.starts_at_ms == int(starts.timestamp() * 1000) and match.room.clock_s == 300
    written = json.loads(dumps(record_of(tournament)))
    assert written["settings"]["play"] == "online"
    assert written["rounds"][0]["starts_at"] == starts.isoformat()


@pytest.mark.parametrize("bad", ["19:30", f"{tomorrow_evening():%Y-%m-%dT%H:%M:%S}",
                                 int(tomorrow_evening().timestamp()), "tomorrow"],
                         ids=["a time alone", "no offset", "seconds since 1970", "words"])
def test_a_start_time_without_its_offset_is_refused_naming_the_place(bad):
    text = json.dumps({
        "format": "ingenious-tournament/1", "name": "Online Cup", "settings": {"system": "swiss", "rounds": 3},
        "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "Ben Baker"}],
        "rounds": [{"number": 1, "starts_at": bad, "matches": [{"first": 1, "second": 2, "status": "pending"}]}],
    })
    with pytest.raises(FileFault) as fault:
        load_text(text)
    assert fault.value.place == "rounds[0].starts_at"


def test_a_game_whose_result_is_written_wakes_the_sweep_after_the_commit(match, django_capture_on_commit_callbacks):
    """So the timetable closes the round and publishes the next at once, not at the sweep's next second."""
    room = services.open_room(match, START, at_ms=START, draw=seeded(12))
    alarm.game_over.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_whole_game(room, match, 12)
        assert not alarm.game_over.is_set()
    assert alarm.game_over.is_set() and Match.objects.get(pk=match.pk).status == Match.PLAYED
