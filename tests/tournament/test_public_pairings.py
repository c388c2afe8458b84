"""Public pairings: each player's VP before the round, and a list by name to find one's table."""

import re

import pytest

from tests.factories import make_event, page_text
from tournament import services
from tournament.models import Match

pytestmark = pytest.mark.django_db
NAMES = ["Zoë Ørsted", "ann able", "Ben Baker", "Cy Cole", "Di Dunn"]


@pytest.fixture
def event():
    tournament = make_event("Pairings Open", NAMES, ratings=[2000, 1900, 1800, 1700, 1600], system="swiss",
                            rounds_announced=3, bye_half_points=2, publish_round_one=True)
    first = tournament.rounds.get(number=1)
    for match in first.matches.exclude(second=None):
        services.enter_result(match, status=Match.PLAYED, scores=[[6] * 6, [5] * 6])  # the first player wins
    services.close_round(first)
    services.publish_round(services.generate_round(tournament))
    return tournament


def test_each_board_shows_both_players_vp_before_the_round(client, event):
    round_one = {m.first_id: "1" for m in event.rounds.get(number=1).matches.all()}  # winners and the bye: 1 VP
    html = page_text(client.get(f"/t/{event.slug}/round/2/"))
    for match in event.rounds.get(number=2).matches.select_related("first", "second"):
        for player in filter(None, (match.first, match.second)):
            expected = round_one.get(player.pk, "0")
            assert re.search(rf">{re.escape(player.name)}</a> <span class=\"vp\"[^>]*>{expected}</span>", html), \
                (player.name, expected)


def test_the_list_by_name_gives_each_players_table_side_and_opponent_in_name_order(client, event):
    html = page_text(client.get(f"/t/{event.slug}/round/2/"))
    listed = re.findall(r'<li data-name="[^"]*"><strong>([^<]+)</strong>\s*([^<]*)</li>', html)
    assert [name for name, _ in listed] == ["ann able", "Ben Baker", "Cy Cole", "Di Dunn", "Zoë Ørsted"]
    for match in event.rounds.get(number=2).matches.select_related("first", "second"):
        if match.second is None:
            assert (match.first.name, "– bye") in [(n, " ".join(w.split())) for n, w in listed]
            continue
        words = {n: " ".join(w.split()) for n, w in listed}
        assert words[match.first.name] == f"– table {match.table}, plays first against {match.second.name}"
        assert words[match.second.name] == f"– table {match.table}, plays second against {match.first.name}"
    assert 'type="search" id="find-player" data-filter' in html
