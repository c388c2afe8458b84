"""The arbiter's online day in Chromium (docs/online-event.md): the start moved, a round taken back and published again
(and refused once its clocks run), the desk's rooms that need the arbiter first, "Resume every game" leaving a room
paused on its own, a decision "as it stands" in three steps replayed in the viewer and kept in the file, and two players
of one name told apart on the desk, live.json, the audit log and the venue screen.

On Django's live server (plain HTTP: the desk and the rooms poll); rooms opened in the past stand for a round
that started minutes ago."""

import json
import re
from datetime import datetime, timezone as tz

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from rooms import services
from rooms.desk import presence
from rooms.models import Room
from tests.factories import make_event, matches
from tournament import services as tournament_services
from tournament.models import Round

from .conftest import log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)

EIGHT = ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane", "Eve Egan", "Finn Ford", "Gus Gray", "Hal Hill"]


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arb", password="arb-pass", is_staff=True)


def test_the_start_moves_the_round_is_taken_back_and_published_again_and_not_once_its_clocks_run(page, arbiter):
    event = make_event("Start Open", EIGHT[:4], organiser=arbiter, play="online", clock_s=600, system="swiss",
                       rounds_announced=3)
    round_ = tournament_services.generate_round(event)
    log_in(page, "arb", "arb-pass")
    round_page = f"{page.base}/manage/{event.slug}/round/1/"
    page.goto(round_page)
    next_year = timezone.now().year + 1  # its January is ahead of the clock whenever the test runs: no clock runs
    page.fill("#id_starts_at", f"{next_year}-01-01T12:00")
    page.click("button:has-text('Publish round 1 online')")
    expect(page.locator(".messages")).to_contain_text("Round 1 is published")  # the post answered, then on
    page.goto(round_page)
    # The start moves to another time ahead: the rooms follow.
    page.fill("#id_starts_at", f"{next_year}-01-02T09:30")
    page.click("button:has-text('Move the start')")
    expect(page.locator(".messages")).to_contain_text("now starts at 09:30:00")
    moved = datetime(next_year, 1, 2, 9, 30, tzinfo=tz.utc)  # London keeps GMT in January: 09:30 there is 09:30 UTC
    assert {room.starts_at_ms for room in Room.objects.all()} == {int(moved.timestamp() * 1000)}
    # Taken back, with the confirmation, then published again "now": new rooms with full clocks from now.
    old = set(Room.objects.values_list("pk", flat=True))
    page.check("#take-back-confirm")
    page.click("#take-back button:has-text('Take back to a draft')")
    expect(page.locator("button:has-text('Publish round 1 online')")).to_be_visible()  # a draft again
    page.fill("#id_starts_at", "")
    page.click("button:has-text('Publish round 1 online')")
    expect(page.locator(".messages")).to_contain_text("Round 1 is published")
    page.goto(f"{page.base}/manage/{event.slug}/round/1/rooms/")
    expect(page.locator('tr[data-table="1"] [data-field="status_text"]')).to_have_text("playing")
    expect(page.locator('tr[data-table="1"] [data-field="clock1"]')).to_have_text("10:00")
    expect(page.locator('tr[data-table="1"] [data-field="clock0"]')).to_have_text(re.compile(r"^(10:00|9:5\d)$"))
    assert not old & set(Room.objects.values_list("pk", flat=True))
    # Its clocks run: the round page no longer offers to move the start nor to take the round back.
    page.goto(round_page)
    expect(page.locator("#take-back")).to_have_count(0)
    expect(page.locator("#move-start")).to_have_count(0)
    # A form posted from an older page is refused, saying why; the round stays out.
    answer = page.request.post(f"{page.base}/manage/{event.slug}/round/1/take-back/",
                               form={"confirm": "on", "back": "round",
                                     "csrfmiddlewaretoken": next(c["value"] for c in page.context.cookies()
                                                                   if c["name"] == "csrftoken")},
                               headers={"Referer": round_page})
    assert "clocks have started" in answer.text()
    assert Round.objects.get(pk=round_.pk).status == Round.PUBLISHED


def test_the_desk_lists_the_rooms_that_need_the_arbiter_first_and_decides_a_game_in_three_steps(page, arbiter):
    event = make_event("Desk Open", EIGHT, organiser=arbiter, play="online", clock_s=600, system="swiss",
                       rounds_announced=3)
    tournament_services.publish_round(tournament_services.generate_round(event), starts_at=None)
    now = services.now_ms()
    # Table 1 started now, both players here; table 2 started 130 s ago, its second player never came and its
    # first, to move, has done nothing since; table 3 is paused by the arbiter; table 4's result was refused.
    rooms = {room.match.table: room for room in Room.objects.select_related("match")}
    Room.objects.filter(match__table=2).delete()
    two = services.open_room(matches(event)[1], now - 130_000, at_ms=now - 130_000)
    for seat in (0, 1):
        presence.arrived(rooms[1].pk, seat, now)
        presence.arrived(rooms[3].pk, seat, now)
        presence.arrived(rooms[4].pk, seat, now)
    presence.arrived(two.pk, 0, now - 125_000)
    presence.still_here(two.pk, 0, now)
    Room.objects.filter(pk=rooms[4].pk).update(result_refused="Round 1 is closed")
    log_in(page, "arb", "arb-pass")
    desk = f"{page.base}/manage/{event.slug}/round/1/rooms/"
    page.goto(desk)
    row = page.locator('tr[data-table="3"]')
    row.locator("input[name=reason]").fill("toilet break")
    row.locator("button:has-text('Pause')").click()
    marked = page.locator("tr.needs-arbiter")
    expect(marked).to_have_count(3)
    # First the rooms that need the arbiter, in table order, each with its reasons; then the others.
    assert page.locator("#desk tbody tr").evaluate_all("rows => rows.map(r => r.dataset.table)") == ["2", "3", "4", "1"]
    two_row = page.locator('tr[data-table="2"]')
    # Each need by its kind (the desk's words for each: tests/rooms/test_arbiter_day.py), naming whom or why.
    expect(two_row.locator(".need-absent")).to_contain_text(two.names[1])
    expect(two_row.locator(".need-idle")).to_contain_text(two.names[0])
    expect(two_row.locator("[data-field=presence0]")).to_have_text("connected")
    expect(page.locator('tr[data-table="3"] .need-paused')).to_contain_text("toilet break")
    expect(page.locator('tr[data-table="4"] .need-refused')).to_contain_text("Round 1 is closed")
    # The paused room's players are told why.
    player = page.context.new_page()
    player.goto(f"{page.base}/p/{matches(event)[2].first.link_token}/play/")
    expect(player.locator("#status")).to_contain_text("paused by the arbiter: toilet break")
    player.close()

    # The whole round paused and resumed: table 3, paused on its own, stays paused, and the desk says so.
    page.fill("#round-reason", "server restart")
    page.click("button:has-text('Pause every game')")
    page.fill("#round-reason", "server back")
    page.click("button:has-text('Resume every game')")
    expect(page.locator(".messages")).to_contain_text("Table 3 stays paused")
    expect(page.locator('tr[data-table="3"] [data-field="status_text"]')).to_have_text("paused")
    expect(page.locator('tr[data-table="1"] [data-field="status_text"]')).to_have_text("playing")

    # Table 1 ended by decision "as it stands": 1. "End by decision…", 2. the reason, 3. "As it stands".
    page.locator('tr[data-table="1"] a:has-text("End by decision")').click()
    page.fill("#reason", "both players' connections failed")
    page.click("button:has-text('As it stands')")
    expect(page.locator(".messages")).to_contain_text("Table 1: ended by decision")
    expect(page.locator('tr[data-table="1"] [data-field="status_text"]')).to_have_text("finished")
    shot(page, "arbiter-desk-attention")
    page.goto(f"{page.base}/t/{event.slug}/round/1/table/1/")
    expect(page.locator("#decision")).to_contain_text("both players' connections failed")
    exported = json.loads(page.request.get(f"{page.base}/manage/{event.slug}/export.json").text())
    decided = exported["rounds"][0]["matches"][0]
    assert decided["decision"]["reason"] == "both players' connections failed"
    assert decided["decision"]["log"]["players"] == [matches(event)[0].first.name, matches(event)[0].second.name]


def test_two_players_of_one_name_are_told_apart_on_the_desk_live_json_the_audit_log_and_the_venue_screen(page, arbiter):
    event = tournament_services.create_tournament("Smith Open", arbiter, play="online", clock_s=600, system="swiss",
                                                  rounds_announced=3)
    for name, club in (("Sam Smith", "Oxford"), ("Sam Smith", "York"), ("Ann Able", ""), ("Ben Baker", "")):
        tournament_services.add_player(event, name, club=club, duplicate_ok=True)
    tournament_services.publish_round(tournament_services.generate_round(event))
    log_in(page, "arb", "arb-pass")
    page.goto(f"{page.base}/manage/{event.slug}/round/1/rooms/")
    expect(page.locator("#desk")).to_contain_text("Sam Smith (Oxford)")
    expect(page.locator("#desk")).to_contain_text("Sam Smith (York)")
    live = page.request.get(f"{page.base}/t/{event.slug}/round/1/live.json").json()
    assert {"Sam Smith (Oxford)", "Sam Smith (York)"} <= {name for row in live["rows"] for name in row["players"]}
    # The venue screen's live boards at a phone's width: the name may be cut, "(York)" is shown whole.
    page.set_viewport_size({"width": 390, "height": 700})
    page.goto(f"{page.base}/t/{event.slug}/screen/")
    page.evaluate("window.screenShow && window.screenShow(0)")
    tell = page.locator(".screen-page:not([hidden]) td.n .tell", has_text="York").first
    expect(tell).to_be_visible()
    box, cell = tell.bounding_box(), tell.locator("xpath=ancestor::*[contains(@class,'told')]/..").bounding_box()
    assert box["x"] + box["width"] <= cell["x"] + cell["width"] + 1
    assert tell.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    shot(page, "venue-screen-same-names-390")
    for match in matches(event):  # each Sam Smith wins a forfeit
        smith = match.first if match.first.name == "Sam Smith" else match.second
        tournament_services.enter_result(match, tournament_services.ResultEntry.forfeit(smith), user=arbiter)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{page.base}/manage/{event.slug}/audit/")
    expect(page.locator("main")).to_contain_text(re.compile(r"won by\W*Sam Smith \((Oxford|York)\)"))
