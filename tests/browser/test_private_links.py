"""Two players report their game through their private links, on a phone, with no account."""

import pytest

from tournament import services
from tournament.models import Match

from .conftest import expect, shot

pytestmark = pytest.mark.django_db(transaction=True)


def test_one_player_sends_the_result_and_the_other_confirms_it(page):
    tournament = services.create_tournament("Link Cup", system="swiss")
    for name in ("Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"):
        services.add_player(tournament, name)
    services.publish_round(services.generate_round(tournament))
    match = Match.objects.select_related("first", "second").filter(round__tournament=tournament).order_by("table")[0]
    first, second = match.first, match.second

    page.goto(f"{page.base}/p/{first.link_token}/")
    expect(page.locator("text=You play first")).to_have_count(1)
    for side, row in (("first", [5, 6, 7, 8, 9, 10]), ("second", [4, 18, 18, 18, 18, 18])):
        for colour, value in zip("ROYGBP", row):
            page.fill(f"#id_{side}_{colour}", str(value))
    shot(page, "link-01-send")
    page.click(f"button:has-text('Send to {second.name} to confirm')")
    shot(page, "link-01b-sent")
    expect(page.locator(f"text=it counts once {second.name} confirms it")).to_have_count(1)
    match.refresh_from_db()
    assert match.status == Match.PENDING

    page.goto(f"{page.base}/p/{second.link_token}/")
    expect(page.locator(f"text={first.name} sent this result")).to_have_count(1)
    shot(page, "link-02-confirm")
    page.click("button:has-text('It is right: confirm')")
    expect(page.locator("text=Confirmed: the result counts.")).to_have_count(1)
    shot(page, "link-03-confirmed")
    match.refresh_from_db()
    assert match.status == Match.PLAYED and match.scores[0] == [5, 6, 7, 8, 9, 10]

    page.goto(f"{page.base}/t/{tournament.slug}/round/1/")
    expect(page.locator("text=1–0")).not_to_have_count(0)  # lowest colours 5 against 4
