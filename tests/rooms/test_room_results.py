"""The room's result and the game's last event commit together, and a refused result is said, not dropped
(docs/online-play.md, "The result").  Real commits: after-commit callbacks run here."""

import logging

import pytest
from django.db import DatabaseError

from rooms import services
from rooms.models import Room, RoomEvent
from tests.factories import make_event, matches
from tests.rooms.helpers import START, play_turn, play_whole_game, seeded
from tournament.models import AuditEntry, Match, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_when_the_result_cannot_be_written_the_games_last_event_is_not_stored_either(monkeypatch):
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=6_000))[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(1))

    def disk_full(*args, **kwargs):
        raise DatabaseError("disk full")

    monkeypatch.setattr(services, "enter_result", disk_full)
    before = []
    with pytest.raises(DatabaseError):  # the game's last move: its result fails
        play_whole_game(room, match, seed=1, pace_ms=200,
                        before_each=lambda now: before.append(RoomEvent.objects.filter(room=room).count()))
    room.refresh_from_db()
    match.refresh_from_db()
    assert RoomEvent.objects.filter(room=room).count() == before[-1] == room.seq  # the last move is not stored
    assert not room.finished and match.status == Match.PENDING


def test_a_refused_result_is_audited_logged_and_marked_on_the_room(caplog):
    match = matches(make_event("Online Open", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=60))[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(2))
    play_turn(room, 0, START + 1_000, seeded(3))
    Round.objects.filter(pk=match.round_id).update(status=Round.COMPLETE)  # closed before the second player's flag falls
    with caplog.at_level(logging.WARNING, logger="rooms.services"):
        assert services.sweep(at_ms=START + 61_000) == 1  # the second player's 60 s from 1 s: a forfeit
    room.refresh_from_db()
    match.refresh_from_db()
    assert room.finished and match.status == Match.PENDING  # the game is over; the arbiter decides the match
    assert room.result_refused.startswith("Round 1 is closed")
    entry = AuditEntry.objects.get(action="result refused")
    assert (entry.who, entry.after) == ("game room", {"refusal": room.result_refused})
    assert [r.levelname for r in caplog.records if room.result_refused in r.getMessage()] == ["WARNING"]
    assert Room.objects.filter(result_refused="").count() == 0


def test_a_refused_room_result_stops_the_timetable_with_that_reason():
    event = make_event("Auto Online", ["Ann Able", "Ben Baker"], publish_round_one=True, clock_s=60)
    Tournament.objects.filter(pk=event.pk).update(auto=True)  # its round's room opened by hand below, as above
    match = matches(event)[0]
    room = services.open_room(match, START, at_ms=START, draw=seeded(2))
    play_turn(room, 0, START + 1_000, seeded(3))
    Round.objects.filter(pk=match.round_id).update(status=Round.COMPLETE)  # closed before the second player's flag falls
    services.sweep(at_ms=START + 61_000)
    event.refresh_from_db()
    room.refresh_from_db()
    assert room.result_refused and room.result_refused in event.timetable_stopped
