"""Event day in a real browser: a stuck round paired by hand, a round taken back and re-paired,
an excused absence asked for through a private link and approved, an all-play-all played to its end.

Each page is shot at 390 px (the phone the fixture opens) and at desktop width, into tests/artifacts/.
"""

import pytest

from tournament import services
from tournament.models import Match, Round

from tests.factories import make_event, play

from .conftest import expect, log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"]
RATINGS = [2000, 1900, 1800, 1700]  # seeds 1..4 in this order
PASSWORD = "a long secret"


def shots(page, name):
    """The page at phone width and at desktop width."""
    shot(page, f"event-day-{name}-390")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, f"event-day-{name}-desktop")
    page.set_viewport_size({"width": 390, "height": 900})


def press(page, button: str, then: str, name: str | None = None):
    """Click the button, wait for `then` on the page that follows, and shoot it under `name` if given."""
    page.click(f"button:has-text(\"{button}\")")
    expect(page.locator(f"text={then}")).not_to_have_count(0)
    if name:
        shots(page, name)


@pytest.fixture
def organiser_page(page, django_user_model):
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    page.organiser = organiser
    log_in(page, "org", PASSWORD)
    return page


def test_a_stuck_round_is_paired_by_hand_and_published_after_the_confirmation(organiser_page):
    page = organiser_page
    event = make_event("Stuck Open", NAMES, organiser=page.organiser, ratings=RATINGS, system="swiss",
                       rounds_announced=5)
    for _ in range(3):  # four players, three rounds: everyone has met everyone
        round_ = services.generate_round(event)
        services.publish_round(round_)
        play(round_)
    page.goto(f"{page.base}/manage/{event.slug}/")
    press(page, "Pair next round", "No pairing avoids a rematch: pair this round by hand", "01-stuck")
    press(page, "Pair by hand", "Not placed (4)", "02-empty-draft")
    for first, second in (("Ann Able · seed 1", "Ben Baker · seed 2"), ("Cy Cole · seed 3", "Di Dunn · seed 4")):
        page.select_option("#id_seat_first", label=first)
        page.select_option("#id_seat_second", label=second)
        page.click("button:has-text('Seat them')")
    expect(page.locator("text=Table 1: Ann Able and Ben Baker have met before.")).to_have_count(1)
    shots(page, "03-draft-breaks-rules")
    page.click("button:has-text('Publish round 4 despite the broken rules')")
    expect(page.locator("text=tick the confirmation to publish it all the same")).to_have_count(1)
    assert Round.objects.get(tournament=event, number=4).status == Round.DRAFT
    shots(page, "04-confirmation-asked")
    page.check("#id_confirm")
    page.click("button:has-text('Publish round 4 despite the broken rules')")
    expect(page.locator("text=Round 4 is published despite the rules it breaks")).to_have_count(1)
    assert Round.objects.get(tournament=event, number=4).status == Round.PUBLISHED
    shots(page, "05-published")


def test_a_round_is_taken_back_and_paired_again(organiser_page):
    page = organiser_page
    event = make_event("Again Open", NAMES, organiser=page.organiser, ratings=RATINGS, system="swiss",
                       publish_round_one=True)
    page.goto(f"{page.base}/manage/{event.slug}/")
    press(page, "Take round 1 back to a draft", "Round 1 is a draft again", "06-taken-back")
    press(page, "Start again from an empty draft", "Not placed (4)")
    press(page, "Start again from the engine", "The draft breaks no pairing rule.", "07-re-paired")
    press(page, "Publish round 1", "Round 1 is published: players can see their tables.")
    assert Round.objects.get(tournament=event).status == Round.PUBLISHED


def test_an_excused_absence_asked_for_through_a_private_link_is_approved(organiser_page):
    page = organiser_page
    event = make_event("Absent Open", NAMES + ["Ed Eng"], organiser=page.organiser, ratings=RATINGS + [1600],
                       system="swiss", rounds_announced=4)
    round_one = services.generate_round(event)
    services.publish_round(round_one)
    play(round_one)
    cy = event.players.get(name="Cy Cole")
    page.goto(f"{page.base}/p/{cy.link_token}/")
    page.select_option("#id_excuse_round_number", "2")
    shots(page, "08-link-asks")
    press(page, "Ask to be excused", "Round 2: asked for, waiting for the organiser", "09-link-asked")

    page.goto(f"{page.base}/manage/{event.slug}/")
    expect(page.locator("text=Cy Cole, round 2:")).to_have_count(1)
    shots(page, "10-dashboard-request")
    page.click("button[aria-label=\"Approve Cy Cole's absence from round 2\"]")
    expect(page.locator("text=Cy Cole is excused from round 2.")).to_have_count(1)
    press(page, "Pair next round", "The draft breaks no pairing rule.", "11-draft-with-excused")
    assert Match.objects.get(round__tournament=event, round__number=2, first=cy).status == Match.EXCUSED


def test_an_all_play_all_is_played_to_its_end(organiser_page):
    page = organiser_page
    event = make_event("Circle Cup", NAMES, organiser=page.organiser, ratings=RATINGS, system="all-play-all")
    page.goto(f"{page.base}/manage/{event.slug}/")
    for number in (1, 2, 3):  # four players: three rounds
        page.click("button:has-text('Pair next round')")
        press(page, f"Publish round {number}", f"Round {number} is published")
        play(Round.objects.get(tournament=event, number=number))
        page.reload()
    expect(page.locator("text=The tournament is finished")).to_have_count(1)
    expect(page.locator("button:has-text('Pair next round')")).to_have_count(0)
    shots(page, "12-all-play-all-finished")
    page.click("text=final standings")
    expect(page.locator("h2:has-text('Final standings')")).to_have_count(1)
    shots(page, "13-final-standings")
