"""The arbiter's online day (docs/online-event.md, "Start time and taking back an online round", "Presence and
attention"): presence, the rooms that need the arbiter first, pauses with their reasons, the start moved, a round
taken back, a game ended by decision or by a forfeit for a player who never came.

Clocks run on a fake server time (`START`) where the services take `at_ms`; publishing, taking back and moving the
start read the real one.
"""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rooms import services
from rooms.desk import arbiter, presence, views as desk
from rooms.desk.attention import attention_first
from rooms.game.referee import Refused
from rooms.models import Room, RoomEvent
from tests.factories import make_event, matches
from tests.rooms.helpers import ARBITER_NAMES, START, arbiters_event, open_rooms
from tournament import services as tournament_services
from tournament.models import AuditEntry, Match, Round
from tournament.records import record_of
from tournament.tfile import dumps, parse
from tournament.tfile.reader import FileFault

pytestmark = pytest.mark.django_db

NAMES = ARBITER_NAMES
REASON = "power cut at the player's home"  # what the arbiter typed: kept in the decision, the audit and the file


@pytest.fixture
def event(people):
    return arbiters_event(people)


def place(room, at_ms):
    """The player to move places their first tile on the first cells the engine offers (and ends the turn)."""
    seat = services.look(room.pk, None, at_ms=at_ms).message["turn"]
    seen = services.look(room.pk, seat, at_ms=at_ms).message
    answer = services.move(room.pk, seat, "place", seq=seen["seq"], tile=seen["rack"][0],
                           cells=seen["legal_pairs"][0], at_ms=at_ms)
    if answer.message["stage"] == "decide":
        services.move(room.pk, seat, "end_turn", seq=answer.message["seq"], at_ms=at_ms)
    return seat


def row_of(rows, table):
    return next(r for r in rows if r["table"] == table)


# -- presence --------------------------------------------------------------------------------------------------


def test_a_seat_is_connected_while_its_heartbeat_comes_and_last_seen_after(event):
    one, _ = open_rooms(event)
    assert services.look(one.pk, 1, at_ms=START).message["presence"] == [
        {"connected": False, "seen_ms": None}, {"connected": False, "seen_ms": None}]
    presence.arrived(one.pk, 0, START + 1_000)
    presence.still_here(one.pk, 0, START + 11_000)
    # 25 s after the last heartbeat the seat still counts as connected; a moment later it does not (its instance died).
    assert services.look(one.pk, 1, at_ms=START + 36_000).message["presence"][0] == {"connected": True,
                                                                                     "seen_ms": START + 11_000}
    assert services.look(one.pk, 1, at_ms=START + 36_001).message["presence"][0]["connected"] is False
    presence.arrived(one.pk, 1, START + 40_000)
    presence.left(one.pk, 1, START + 50_000)
    assert services.look(one.pk, 0, at_ms=START + 50_500).message["presence"][1] == {"connected": False,
                                                                                     "seen_ms": START + 50_000}


# -- attention -------------------------------------------------------------------------------------------------


def test_the_desk_marks_a_player_not_connected_a_minute_after_the_start(event):
    open_rooms(event)
    one, two = Room.objects.order_by("match__table")
    for seat in (0, 1):
        presence.arrived(one.pk, seat, START + 59_000)
    presence.arrived(two.pk, 0, START + 59_000)
    round_one = event.rounds.get(number=1)
    assert all(not r["attention"] for r in desk.desk_rows(round_one, at_ms=START + 59_999))
    rows = desk.desk_rows(round_one, at_ms=START + 60_000)
    second_of_two = row_of(rows, 2)["players"][1]
    assert row_of(rows, 1)["attention"] == []
    assert row_of(rows, 2)["attention"] == [{"kind": "absent", "words": f"{second_of_two}: never connected"}]
    assert [r["table"] for r in attention_first(rows)] == [2, 1]


def test_the_desk_marks_a_player_to_move_who_has_done_nothing_for_two_minutes(event):
    one, two = open_rooms(event)
    for room in (one, two):
        for seat in (0, 1):
            presence.arrived(room.pk, seat, START + 200_000)
    place(one, START + 10_000)  # table 1's first player placed at 10 s; its second player is to move since
    round_one = event.rounds.get(number=1)
    rows = desk.desk_rows(round_one, at_ms=START + 129_999)
    assert row_of(rows, 1)["attention"] == [] and row_of(rows, 2)["attention"][0]["kind"] == "idle"
    rows = desk.desk_rows(round_one, at_ms=START + 130_000)
    assert row_of(rows, 1)["attention"] == [{"kind": "idle", "words": f"{row_of(rows, 1)['players'][1]} to move: "
                                                                      "nothing for 2 min"}]


def test_a_paused_room_says_why_by_whom_and_since_when_to_the_desk_and_its_players(event, people):
    one, _ = open_rooms(event)
    arbiter.pause(one.pk, people["arb"], "a player's connection", at_ms=START + 5_000)
    rows = desk.desk_rows(event.rounds.get(number=1), at_ms=START + 185_000)
    assert {"kind": "paused", "words": "paused by arb 3 min ago: a player's connection"} in row_of(rows, 1)["attention"]
    for seat in (0, 1):
        assert services.look(one.pk, seat, at_ms=START + 6_000).message["pause"] == {
            "reason": "a player's connection", "since_ms": START + 5_000}


def test_a_room_whose_result_was_refused_is_marked_with_the_refusal(event):
    one, _ = open_rooms(event)
    Room.objects.filter(pk=one.pk).update(result_refused="Round 1 is closed")
    rows = desk.desk_rows(event.rounds.get(number=1), at_ms=START + 1_000)
    assert {"kind": "refused", "words": "result refused: Round 1 is closed"} in row_of(rows, 1)["attention"]


# -- pauses --------------------------------------------------------------------------------------------------


def test_one_room_is_paused_or_resumed_only_with_a_reason(event, people):
    one, _ = open_rooms(event)
    for change in (arbiter.pause, arbiter.resume):
        with pytest.raises(Refused) as refused:
            change(one.pk, people["arb"], "  ", at_ms=START + 1_000)
        assert refused.value.code == "reason"
    assert not RoomEvent.objects.filter(room=one, kind__in=["pause", "resume"]).exists()


def test_resume_every_game_leaves_a_room_paused_on_its_own_paused(event, people):
    one, two = open_rooms(event)
    arbiter.pause(one.pk, people["arb"], "toilet break", at_ms=START + 1_000)
    assert arbiter.pause_round(event.rounds.get(number=1), people["arb"], "server restart", at_ms=START + 2_000) == 1
    done, staying = arbiter.resume_round(event.rounds.get(number=1), people["arb"], "back", at_ms=START + 9_000)
    assert (done, staying) == (1, [1])
    assert services.look(one.pk, None, at_ms=START + 9_000).message["status"] == "paused"
    assert services.look(two.pk, None, at_ms=START + 9_000).message["status"] == "playing"


# -- the start moved; the round taken back -------------------------------------------------------------------


@pytest.fixture
def online(people):
    tournament = make_event("Online Swiss", NAMES, organiser=people["org"], play="online", clock_s=600)
    round_ = tournament_services.generate_round(tournament)
    return tournament, round_


def test_the_start_moved_before_any_clock_the_rooms_follow_and_the_audit_says_so(online, people):
    tournament, round_ = online
    start = (timezone.now() + timedelta(minutes=30)).replace(microsecond=0)
    tournament_services.publish_round(round_, starts_at=start)
    later = start + timedelta(minutes=15)
    tournament_services.move_start(round_, later, user=people["org"])
    rooms = Room.objects.filter(match__round=round_)
    assert {room.starts_at_ms for room in rooms} == {int(later.timestamp() * 1000)}
    for room in rooms:
        message = services.look(room.pk, 0).message
        assert message["starts_at_ms"] == int(later.timestamp() * 1000) and message["status"] == "waiting"
    entry = AuditEntry.objects.get(action="start time moved")
    assert (entry.before, entry.after) == ({"starts": start.isoformat()}, {"starts": later.isoformat()})
    # Started now: every room's clock runs at once, full.
    tournament_services.move_start(round_, None, user=people["org"])
    for room in Room.objects.filter(match__round=round_):
        message = services.look(room.pk, None).message
        assert message["status"] == "playing" and message["clocks_ms"][1] == 600_000


def test_a_start_moved_into_the_past_is_read_as_now_as_publishing_reads_it(online, people):
    tournament, round_ = online
    tournament_services.publish_round(round_, starts_at=timezone.now() + timedelta(minutes=30))
    before = timezone.now()
    tournament_services.move_start(round_, before - timedelta(minutes=5), user=people["org"])
    round_.refresh_from_db()
    assert before <= round_.starts_at <= timezone.now()  # now, not five minutes ago
    for room in Room.objects.filter(match__round=round_):  # the rooms start now too (read a moment later)
        assert 0 <= room.starts_at_ms - int(round_.starts_at.timestamp() * 1000) < 1_000


def test_a_round_published_with_a_past_start_starts_now(online):
    tournament, round_ = online
    before = timezone.now()
    tournament_services.publish_round(round_, starts_at=before - timedelta(minutes=5))
    round_.refresh_from_db()
    assert before <= round_.starts_at <= timezone.now()


def test_the_start_of_a_round_whose_clocks_run_cannot_be_moved(online, people):
    tournament, round_ = online
    tournament_services.publish_round(round_)  # now
    with pytest.raises(tournament_services.Refused) as refused:
        tournament_services.move_start(round_, timezone.now() + timedelta(minutes=5), user=people["org"])
    assert refused.value.field == "starts_at"
    assert not AuditEntry.objects.filter(action="start time moved").exists()


def test_a_round_taken_back_before_its_start_is_published_again_with_new_rooms_and_full_clocks(online, people):
    tournament, round_ = online
    tournament_services.publish_round(round_, starts_at=timezone.now() + timedelta(minutes=30))
    old_rooms = set(Room.objects.filter(match__round=round_).values_list("pk", flat=True))
    tournament_services.take_back(round_, user=people["org"])
    assert not Room.objects.filter(match__round=round_).exists()
    tournament_services.publish_round(round_)  # now
    rooms = Room.objects.filter(match__round=round_)
    assert len(rooms) == 2 and not old_rooms & {room.pk for room in rooms}
    round_.refresh_from_db()
    for room in rooms:
        assert 0 <= room.starts_at_ms - int(round_.starts_at.timestamp() * 1000) < 1_000  # opened a moment later
        assert services.look(room.pk, None).message["clocks_ms"][1] == 600_000


def test_a_round_whose_clocks_have_started_cannot_be_taken_back(online, people):
    tournament, round_ = online
    tournament_services.publish_round(round_)  # now: the clocks start
    with pytest.raises(tournament_services.Refused) as refused:
        tournament_services.take_back(round_, user=people["org"])
    assert "cannot be taken back" in refused.value.message  # asked before the write: the rooms stay
    round_.refresh_from_db()
    assert round_.status == Round.PUBLISHED and Room.objects.filter(match__round=round_).count() == 2


# -- a decision ----------------------------------------------------------------------------------------------


def test_a_decision_as_it_stands_keeps_the_rooms_scores_and_its_log_and_the_file_carries_it(event, people):
    one, _ = open_rooms(event)
    for at in (10_000, 20_000, 30_000):
        place(one, START + at)
    state = arbiter.standing(Room.objects.get(pk=one.pk), START + 31_000)
    assert state["placements"] == 3
    match = arbiter.decide(one.pk, people["arb"], REASON, seen_seq=state["seq"],
                           scores=state["scores"], flagged=state["flagged"], at_ms=START + 31_000)
    assert match.status == Match.PLAYED and match.scores == state["scores"]
    assert match.decision["reason"] == REASON
    assert [e["type"] for e in match.decision["log"]["events"]].count("place") == 3
    assert services.look(one.pk, None, at_ms=START + 40_000).message["status"] == "finished"
    audit = AuditEntry.objects.get(action="game ended by decision")
    assert audit.after["reason"] == REASON

    text = dumps(record_of(event))
    decided = json.loads(text)["rounds"][0]["matches"][0]
    assert decided["decision"]["reason"] == REASON
    assert decided["decision"]["log"] == match.decision["log"]
    again = parse(json.loads(text))  # the file reads back: the partial log is checked as far as it goes
    assert again.rounds[0].matches[0].decision == match.decision


def test_a_decision_on_a_game_that_moved_since_the_form_was_read_is_refused_with_the_new_state(event, people):
    one, _ = open_rooms(event)
    place(one, START + 10_000)
    state = arbiter.standing(Room.objects.get(pk=one.pk), START + 11_000)
    place(one, START + 12_000)  # the game moves while the arbiter reads
    with pytest.raises(arbiter.Moved) as moved:
        arbiter.decide(one.pk, people["arb"], "dispute", seen_seq=state["seq"], scores=state["scores"],
                       flagged=state["flagged"], at_ms=START + 13_000)
    assert moved.value.state["seq"] > state["seq"] and moved.value.state["placements"] == 2
    assert (moved.value.code, moved.value.message) == ("moved", (  # its words, once: the form shows them
        f"the game moved on since you opened the form (event {state['seq']}, now event {moved.value.state['seq']}): "
        "check the new state below and decide again"))
    assert Match.objects.get(pk=one.match_id).status == Match.PENDING


def test_a_decision_needs_a_reason(event, people):
    one, _ = open_rooms(event)
    with pytest.raises(Refused) as refused:
        arbiter.decide(one.pk, people["arb"], "", seen_seq=0, winner=0, at_ms=START + 1_000)
    assert refused.value.code == "reason"


def test_a_win_for_a_player_by_decision_is_that_players_win(event, people):
    one, _ = open_rooms(event)
    place(one, START + 10_000)
    seq = arbiter.standing(Room.objects.get(pk=one.pk), START + 11_000)["seq"]
    match = arbiter.decide(one.pk, people["arb"], "unsporting conduct", seen_seq=seq, winner=1, at_ms=START + 11_000)
    assert match.status == Match.FORFEIT and match.forfeit_winner_id == match.second_id
    assert match.decision["reason"] == "unsporting conduct"


def test_the_game_viewer_replays_a_decided_game_up_to_the_decision(event, people, client):
    one, _ = open_rooms(event)
    place(one, START + 10_000)
    state = arbiter.standing(Room.objects.get(pk=one.pk), START + 11_000)
    arbiter.decide(one.pk, people["arb"], "the opponent's screen broke", seen_seq=state["seq"],
                   scores=state["scores"], flagged=state["flagged"], at_ms=START + 11_000)
    page = client.get(reverse("tournament:game", args=[event.slug, 1, 1]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "after 1 placement: the opponent" in text and "screen broke" in text


def test_the_pages_link_a_decided_games_replay_and_no_replay_of_a_no_shows_forfeit(event, people, client):
    """Found running the 8-player event by hand: the viewer replayed a game ended by decision, but no page linked
    to it (the round page, the live boards and the desk offered no replay, the player's page no "view game")."""
    one, two = open_rooms(event)
    place(one, START + 10_000)
    state = arbiter.standing(Room.objects.get(pk=one.pk), START + 11_000)
    arbiter.decide(one.pk, people["arb"], "the opponent's screen broke", seen_seq=state["seq"],
                   scores=state["scores"], flagged=state["flagged"], at_ms=START + 11_000)
    arbiter.forfeit_absent(two.pk, people["arb"], 0, "did not come", at_ms=START + 12_000)  # nothing placed: no log
    viewer = [f"/t/{event.slug}/round/1/table/{table}/" for table in (1, 2)]
    rows = desk.desk_rows(event.rounds.get(number=1), at_ms=START + 13_000)
    assert [row["replay_url"] for row in rows] == [viewer[0], ""]
    round_page = client.get(reverse("tournament:round", args=[event.slug, 1])).content.decode()
    assert f'href="{viewer[0]}"' in round_page and f'href="{viewer[1]}"' not in round_page
    first = matches(event)[0].first
    player_page = client.get(reverse("tournament:player", args=[event.slug, first.number])).content.decode()
    assert f'href="{viewer[0]}">view game' in player_page
    assert client.get(viewer[0]).status_code == 200


def test_a_file_whose_decision_log_is_not_a_game_is_refused_naming_the_place(event, people):
    one, _ = open_rooms(event)
    state = arbiter.standing(Room.objects.get(pk=one.pk), START + 1_000)
    arbiter.decide(one.pk, people["arb"], "no-show", seen_seq=state["seq"], scores=state["scores"],
                   flagged=state["flagged"], at_ms=START + 1_000)
    data = json.loads(dumps(record_of(event)))
    data["rounds"][0]["matches"][0]["decision"]["log"]["events"].insert(0, {"type": "place", "player": 1})
    with pytest.raises(FileFault) as fault:
        parse(data)
    assert str(fault.value).startswith("rounds[0].matches[0].decision.log")


# -- a forfeit for a player who never came -------------------------------------------------------------------


def test_a_forfeit_for_a_player_who_never_placed_ends_the_room_and_the_opponent_wins(event, people):
    one, _ = open_rooms(event)
    place(one, START + 10_000)  # the first player placed; the second never came
    match = arbiter.forfeit_absent(one.pk, people["arb"], 1, "told us they cannot come", at_ms=START + 20_000)
    assert match.status == Match.FORFEIT and match.forfeit_winner_id == match.first_id
    assert services.look(one.pk, None, at_ms=START + 30_000).message["status"] == "finished"
    assert AuditEntry.objects.get(action="forfeit for an absent player").after["reason"] == "told us they cannot come"


def test_no_forfeit_for_a_player_who_has_placed(event, people):
    one, _ = open_rooms(event)
    place(one, START + 10_000)
    with pytest.raises(Refused) as refused:
        arbiter.forfeit_absent(one.pk, people["arb"], 0, "left", at_ms=START + 20_000)
    assert refused.value.code == "placed"
    assert Match.objects.get(pk=one.match_id).status == Match.PENDING


def test_a_player_reading_the_room_over_plain_http_counts_as_connected(event, client):
    one, _ = open_rooms(event)
    match = matches(event)[0]
    assert client.get(reverse("room_state", args=[match.second.link_token])).status_code == 200
    assert services.look(one.pk, 0).message["presence"][1]["connected"] is True
    assert services.look(one.pk, 0).message["presence"][0] == {"connected": False, "seen_ms": None}
