"""The organiser's pages of an online round say when its clocks start until they do, and offer only what is possible
("being played now" and "Start time, take back…" before and after the start); the venue screen
left open across the final round's close opens on the final standings at its next refresh."""

import html
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import WIN, make_event, matches
from tournament import services
from tournament.models import Round

pytestmark = pytest.mark.django_db


def words(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def online(people):
    """Round 1 of a 4-player online event, published to start in three and a half hours (to the minute)."""
    tournament = make_event("Start Swiss", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"],
                            organiser=people["org"], play="online", clock_s=600)
    round_ = services.generate_round(tournament)
    # From the instant, not the wall clock: across the end of summer time, London's 05:24 is 4½ hours after 01:54.
    services.publish_round(round_, starts_at=(timezone.now() + timedelta(hours=3, minutes=30)).replace(
        second=0, microsecond=0))
    return tournament, Round.objects.get(pk=round_.pk)


def played_now(answer) -> int:
    """How many of the page's games are being played now: a room open and no start ahead (a result entered ends
    the game)."""
    return sum(bool(row["live"] and not row["starts"]) for row in answer.context["matches"])


def test_before_the_start_the_pages_say_when_the_clocks_start_and_offer_to_move_it(online, client, people):
    tournament, round_ = online
    client.force_login(people["org"])
    at = f"{timezone.localtime(round_.starts_at):%H:%M}"
    for answer in (client.get(reverse("manage:dashboard", args=[tournament.slug])),
                   client.get(reverse("manage:round", args=[tournament.slug, 1]))):
        page = words(answer)
        # Each of the two games, with the time left (the page's script counts it down each second).
        assert len(re.findall(f"starts at {at} · in 3 hours, (29|30) minutes", page)) == 2
        assert played_now(answer) == 0 and "being played now" not in page
    dashboard = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    # In the round's part, which a dashboard left open replaces every 10 s (live.js): the offer follows the start.
    live_part = dashboard[dashboard.index('<section id="current-round">'):]
    live_part = live_part[:live_part.index("</section>")]
    assert "Start time, take back…" in live_part and "End a game by decision" not in dashboard


def test_once_the_clocks_run_the_pages_say_so_and_offer_only_an_end_by_decision(online, client, people):
    tournament, round_ = online
    services.move_start(round_, None)  # "Start now"
    client.force_login(people["org"])
    for answer in (client.get(reverse("manage:dashboard", args=[tournament.slug])),
                   client.get(reverse("manage:round", args=[tournament.slug, 1]))):
        page = words(answer)
        assert played_now(answer) == 2 and page.count("being played now") == 2 and "starts at" not in page
    dashboard = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert "Start time, take back…" not in dashboard
    desk = reverse("manage:desk", args=[tournament.slug, 1])
    assert f'href="{desk}">End a game by decision (game rooms)…</a>' in dashboard
    for match in matches(tournament):  # every game over: nothing is left to decide
        services.enter_result(match, services.ResultEntry.typed(scores=WIN, flagged=[False, False]))
    assert "End a game by decision" not in client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()


def test_a_venue_screen_left_open_across_the_final_close_gets_the_final_standings_first(people, client):
    tournament = make_event("Last Swiss", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"],
                            organiser=people["org"], system="swiss", rounds_announced=1, publish_round_one=True)
    screen = reverse("tournament:screen", args=[tournament.slug])
    for match in matches(tournament):
        services.enter_result(match, services.ResultEntry.forfeit(match.first))
    before = client.get(screen)  # every result in, the round not yet closed: what the screen shows
    assert re.search(r'data-opens="([^"]*)"', before.content.decode()).group(1) == "round 1"
    services.close_round(tournament.rounds.get())
    # The screen's next refresh asks with the version it holds: it gets the new page, which opens elsewhere
    # (so screen.js goes to its first page), and that first page is the final standings.
    after = client.get(screen, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    page = after.content.decode()
    assert re.search(r'data-opens="([^"]*)"', page).group(1) == "final"
    first = re.search(r'<section class="screen-page" data-kind="(\w+)">\s*<h2>([^<]*)</h2>', page)
    assert first.groups() == ("standings", "Final standings")
