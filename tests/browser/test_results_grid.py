"""The results grid in a real browser: a whole round of 12 boards entered from the keyboard alone.

Board t (table t) is won by its first player, [t + 5, 17, 17, 17, 17, 17] against [4] * 6: levels t + 5 v 4, so
the first player's difference is t + 1 and table 12's first player leads the standings, table 11's second.
Table 2's first player runs out of time (which stops a player, it does not lose: docs/tournament-rules.md); table 3 is
first typed with a 19 and an empty box, both marked, then corrected in place.  Shots at 390 px and 1280 px.
"""

import pytest

from tests.factories import make_event
from tournament.models import Match

from .conftest import log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long secret"


def scores(table):
    return [table + 5] + [17] * 5, [4] * 6


def type_player(page, row, flag=False):
    """Six boxes (each followed by Tab), ending on the out-of-time tick: Space ticks it."""
    for value in row:
        page.keyboard.type(str(value))
        page.keyboard.press("Tab")
    if flag:
        page.keyboard.press("Space")


def test_a_round_of_12_boards_goes_in_from_the_keyboard(page, django_user_model):
    expect = pytest.importorskip("playwright.sync_api").expect
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    names = [f"Player {chr(65 + i)}{chr(97 + i)}" for i in range(24)]
    event = make_event("Grid Cup", names, ratings=list(range(2400, 2160, -10)), organiser=organiser,
                       system="swiss", rounds_announced=5, publish_round_one=True)
    boards = list(event.rounds.get(number=1).matches.select_related("first", "second").order_by("table"))
    assert len(boards) == 12
    log_in(page, "org", PASSWORD)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{page.base}/manage/{event.slug}/round/1/results/")
    counter = page.locator("#counter")
    expect(counter).to_have_text("0 of 12 results in")

    for match in boards:
        t = match.table
        first, second = scores(t)
        expect(page.locator(f"[name='t{t}-first_R']")).to_be_focused()  # the grid put us on this board
        if t == 3:  # a 19 and an empty box: both marked, nothing saved, then put right in place
            type_player(page, [19] + first[1:])
            page.keyboard.press("Tab")
            page.keyboard.press("Tab")  # past second_R, left empty
            type_player(page, second[1:])
            page.keyboard.press("Enter")
            row = page.locator("#t3")
            expect(row.locator("[aria-invalid=true]")).to_have_count(2)
            expect(row).to_contain_text(f"{match.first.name}, R red: a score is at most 18.")
            expect(row).to_contain_text(f"{match.second.name}, R red: enter a score")
            expect(counter).to_have_text("2 of 12 results in")
            shot(page, "results-grid-fault-desktop")
            expect(page.locator("[name='t3-first_R']")).to_be_focused()  # on the first bad box, selected
            page.keyboard.type(str(first[0]))
            for _ in range(7):  # five boxes and the tick to the second player's R
                page.keyboard.press("Tab")
            page.keyboard.type(str(second[0]))
            page.keyboard.press("Enter")
        else:
            type_player(page, first, flag=(t == 2))
            page.keyboard.press("Tab")
            type_player(page, second)
            if t == 1:  # the preview, before anything is saved
                expect(page.locator("#t1 .status")).to_have_text(f"{match.first.name} wins, 6 v 4 in the lowest colour")
            page.keyboard.press("Enter")
        expect(counter).to_have_text(f"{t} of 12 results in")
        expect(page.locator(f"#t{t}")).to_contain_text(f"{match.first.name} wins, {t + 5} v 4 in the lowest colour")
        if t == 6:
            page.set_viewport_size({"width": 390, "height": 900})
            shot(page, "results-grid-390")
            page.set_viewport_size({"width": 1280, "height": 900})
    expect(page.locator("#t2")).to_contain_text(f"{boards[1].first.name} ran out of time")
    shot(page, "results-grid-desktop")

    for match in boards:
        match.refresh_from_db()
        assert match.status == Match.PLAYED and match.scores == [list(r) for r in scores(match.table)]
    assert [m.first_flagged for m in boards] == [m.table == 2 for m in boards]

    page.goto(f"{page.base}/manage/{event.slug}/")
    expect(page.locator(".results-count")).to_contain_text("12 of 12 results in")
    page.goto(f"{page.base}/t/{event.slug}/standings/")
    rows = page.locator("table tbody tr")
    expect(rows.nth(0)).to_contain_text(boards[11].first.name)
    expect(rows.nth(1)).to_contain_text(boards[10].first.name)


def test_the_preview_writes_the_winners_score_first_as_the_saved_board_does(page, django_user_model):
    """The player second at the table wins with level 9 against 7: the preview reads "<them> wins, 9 v 7 in the
    lowest colour" as the board says once saved (it used to read "levels 7 v 9", the first player's first);
    lowest colours level (both 5), the second-lowest decides, 8 v 6."""
    expect = pytest.importorskip("playwright.sync_api").expect
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    event = make_event("Preview Cup", ["Ann Able", "Łukasz Nowak"], organiser=organiser, system="swiss",
                       rounds_announced=3, publish_round_one=True)
    match = event.rounds.get(number=1).matches.select_related("first", "second").get()
    log_in(page, "org", PASSWORD)
    page.goto(f"{page.base}/manage/{event.slug}/round/1/results/")
    row = page.locator("#t1")
    loser, winner = match.first.name, match.second.name
    type_player(page, [7, 10, 10, 10, 10, 10])
    expect(row.locator(".status")).to_have_text(f"{loser}'s level 7")
    page.keyboard.press("Tab")
    type_player(page, [9, 11, 11, 11, 11, 11])
    expect(row.locator(".status")).to_have_text(f"{winner} wins, 9 v 7 in the lowest colour")
    page.fill("[name=t1-first_R]", "5")
    page.fill("[name=t1-first_O]", "6")
    page.fill("[name=t1-second_R]", "5")
    page.fill("[name=t1-second_O]", "8")
    expect(row.locator(".status")).to_have_text(f"{winner} wins, 8 v 6 in the second-lowest colour")
    page.keyboard.press("Enter")
    expect(row).to_contain_text(f"{winner} wins, 8 v 6 in the second-lowest colour (both 5 in the lowest colour)")
