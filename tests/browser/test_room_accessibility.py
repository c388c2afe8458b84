"""axe-core (WCAG 2.1 A and AA) finds nothing on the game room before the start, mid-game and after the end, on the
spectator's page and on the replay, at 1280 and 390 px, nor on the organiser's audit page at 390 px,
nor on the online event's new pages (the finished room's next game, reached by keyboard; the private
page's countdown; the dashboard before the start; the decision form of a game neither player came to); Chromium's
accessibility tree names every cell of the board, every tile of the rack and both clocks.

axe-core 4.14 is vendored under tests/browser/vendor (MPL-2.0, its licence beside it), injected into a context that
bypasses the site's Content-Security-Policy (the test's script only: the pages are as served)."""

import datetime
import re
import statistics

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournament import services
from tournament.services import timetable

from .conftest import log_in, violations
from .room_play import (MY_TURN, QUICK_POLL, best_placement, ended, look, my_turns, online_game, opponent_turn, retried,
                        snap, to_end)
from tests.factories import WIN, make_event, matches

pytestmark = pytest.mark.django_db(transaction=True)
WIDTHS = (1280, 390)


@pytest.fixture
def tab(live_server, chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page = context.new_page()
    page.base = live_server.url
    yield page
    context.close()


def clean_at_both_widths(page, what: str) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 844 if width == 390 else 800})
        assert violations(page) == [], f"{what} at {width} px"


def named(page, role: str) -> list[str]:
    """The names Chromium's accessibility tree gives the nodes of `role`."""
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    return [n.get("name", {}).get("value", "") for n in tree if n.get("role", {}).get("value") == role
            and not n.get("ignored")]


def test_the_room_spectators_and_replay_pass_axe_and_name_every_cell_tile_and_clock(tab):
    page = tab
    later = make_event("Later Open", ["Cy Cole", "Di Dunn"], clock_s=600, play="online")
    services.publish_round(services.generate_round(later), starts_at=timezone.now() + datetime.timedelta(hours=1))
    page.goto(f"{page.base}/p/{matches(later)[0].first.link_token}/play/")
    expect(page.locator("#status")).to_contain_text("The game starts in")
    clean_at_both_widths(page, "the room before the start")

    event, match, room = online_game("Axe Open")
    for _ in range(3):
        opponent_turn(room, 0)
        opponent_turn(room, 1)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.")
    page.locator("#rack .tile").first.click()
    page.locator(".board .cell.legal").first.click()
    clean_at_both_widths(page, "the room mid-game, a tile and its first cell chosen")
    cells = named(page, "gridcell")
    assert len(cells) == 91 and all(re.fullmatch(r"row \d+, place \d+: .+", name) for name in cells), cells[:5]
    assert sum("you may place here" in name for name in cells) >= 1
    assert sum("start symbol" in name for name in cells) == 6
    options = named(page, "option")  # the rack's six tiles, then the chosen tile's placements
    assert all(re.fullmatch(r"(double )?(red|orange|yellow|green|blue|purple)( and \w+)?", name)
               for name in options[:6]), options[:6]
    assert all(re.fullmatch(r"\w+ on row \d+, place \d+, \w+ on row \d+, place \d+: .+", name)
               for name in options[6:]) and len(options) > 6, options[6:9]
    clocks = named(page, "timer")
    assert len(clocks) == 2 and re.fullmatch(r"your time: 9 minutes \d+|your time: 10 minutes", clocks[0]), clocks
    page.locator(".board .cell.legal").first.click()
    expect(page.locator("#confirm-bar")).to_be_visible()
    clean_at_both_widths(page, "the room, a placement awaiting confirmation")

    page.goto(f"{page.base}/t/{event.slug}/round/1/table/1/watch/")
    expect(page.locator("#status")).to_contain_text("is playing")
    clean_at_both_widths(page, "the spectator's page")

    while look(room, 0)["status"] == "playing":
        opponent_turn(room, 0)
        opponent_turn(room, 1)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#after")).to_be_visible()
    clean_at_both_widths(page, "the room after the end")
    page.goto(f"{page.base}/t/{event.slug}/round/1/table/1/")
    expect(page.locator("#where")).to_contain_text("Placement")
    clean_at_both_widths(page, "the replay")


def test_the_organisers_audit_page_passes_axe_on_a_phone(tab, django_user_model):
    page = tab
    organiser = django_user_model.objects.create_user("org", password="a long secret", is_staff=True)
    event = make_event("Audit Open", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"], organiser=organiser,
                       publish_round_one=True)
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, "org", "a long secret")
    page.goto(f"{page.base}/manage/{event.slug}/audit/")
    expect(page.locator("table.audit")).to_be_visible()
    assert violations(page) == []
    snap(page, "audit-390")


def test_the_online_events_new_pages_pass_axe_and_the_next_game_is_reached_by_keyboard(tab, django_user_model):
    """The finished room's next-game box (waiting, then paired), the private page's countdown, the dashboard of a
    round before its start, and the desk's decision form with "Forfeit: neither came" (issues 34 and 35)."""
    page = tab
    organiser = django_user_model.objects.create_user("org", password="a long secret", is_staff=True)
    event = make_event("Next Axe Open", ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale"], organiser=organiser,
                       system="swiss", rounds_announced=3, play="online", auto=True, round_break_s=600,
                       round_lead_s=600, publish_round_one=True)  # paired at the round's close
    first = matches(event)[0]
    while look(first.room, 0)["status"] == "playing":
        opponent_turn(first.room, 0)
        opponent_turn(first.room, 1)
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{first.first.link_token}/play/")
    expect(page.locator("#next-game")).to_have_attribute("data-state", "waiting")
    clean_at_both_widths(page, "the finished room, the next round still to be paired")

    retried(services.enter_result, matches(event)[1], services.ResultEntry.typed(scores=WIN, flagged=[False, False]))
    assert retried(timetable.advance, event.pk) == "round 1 closed; round 2 published"
    expect(page.locator("#next-game")).to_have_attribute("data-state", "paired")  # the page, left open, is told
    clean_at_both_widths(page, "the finished room, the next game paired")
    page.set_viewport_size({"width": 1280, "height": 800})
    for _ in range(40):  # by keyboard alone: Tab to the next game's link, Enter opens it
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.closest('#next-game') !== null"):
            break
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/play/$"))
    expect(page.locator("#status")).to_contain_text("The game starts in")

    page.goto(f"{page.base}/p/{first.first.link_token}/")
    expect(page.locator("#next-game")).to_contain_text("Your game starts in")
    clean_at_both_widths(page, "the private page counting down to round 2")

    log_in(page, "org", "a long secret")
    page.goto(f"{page.base}/manage/{event.slug}/")
    expect(page.locator("#current-round")).to_contain_text("Start time, take back")
    clean_at_both_widths(page, "the dashboard of a round before its start")
    page.goto(f"{page.base}/manage/{event.slug}/round/2/rooms/1/decide/")
    expect(page.locator("button:has-text('Forfeit: neither came')")).to_be_visible()
    clean_at_both_widths(page, "the decision form of a game neither player has come to")


def described(page, role: str, name: str) -> str:
    """The description Chromium's accessibility tree gives the node of `role` named `name`."""
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    return next(n.get("description", {}).get("value", "") for n in tree
                if n.get("role", {}).get("value") == role and n.get("name", {}).get("value") == name)


def test_a_whole_game_through_the_accessibility_tree_each_turn_the_best_gain_in_a_few_actions(tab):
    """Only what the tree names is used (roles and names, as a screen reader's user finds them): the tile, the
    first of its placements (best first), Confirm, described by the preview and said; End turn or Swap when
    asked.  Actions from "your turn" to the placement sent: median at most 8, worst 12.  The tree names a row by its
    number only, a player's heading without the swatch's tooltip; axe finds nothing at the end, at any score."""
    page = tab
    event, match, room = online_game("Tree Open")
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text(MY_TURN, timeout=15_000)
    assert all(re.fullmatch(r"row \d+", name) for name in named(page, "row")), named(page, "row")[:3]
    headings = named(page, "heading")
    assert f"{match.first.name} (you)" in headings and match.second.name in headings, headings
    actions = []
    for text in my_turns(page, room):
        if to_end(text):
            page.get_by_role("button", name="End turn").click()
            actions[-1] += 1
            ended(page)
            continue
        index, best = best_placement(room)
        tile = page.get_by_role("listbox", name="Your rack").get_by_role("option").nth(index)
        tile.click()
        spots = page.get_by_role("listbox", name=re.compile("Where it may go"))
        choice = spots.get_by_role("option").first
        assert int(choice.get_attribute("data-total")) == best
        choice.click()
        expect(page.get_by_role("button", name="Confirm")).to_be_focused()
        preview = page.locator("#preview").inner_text()
        assert "scores" in preview and described(page, "button", "Confirm") == preview
        expect(page.locator("#said")).to_have_text(preview)
        page.get_by_role("button", name="Confirm").click()
        actions.append(3)
        page.wait_for_function("() => !document.querySelector('#room.sending, .cell.proposed')")
    print(f"\nbest-gain game through the tree: {len(actions)} placements; actions: median "
          f"{statistics.median(actions)}, worst {max(actions)}")
    assert len(actions) >= 15 and statistics.median(actions) <= 8 and max(actions) <= 12
    expect(page.locator("#after")).to_be_visible()
    assert max(max(row) for row in look(room, 0)["scores"]) >= 10  # two-digit scores on the chips
    clean_at_both_widths(page, "the room after a whole game")


def test_a_tiles_mark_goes_round_both_its_cells_and_legal_cells_differ_in_shape(tab):
    """Each player's last tile is outlined round both its hexes (the outline's box holds both cells' centres and
    is wider or taller than one cell); a cell the chosen tile may cover has a dashed outline, an empty one none."""
    page = tab
    event, match, room = online_game("Marks Open")
    opponent_turn(room, 0)
    opponent_turn(room, 1)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    last = [e for e in look(room, 0)["events"] if e["type"] == "place"]
    for seat in (0, 1):
        placed = [e for e in last if e["player"] == seat][-1]
        expect(page.locator(f".outlines path.last-{seat}")).to_be_visible()
        # Both boxes read in one script turn: the room redraws its outlines on each message (a presence, a ping),
        # and a box read between two of Playwright's calls could fall on the moment one is replaced.
        boxes = page.evaluate("""([seat, cells]) => {
            const box = e => { const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, width: b.width, height: b.height}; };
            return {mark: box(document.querySelector(`.outlines path.last-${seat}`)),
                    cells: cells.map(([q, r]) => box(document.querySelector(`.board .cell[data-cell="${q},${r}"]`)))};
        }""", [seat, placed["cells"]])
        mark, cells = boxes["mark"], boxes["cells"]
        for cell in cells:
            x, y = cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2
            assert mark["x"] < x < mark["x"] + mark["width"] and mark["y"] < y < mark["y"] + mark["height"], seat
        assert mark["width"] > 1.5 * cells[0]["width"] or mark["height"] > 1.5 * cells[0]["height"], seat
    page.locator("#rack .tile").first.click()
    dashes = page.evaluate("""() => [...document.querySelectorAll('.board .cell:not(.filled):not(.start) polygon')]
        .map(p => [p.parentNode.classList.contains('legal'), getComputedStyle(p).strokeDasharray])""")
    assert any(legal for legal, _ in dashes) and any(not legal for legal, _ in dashes)
    assert all((dash != "none") == legal for legal, dash in dashes), dashes[:4]
