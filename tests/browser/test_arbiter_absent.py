"""A game where neither player came, ended from the desk in Chromium: "End by decision…", the
reason, "Forfeit: neither came"; the desk then shows the double forfeit, as the room writes it when both clocks run
out with nothing placed.  On Django's live server (plain HTTP: the desk polls)."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, matches
from tournament import services as tournament_services
from tournament.models import Match

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_game_neither_player_came_to_is_forfeited_by_both_in_three_steps_from_the_desk(page, django_user_model):
    arbiter = django_user_model.objects.create_user("arb", password="arb-pass", is_staff=True)
    event = make_event("Absent Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], organiser=arbiter,
                       play="online", clock_s=600, system="swiss", rounds_announced=3)
    tournament_services.publish_round(tournament_services.generate_round(event), starts_at=None)
    first, second = matches(event)[0].first.name, matches(event)[0].second.name
    log_in(page, "arb", "arb-pass")
    page.goto(f"{page.base}/manage/{event.slug}/round/1/rooms/")
    # 1. "End by decision…" on table 1's row; 2. the reason; 3. "Forfeit: neither came".
    page.locator('tr[data-table="1"] a:has-text("End by decision")').click()
    page.fill("#reason", "neither player answered the arbiter's mails")
    page.click("button:has-text('Forfeit: neither came')")
    expect(page.locator(".messages")).to_contain_text(f"Table 1: forfeit, neither {first} nor {second} came")
    row = page.locator('tr[data-table="1"]')
    expect(row.locator('[data-field="status_text"]')).to_have_text("finished")
    expect(row.locator('[data-field="result"]')).to_have_text(f"{first} 0–0 {second} (both absent)")
    match = Match.objects.get(round__tournament=event, table=1)
    assert (match.status, match.forfeit_winner_id) == (Match.FORFEIT, None)
    # Table 2's form, where a tile has been placed, would not offer it: covered at the service level.
