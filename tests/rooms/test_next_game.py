"""A finished room's seat is told its player's next game (docs/online-event.md, The timetable):
before the round is paired, once the timetable publishes it (rung, without asking), on a reconnect, after the last
round, and corrected when the round is taken back or its start moved.  The room's socket through channels.testing,
the timetable and the organiser's changes through their services."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone as tz

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db.models import Max, Q
from django.utils import timezone

from tests.factories import WIN, make_event
from tests.rooms.helpers import START, play_whole_game
from tests.rooms.sockets import connect, receive
from tournament import services
from tournament.models import Match, Player, Round
from tournament.services import timetable
from rooms.models import Room
from rooms.next_game import next_game

pytestmark = pytest.mark.django_db(transaction=True)


def online_event(rounds: int):
    """Four players, `rounds` Swiss rounds online, the timetable on with a 60 s break; round 1 published to start
    at the helpers' fixed time, its table 1 played to the end in its room.  (the event, table 1's match)"""
    event = make_event("Next Game Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], system="swiss",
                       rounds_announced=rounds, play="online", auto=True, round_break_s=60)
    services.publish_round(services.generate_round(event), starts_at=datetime.fromtimestamp(START / 1000, tz.utc))
    first = Match.objects.select_related("first", "second", "room").get(round__tournament=event, table=1)
    play_whole_game(first.room, first, seed=35)
    return event, first


def finish_table_two(event):
    match = Match.objects.get(round__tournament=event, round__number=1, table=2)
    services.enter_result(match, services.ResultEntry.typed(scores=WIN, flagged=[False, False]))


async def next_message(socket) -> dict:
    """The next `next` message (room views the socket is sent meanwhile are passed over)."""
    while True:
        message = await receive(socket)
        if message["type"] == "next":
            return message


def test_the_finished_room_is_told_the_next_game_when_the_timetable_publishes_it_and_a_reconnect_gets_it():
    event, first = online_event(rounds=3)
    player = first.first

    async def scenario():
        seat = connect(f"/ws/p/{player.link_token}/room/?round=1")
        spectator = connect(f"/ws/t/{event.slug}/round/1/table/1/room/")
        assert (await seat.connect())[0] and (await spectator.connect())[0]
        room = await receive(seat)
        assert (room["type"], room["status"]) == ("room", "finished")
        before = await next_message(seat)
        await sync_to_async(finish_table_two)(event)
        assert await sync_to_async(timetable.advance)(event.pk) == "round 1 closed; round 2 published"
        published = await next_message(seat)  # rung: nothing asked
        assert (await receive(spectator))["type"] == "room"
        assert await spectator.receive_nothing(timeout=0.5)  # a spectator is never told a player's game
        await seat.disconnect()
        again = connect(f"/ws/p/{player.link_token}/room/?round=1")
        assert (await again.connect())[0]
        view = await receive(again)
        on_reconnect = await next_message(again)
        await again.disconnect()
        await spectator.disconnect()
        return before, published, view, on_reconnect

    before, published, view, on_reconnect = async_to_sync(scenario)()
    assert (before["state"], before["round"], before["break_s"]) == ("waiting", 2, 60)
    two = Match.objects.select_related("first", "second").get(Q(first=player) | Q(second=player), round__tournament=event,
                                                              round__number=2)
    ended = Match.objects.filter(round__number=1, round__tournament=event).aggregate(at=Max("entered_at"))["at"]
    opponent = two.second if two.first_id == player.pk else two.first
    assert published["state"] == "paired"
    assert (published["round"], published["table"], published["opponent"]) == (2, two.table, opponent.name)
    assert published["plays_first"] is (two.first_id == player.pk)
    assert published["starts_at_ms"] == int((ended + timedelta(seconds=60)).timestamp() * 1000)
    assert published["play_url"] == f"/p/{player.link_token}/play/"
    assert view["status"] == "finished"  # `?round=1`: the page stays on its game, not round 2's new room
    assert {k: v for k, v in on_reconnect.items() if k != "now_ms"} == {
        k: v for k, v in published.items() if k != "now_ms"}


def test_a_round_taken_back_or_moved_corrects_the_next_game_shown():
    event, first = online_event(rounds=3)
    player = first.first
    finish_table_two(event)
    assert timetable.advance(event.pk) == "round 1 closed; round 2 published"
    two = event.rounds.get(number=2)

    async def scenario():
        seat = connect(f"/ws/p/{player.link_token}/room/?round=1")
        assert (await seat.connect())[0]
        paired = await next_message(seat)
        later = timezone.now() + timedelta(minutes=30)
        await sync_to_async(services.move_start)(two, starts_at=later)
        moved = await next_message(seat)
        await sync_to_async(services.take_back)(two)
        taken_back = await next_message(seat)
        await seat.disconnect()
        return paired, moved, taken_back, later

    paired, moved, taken_back, later = async_to_sync(scenario)()
    assert paired["state"] == "paired"
    assert (moved["state"], moved["starts_at_ms"]) == ("paired", int(later.timestamp() * 1000))
    # Taken back: the timetable stops, nothing is paired, no countdown is left.
    assert taken_back["state"] == "organiser" and taken_back["round"] == 2
    assert "starts_at_ms" not in taken_back and "opponent" not in taken_back


def test_after_the_last_round_the_room_says_the_tournament_is_finished_as_it_closes():
    event, first = online_event(rounds=1)

    async def scenario():
        socket = connect(f"/ws/p/{first.first.link_token}/room/?round=1")
        assert (await socket.connect())[0]
        before = await next_message(socket)  # table 2 still plays the last round
        await sync_to_async(finish_table_two)(event)
        assert await sync_to_async(timetable.advance)(event.pk) == "finished"
        told = await next_message(socket)  # rung by the round's close: nothing asked
        await socket.disconnect()
        return before, told

    before, told = async_to_sync(scenario)()
    assert (before["state"], told["state"], told["round"]) == ("last", "finished", 1)
    assert told["standings_url"] == f"/t/{event.slug}/standings/"
    assert Round.objects.filter(tournament=event).count() == 1


def test_in_the_break_the_finished_room_counts_down_to_the_next_rounds_start():
    event, first = online_event(rounds=3)
    services.update_settings(event, round_break_s=300)  # paired 240 s after the last game: a break to wait through
    finish_table_two(event)
    timetable.advance(event.pk)  # round 1 closes; round 2 is not paired yet
    ended = Match.objects.filter(round__number=1, round__tournament=event).aggregate(at=Max("entered_at"))["at"]
    told = next_game(first.room.pk, 0, START)
    assert (told["state"], told["starts_at_ms"]) == ("waiting", int((ended + timedelta(seconds=300)).timestamp() * 1000))


def test_an_absent_players_finished_room_says_withdrawn_after_missing_the_round_and_offers_im_back():
    event, first = online_event(rounds=3)
    match = Match.objects.select_related("first", "second").get(round__tournament=event, round__number=1, table=2)
    services.enter_result(match, services.ResultEntry.room_forfeit(match.second))  # its first never came
    told = next_game(Room.objects.get(match=match).pk, 0, START)
    assert (told["state"], told["may_come_back"]) == ("withdrawn", True)
    assert told["words"].startswith(services.withdrawn_words(Player.objects.get(pk=match.first_id)))  # its one wording


def test_a_player_whose_last_round_was_a_bye_is_told_the_tournament_is_finished_not_no_game():
    """Five players, two rounds, no timetable: the round-2 bye's round-1 room says "none" (the bye) while round 2
    is played, and "finished" once it closes, so a robot waiting on it stops."""
    event = make_event("Bye Last Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale", "Eve Etty"],
                       system="swiss", rounds_announced=2, play="online")
    services.publish_round(services.generate_round(event), starts_at=datetime.fromtimestamp(START / 1000, tz.utc))

    def play_out(round_):
        for match in round_.matches.filter(status=Match.PENDING):
            services.enter_result(match, services.ResultEntry.typed(scores=WIN, flagged=[False, False]))
        services.close_round(round_)

    play_out(Round.objects.get(tournament=event, number=1))
    two = services.generate_round(event)
    services.publish_round(two, starts_at=timezone.now() + timedelta(minutes=5))
    bye = two.matches.get(status=Match.BYE).first
    room = Room.objects.get(Q(match__first=bye) | Q(match__second=bye), match__round__number=1)
    seat = 0 if room.match.first_id == bye.pk else 1
    assert next_game(room.pk, seat, 0)["state"] == "none"
    play_out(two)
    told = next_game(room.pk, seat, 0)
    assert (told["state"], told["round"]) == ("finished", 2)
