"""The timetable (docs/online-event.md): each round closes when its last result is in, the next is paired and published
to start the break after the last game ended, exactly once; absent players, "I'm back", stopping and going on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from outbox.models import Mail
from outbox.services import text_to_send
from tests.factories import make_event, refusal
from tests.race import at_once
from tournament import services
from tournament.models import Match, Player, Round
from tournament.records import record_of
from tournament.services import timetable
from scoring.report import standings_report

pytestmark = pytest.mark.django_db

WIN = [[9] * 6, [3] * 6]


def auto_event(organiser, starts_at=None):
    organiser.email = "org@example.org"
    organiser.save()
    tournament = make_event("Auto Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], organiser=organiser,
                            system="swiss", rounds_announced=3, play="online", auto=True, round_break_s=60)
    for player in tournament.players.all():
        player.email = f"{player.name.split()[0].lower()}@example.org"
        player.save(update_fields=["email"])
    services.publish_round(services.generate_round(tournament), starts_at=starts_at)
    return tournament


@pytest.fixture
def event(organiser):
    return auto_event(organiser)


def latest(tournament) -> Round:
    return tournament.rounds.order_by("-number").first()


def finish_round(tournament, forfeits=()):
    """Every pending game of the latest round won by its first player; `forfeits`: names who never came."""
    for match in latest(tournament).matches.filter(status=Match.PENDING).select_related("first", "second"):
        absent = [p for p in (match.first, match.second) if p.name in forfeits]
        if absent:
            present = [p for p in (match.first, match.second) if p.name not in forfeits]
            services.enter_result(match, services.ResultEntry.room_forfeit(present[0] if present else None))
        else:
            services.enter_result(match, services.ResultEntry.typed(scores=WIN, flagged=[False, False]))


def test_the_next_round_starts_the_break_after_the_last_game_ended(event):
    assert timetable.advance(event.pk) is None  # games still to play: nothing moves
    finish_round(event)
    last_end = max(m.entered_at for m in latest(event).matches.all())
    assert timetable.advance(event.pk) == "round 1 closed; round 2 published"  # break = lead: paired at the close
    one, two = event.rounds.order_by("number")
    assert (one.status, two.status) == (Round.COMPLETE, Round.PUBLISHED)
    assert two.starts_at == last_end + timedelta(seconds=60)
    games = Mail.objects.filter(kind=Mail.Kind.GAME, body__contains="round 2")
    assert sorted(games.values_list("to", flat=True)) == ["ann@example.org", "ben@example.org", "cat@example.org",
                                                          "dan@example.org"]


def test_a_round_is_closed_and_the_next_published_once(event):
    finish_round(event)
    assert timetable.advance(event.pk)
    assert timetable.advance(event.pk) is None  # a second process, after the first: nothing left to do
    assert timetable.sweep() == 0
    assert event.rounds.count() == 2


def test_after_the_last_round_the_tournament_is_finished(event):
    for _ in range(3):
        finish_round(event)
        timetable.sweep()
    assert list(event.rounds.values_list("status", flat=True)) == [Round.COMPLETE] * 3
    assert standings_report(record_of(event)).progress.title() == "Final standings"


def test_an_absent_player_is_withdrawn_and_may_come_back_for_a_later_round(event):
    finish_round(event, forfeits=["Dan Dale"])
    dan = Player.objects.get(name="Dan Dale")
    assert dan.withdrawn_after_round == 1  # at once, as the game is lost: before the round closes
    notice = Mail.objects.get(kind=Mail.Kind.NOTICE)
    assert notice.to == "dan@example.org" and f"/p/{dan.link_token}/" in text_to_send(notice)
    timetable.advance(event.pk)
    two = latest(event)
    assert not two.matches.filter(first=dan).exists() and not two.matches.filter(second=dan).exists()
    assert services.come_back(dan) == 3  # round 2 is published already: back from round 3
    finish_round(event)
    timetable.advance(event.pk)
    three = latest(event)
    assert three.matches.filter(first=dan).exists() or three.matches.filter(second=dan).exists()
    dan_line = next(line for line in standings_report(record_of(event)).lines if line.name == "Dan Dale")
    assert dan_line.vp == 0  # round 1 lost by absence, round 2 missed: nothing for either


def test_no_legal_pairing_stops_the_timetable_and_says_why(organiser):
    organiser.email = "org@example.org"
    organiser.save()
    pair = make_event("Two", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss", rounds_announced=2,
                      play="online", auto=True, round_break_s=0)
    services.publish_round(services.generate_round(pair))
    finish_round(pair)
    assert timetable.advance(pair.pk) == "round 1 closed; stopped"  # round 2 would be a rematch
    pair.refresh_from_db()
    why = refusal(services.generate_round, pair).message  # the engine's own reason, as pairing by hand says it
    assert pair.timetable_stopped == (f"Round 2 could not be paired: {why} Pair it by hand and publish it, "
                                      'then press "Go on".')
    assert latest(pair).status == Round.COMPLETE
    assert Mail.objects.filter(kind=Mail.Kind.ORGANISER, to="org@example.org").count() == 1
    assert timetable.sweep() == 0  # stopped: the sweep leaves it until "Go on"


def test_stopped_by_hand_nothing_moves_until_go_on(event, organiser):
    timetable.stop_by_hand(event, organiser)
    finish_round(event)
    assert timetable.advance(event.pk) is None
    assert timetable.go_on(event, organiser) == "round 1 closed; round 2 published"  # at once, not at a sweep
    assert timetable.advance(event.pk) is None


@pytest.fixture
def event_later(organiser):
    """The event with round 1 published to start in an hour: no clock has started, so it may be taken back
    (docs/online-event.md, "Start time and taking back an online round")."""
    return auto_event(organiser, starts_at=timezone.now() + timedelta(hours=1))


def test_a_round_taken_back_stops_the_timetable(event_later, organiser):
    event = event_later
    services.take_back(latest(event), organiser)
    event.refresh_from_db()
    assert "taken back" in event.timetable_stopped
    with pytest.raises(services.Refused, match="draft"):
        timetable.go_on(event, organiser)  # publish it again first


@pytest.mark.parametrize("settings, field", [
    ({"auto": True, "play": "table"}, "auto"),
    ({"round_break_s": -1}, "round_break_s"),
    ({"round_break_s": 86_401}, "round_break_s"),
])
def test_timetable_settings_out_of_bounds_name_the_field(event, settings, field):
    with pytest.raises(services.Refused) as refused:
        services.update_settings(event, **settings)
    assert refused.value.field == field


def test_a_day_is_the_longest_break(event):
    assert services.update_settings(event, round_break_s=86_400).round_break_s == 86_400


def test_a_player_withdraws_from_the_private_page_after_the_round_under_way(event):
    ann = Player.objects.get(name="Ann Able")
    assert services.withdraw_myself(ann) == 1  # the game of round 1 is still played
    finish_round(event)
    timetable.advance(event.pk)
    assert not latest(event).matches.filter(first=ann).exists()
    assert not latest(event).matches.filter(second=ann).exists()


def test_a_round_taken_back_tells_its_players_their_game_is_off(event_later, organiser):
    services.take_back(latest(event_later), organiser)
    corrections = Mail.objects.filter(kind=Mail.Kind.CORRECTION)
    assert sorted(corrections.values_list("to", flat=True)) == ["ann@example.org", "ben@example.org",
                                                                "cat@example.org", "dan@example.org"]
    assert "taken back" in corrections.first().body


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent writers in threads need PostgreSQL "
                                                                "(SQLite's write lock makes them take turns)")
def test_two_processes_advancing_at_once_publish_the_next_round_once(organiser):
    tournament = make_event("Race", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], organiser=organiser,
                            system="swiss", rounds_announced=3, play="online", auto=True, round_break_s=0)
    services.publish_round(services.generate_round(tournament))
    finish_round(tournament)
    answers = at_once(lambda: timetable.advance(tournament.pk))
    assert sorted(answers, key=str) == [None, "round 1 closed; round 2 published"]
    assert list(tournament.rounds.order_by("number").values_list("status", flat=True)) == [Round.COMPLETE,
                                                                                          Round.PUBLISHED]
