"""A player who has finished their game sees, in the same room and without a reload, what comes next
(docs/online-event.md, "The timetable"): the timetable's wait while the round's last game goes on, then the next game
once the timetable publishes it, with its countdown and a link to it, said once in the live region, at phone and desktop
widths.

The test server has no WebSocket: the room reads itself over plain HTTP, as a browser does while its socket is
down, and the next game comes with it. The games are played through the room's service; the timetable's sweep is
called by the test (the test server runs none)."""

import re
from datetime import timedelta

import pytest
from django.db.models import Max, Q

from tests.factories import WIN, make_event
from tournament import services
from tournament.models import Match
from tournament.services import timetable

from .conftest import expect
from .room_play import QUICK_POLL, look, opponent_turn, retried, snap_both

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_finished_room_shows_the_next_game_and_its_countdown_once_the_timetable_publishes_it(page):
    event = make_event("Next Round Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], system="swiss",
                       rounds_announced=3, play="online", auto=True, round_break_s=90, publish_round_one=True)
    first = Match.objects.select_related("first", "room").get(round__tournament=event, table=1)
    player, room = first.first, first.room
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{player.link_token}/play/")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    while look(room, 0)["status"] == "playing":  # the player's game, played to its end while they watch
        opponent_turn(room, 0)
        opponent_turn(room, 1)
    box = page.locator("#next-game")
    expect(box).to_have_attribute("data-state", "waiting", timeout=10_000)
    expect(box).to_contain_text("Round 2 will be paired when the last game of round 1 ends; it starts 1 min 30 s "
                                "after that.")
    snap_both(page, "next-game-waiting")

    table_two = Match.objects.get(round__tournament=event, round__number=1, table=2)
    retried(services.enter_result, table_two, services.ResultEntry.typed(scores=WIN, flagged=[False, False]))
    assert retried(timetable.advance, event.pk) == "round 1 closed"  # the break: paired 60 s before its start
    expect(box).to_contain_text("Round 2 starts in", timeout=10_000)  # counting down to it, told at the close
    ended = Match.objects.filter(round__tournament=event, round__number=1).aggregate(at=Max("entered_at"))["at"]
    assert retried(timetable.advance, event.pk, ended + timedelta(seconds=30)) == "round 2 published"
    two = Match.objects.select_related("first", "second").get(Q(first=player) | Q(second=player), round__number=2,
                                                              round__tournament=event)
    opponent = two.second if two.first_id == player.pk else two.first
    expect(box).to_have_attribute("data-state", "paired", timeout=10_000)
    expect(box).to_contain_text(f"Round 2, table {two.table}: you play "
                                f"{'first' if two.first_id == player.pk else 'second'} against {opponent.name}.")
    countdown = box.locator("[data-starts-ms]")
    expect(countdown).to_have_text(re.compile(r"^1 min [23]\d s$"))  # 90 s after table 2's result, a moment ago
    ticking = countdown.text_content()
    expect(countdown).not_to_have_text(ticking)  # a second later, a second less
    said = page.locator("#said")
    expect(said).to_contain_text(f"Your next game: Round 2, table {two.table}")
    assert said.text_content().count("Your next game") == 1
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1")  # nothing sideways at 390 px
    snap_both(page, "next-game-paired")

    # The link is reached by keyboard and opens the next game's room, its clocks waiting for the start.
    link = box.get_by_role("link", name="Open your next game")
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/p/{player.link_token}/play/")
    expect(page.locator("h1")).to_contain_text(opponent.name)
    expect(page.locator("#status")).to_have_text(re.compile(r"^The game starts in 1 min [23]\d s \(at \d\d:\d\d(:\d\d)? [A-Z]\w+.*\)\.$"), timeout=10_000)
