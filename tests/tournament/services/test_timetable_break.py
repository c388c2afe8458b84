"""The timetable off its happy path (docs/online-event.md, The timetable): the next round paired `round_lead_s`
before its start so a player may come back during the break, round 1 by the event's start, "Go on" at once,
one lock order (the tournament's row first), a stop said once."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from outbox.models import Mail
from tests.factories import make_event
from tests.race import locks_taken, together
from tests.tournament.services.test_timetable import auto_event, finish_round, latest
from tournament import services
from tournament.models import Player, Round, Tournament
from tournament.services import timetable

pytestmark = pytest.mark.django_db


def in_round(round_: Round, player: Player) -> bool:
    return round_.matches.filter(first=player).exists() or round_.matches.filter(second=player).exists()


@pytest.fixture
def long_break(organiser):
    """The auto event with a 300 s break and the default 60 s lead: round 2 is paired 240 s after round 1 ends."""
    return services.update_settings(auto_event(organiser), round_break_s=300)


@pytest.fixture
def event(organiser):
    """The auto event, its break (60 s) as long as the lead: each round paired at the previous one's close."""
    return auto_event(organiser)


def test_the_next_round_is_paired_the_lead_before_its_start_not_at_the_close(long_break):
    finish_round(long_break)
    ended = max(m.entered_at for m in latest(long_break).matches.all())
    assert timetable.advance(long_break.pk, ended + timedelta(seconds=1)) == "round 1 closed"  # standings move
    assert timetable.advance(long_break.pk, ended + timedelta(seconds=239)) is None  # the break: nothing paired
    assert long_break.rounds.count() == 1
    assert timetable.advance(long_break.pk, ended + timedelta(seconds=240)) == "round 2 published"
    assert latest(long_break).starts_at == ended + timedelta(seconds=300)


def test_a_lead_longer_than_the_break_pairs_at_the_close(long_break):
    services.update_settings(long_break, round_break_s=20, round_lead_s=60)
    finish_round(long_break)
    ended = max(m.entered_at for m in latest(long_break).matches.all())
    assert timetable.advance(long_break.pk, ended) == "round 1 closed; round 2 published"
    assert latest(long_break).starts_at == ended + timedelta(seconds=20)


def test_an_absent_player_who_presses_im_back_in_the_break_plays_the_very_next_round(long_break):
    finish_round(long_break, forfeits=["Dan Dale"])
    dan = Player.objects.get(name="Dan Dale")
    assert dan.withdrawn_after_round == 1  # told at once (the mail), before the round closes
    assert Mail.objects.filter(kind=Mail.Kind.NOTICE, to="dan@example.org").count() == 1
    assert services.withdrawn_words(dan) == "You are withdrawn after missing round 1"
    ended = max(m.entered_at for m in latest(long_break).matches.all())
    timetable.advance(long_break.pk, ended + timedelta(seconds=1))  # closed; the break runs
    assert services.come_back(dan) == 2
    timetable.advance(long_break.pk, ended + timedelta(seconds=240))
    assert in_round(latest(long_break), Player.objects.get(name="Dan Dale"))


def test_a_double_forfeit_by_absence_withdraws_both_players(event):
    ann_and_ben = latest(event).matches.filter(second__isnull=False).select_related("first", "second").first()
    names = [ann_and_ben.first.name, ann_and_ben.second.name]
    finish_round(event, forfeits=names)
    assert [p.withdrawn_after_round for p in Player.objects.filter(name__in=names)] == [1, 1]
    assert Mail.objects.filter(kind=Mail.Kind.NOTICE).count() == 2


def test_a_player_who_withdrew_themself_and_then_misses_the_game_is_not_withdrawn_again(event):
    ann = Player.objects.get(name="Ann Able")
    assert services.withdraw_myself(ann) == 1  # her game of round 1 is still to be played
    finish_round(event, forfeits=["Ann Able"])
    ann.refresh_from_db()
    assert ann.withdrawn_after_round == 1
    assert not Mail.objects.filter(kind=Mail.Kind.NOTICE, to="ann@example.org").exists()
    assert event.audit.filter(action="player withdrawn", subject="Ann Able").count() == 1


def test_a_player_who_withdrew_is_said_to_have_withdrawn(event):
    ann = Player.objects.get(name="Ann Able")
    services.withdraw_myself(ann)
    ann.refresh_from_db()
    assert services.withdrawn_words(ann) == "You withdrew after round 1"


def test_a_second_stop_keeps_the_first_reason_and_mails_the_organiser_once(event):
    assert timetable.stop(event, "First reason.")
    assert not timetable.stop(event, "Second reason.")
    event.refresh_from_db()
    assert event.timetable_stopped == "First reason."
    mail = Mail.objects.get(kind=Mail.Kind.ORGANISER)
    assert f"/manage/{event.slug}/" in mail.body  # the dashboard, to press "Go on" on


def test_im_back_while_the_next_round_is_a_draft_puts_the_player_in_that_draft(event):
    ann = Player.objects.get(name="Ann Able")
    services.withdraw_myself(ann)
    finish_round(event)
    timetable.stop_by_hand(event)
    close = latest(event)
    services.close_round(close)
    draft = services.generate_round(event)
    assert not in_round(draft, ann)
    assert services.come_back(Player.objects.get(pk=ann.pk)) == 2
    assert in_round(Round.objects.get(pk=draft.pk), ann)
    assert Round.objects.get(pk=draft.pk).status == Round.DRAFT


def test_im_back_is_refused_once_the_last_round_is_published(event):
    finish_round(event, forfeits=["Dan Dale"])  # Dan withdrawn after round 1 as absent
    timetable.advance(event.pk)
    finish_round(event)
    timetable.advance(event.pk)
    assert latest(event).number == event.rounds_announced == 3
    dan = Player.objects.get(name="Dan Dale")
    assert not services.may_come_back(dan)
    with pytest.raises(services.Refused):
        services.come_back(dan)
    dan.refresh_from_db()
    assert dan.withdrawn_after_round == 1


def test_a_player_in_a_draft_cannot_withdraw_themself_from_it(event):
    ann = Player.objects.get(name="Ann Able")
    finish_round(event)
    timetable.stop_by_hand(event)
    services.close_round(latest(event))
    draft = services.generate_round(event)
    assert in_round(draft, ann)
    with pytest.raises(services.Refused):
        services.withdraw_myself(ann)
    ann.refresh_from_db()
    assert ann.withdrawn_after_round is None


def test_the_entry_form_closes_when_the_timetable_finishes_the_event(event):
    services.update_settings(event, entries="open")  # late entries: open while the rounds are played
    for _ in range(3):
        finish_round(event)
        timetable.sweep()
    event.refresh_from_db()
    assert (timetable.plan(event).step, event.entries) == ("finished", "")


def test_go_on_after_the_break_passed_pairs_and_publishes_at_once(long_break, organiser):
    timetable.stop_by_hand(long_break, organiser)
    finish_round(long_break)
    ended = max(m.entered_at for m in latest(long_break).matches.all())
    late = ended + timedelta(seconds=600)  # the break and the planned start passed while stopped
    assert timetable.go_on(long_break, organiser, now=late) == "round 1 closed; round 2 published"
    assert latest(long_break).starts_at == late + timedelta(seconds=60)  # the players still get the lead


def test_go_on_that_still_cannot_pair_says_why_and_stays_stopped(organiser):
    pair = make_event("Two", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss", rounds_announced=2,
                      play="online", auto=True, round_break_s=0)
    services.publish_round(services.generate_round(pair))
    finish_round(pair)
    timetable.advance(pair.pk)  # round 2 would be a rematch: stopped
    with pytest.raises(services.Refused) as refused:
        timetable.go_on(pair, organiser)
    pair.refresh_from_db()
    assert pair.timetable_stopped and refused.value.message == pair.timetable_stopped  # the stop's reason, kept
    assert pair.rounds.count() == 1


def test_go_on_before_the_break_ends_says_when_the_next_round_is_paired(long_break, organiser):
    timetable.stop_by_hand(long_break, organiser)
    finish_round(long_break)
    ended = max(m.entered_at for m in latest(long_break).matches.all())
    said = timetable.go_on(long_break, organiser, now=ended + timedelta(seconds=10))
    assert said == "round 1 closed"
    step = timetable.plan(long_break, ended + timedelta(seconds=10))
    assert (step.step, step.number, step.at, step.starts_at) == (
        "pair", 2, ended + timedelta(seconds=240), ended + timedelta(seconds=300))


# -- round 1 by the timetable ------------------------------------------------------------------------------------


@pytest.fixture
def before_the_start(organiser):
    """An auto event with its entry form open, starting in an hour; round 1 not paired."""
    event = make_event("Start Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], organiser=organiser,
                       system="swiss", rounds_announced=3, play="online", auto=True, round_break_s=60)
    start = timezone.now() + timedelta(hours=1)
    services.update_settings(event, entries="open", starts_at=start)
    return event, start


def test_round_one_is_published_the_lead_before_the_event_starts(before_the_start):
    event, start = before_the_start
    assert timetable.sweep(start - timedelta(seconds=61)) == 0
    assert not event.rounds.exists()
    assert timetable.sweep(start - timedelta(seconds=60)) == 1
    event.refresh_from_db()
    one = latest(event)
    assert (one.number, one.status, one.starts_at, event.entries) == (1, Round.PUBLISHED, start, "")


def test_entries_close_at_their_own_closing_time_before_round_one(before_the_start):
    event, start = before_the_start
    services.update_settings(event, entries_close_at=start - timedelta(minutes=30))
    assert timetable.advance(event.pk, start - timedelta(minutes=30)) == "entries closed"
    event.refresh_from_db()
    assert event.entries == "" and not event.rounds.exists()


def test_without_a_start_round_one_waits_for_a_person(organiser):
    event = make_event("No Start", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss",
                       rounds_announced=2, play="online", auto=True)
    assert timetable.plan(event).step == "start"
    assert timetable.sweep() == 0


# -- one lock order: the tournament's row first -------------------------------------------------------------------


def test_a_players_withdraw_and_im_back_lock_the_tournament_row_first(event):
    ann = Player.objects.get(name="Ann Able")
    with locks_taken() as order:
        services.withdraw_myself(ann)
    assert order[:2] == ["Tournament", "Player"]
    with locks_taken() as order:
        services.come_back(Player.objects.get(pk=ann.pk))
    assert order[:2] == ["Tournament", "Player"]


def test_advance_locks_the_tournament_then_the_round_it_closes(event):
    finish_round(event)
    with locks_taken() as order:
        timetable.advance(event.pk)
    assert order[:2] == ["Tournament", "Round"]  # a second process waits at the first, then finds it closed


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the SQL's FOR UPDATE: PostgreSQL only")
def test_on_postgresql_the_round_closed_by_advance_is_locked_after_the_tournament(event):
    finish_round(event)
    with CaptureQueriesContext(connection) as queries:
        timetable.advance(event.pk)
    locked = [q["sql"] for q in queries.captured_queries if "FOR UPDATE" in q["sql"]]
    assert Tournament._meta.db_table in locked[0] and Round._meta.db_table in locked[1]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="writers in threads at once: PostgreSQL (SQLite takes "
                                                                "them in turn)")
def test_presses_while_the_timetable_pairs_wait_their_turn_and_are_answered(organiser):
    """The round's matches take a key-share lock on each paired player's row: a press that locked the player and
    then waited for the tournament deadlocked with the timetable holding the tournament (the old order)."""
    event = make_event("Race", [f"Player {n}" for n in range(1, 13)], organiser=organiser, system="swiss",
                       rounds_announced=3, play="online", auto=True, round_break_s=0)
    services.publish_round(services.generate_round(event))
    finish_round(event)

    def press(player):
        for _ in range(3):
            try:
                services.withdraw_myself(player)
                services.come_back(player)
            except services.Refused:
                pass

    # a deadlock, or any other error in a thread, is raised by together() and fails the test
    answers = together([partial(press, player) for player in event.players.order_by("seed")]
                       + [partial(timetable.advance, event.pk)])
    assert [answer for answer in answers if answer is not None] == ["round 1 closed; round 2 published"]
    assert event.rounds.filter(status=Round.PUBLISHED).count() == 1


def test_absent_in_the_last_round_nobody_is_withdrawn_from_rounds_that_do_not_exist(organiser):
    event = make_event("Short", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss", rounds_announced=1,
                       play="online", auto=True, publish_round_one=True)
    finish_round(event, forfeits=["Ben Baker"])
    assert Player.objects.get(name="Ben Baker").withdrawn_after_round is None
    assert not Mail.objects.filter(kind=Mail.Kind.NOTICE).exists()
