"""The public pages say "final standings" once the tournament is finished (docs/tournament-rules.md, End of a tournament)."""

import pytest
from django.urls import reverse

from tests.factories import page_text, play
from tests.tournament.event_day.helpers import words
from tournament import services
from tournament.models import Match, Round

pytestmark = pytest.mark.django_db


def test_standings_and_crosstable_say_final_standings_once_the_last_round_is_closed(client):
    tournament = services.create_tournament("Small Robin", system="all-play-all", rounds_announced=7)
    for name in ("Ann", "Ben", "Cy", "Di"):
        services.add_player(tournament, name)
    standings = reverse("tournament:standings", args=[tournament.slug])
    crosstable = reverse("tournament:crosstable", args=[tournament.slug])
    for _ in (1, 2):
        play(services.generate_round(tournament))
    assert "Standings after round 2" in page_text(client.get(standings))
    assert "Crosstable after round 2" in page_text(client.get(crosstable))
    last = services.generate_round(tournament)  # round 3 of a 4-player table: the last
    play(last)
    assert "Final standings" in page_text(client.get(standings))
    assert "Crosstable, final standings" in page_text(client.get(crosstable))
    # Reopened to correct a result, the last round is open again: no longer final.
    services.reopen_round(Round.objects.get(pk=last.pk))
    assert "Standings after round 3" in page_text(client.get(standings))


def test_a_finished_event_looks_finished_on_the_public_page_the_home_list_and_a_private_page(client):
    """Four players, one round: the game won 9 v 5 (difference 4) and the one won 7 v 6 (difference 1).  Final:
    1 the 9's winner, 2 the 7's winner (both 1 VP, split by progressive difference 4 v 1), 3 the 6 (0 VP, −1),
    4 the 5 (−4).  The public page opens on a banner with the podium, the home list says 'finished', the private
    page gives the player's final place and no empty 'Missing a round'."""
    tournament = services.create_tournament("One Round Open", system="swiss", rounds_announced=1)
    other = services.create_tournament("Still On Open", system="swiss", rounds_announced=3)
    for name, rating in (("Ann", 2000), ("Ben", 1900), ("Cy", 1800), ("Di", 1700)):
        services.add_player(tournament, name, rating=rating)
        services.add_player(other, name)
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    big, small = round_.matches.select_related("first", "second").order_by("table")
    services.enter_result(big, services.ResultEntry.typed(scores=[[9] * 6, [5] * 6]))
    services.enter_result(small, services.ResultEntry.typed(scores=[[6] * 6, [7] * 6]))
    detail = f"/t/{tournament.slug}/"
    third = small.first
    private = f"/p/{third.link_token}/"
    assert "The tournament is finished" not in words(client.get(detail))  # every result in, the round still open
    assert "you placed" not in words(client.get(private))

    services.close_round(round_)
    page = words(client.get(detail))
    assert (f"The tournament is finished. Final standings 1. {big.first.name} (1 VP) 2. {small.second.name} (1 VP) "
            f"3. {small.first.name} (0 VP) Round 1") in page
    assert f"4. {big.second.name}" not in page
    home = words(client.get("/"))
    assert "One Round Open · Swiss, 1 rounds finished" in home
    assert "Still On Open · Swiss, 3 rounds finished" not in home and "Still On Open · Swiss, 3 rounds" in home
    mine = words(client.get(private))
    assert "The tournament is finished: you placed 3 of 4, with 0 VP. Final standings" in mine
    assert "Missing a round" not in mine


def test_a_shared_final_place_is_said_as_shared_on_the_private_page(client):
    """Two players, one round, a draw (the same six scores): both 1-2 on ½ VP."""
    tournament = services.create_tournament("Pair Open", system="swiss", rounds_announced=1)
    for name in ("Ann", "Ben"):
        services.add_player(tournament, name)
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    match = round_.matches.get()
    services.enter_result(match, services.ResultEntry.typed(scores=[[6] * 6, [6] * 6]))
    services.close_round(round_)
    page = " ".join(page_text(client.get(f"/p/{match.first.link_token}/")).split())
    assert "you share places 1-2 of 2, with ½ VP" in page  # the finished sentence's words: the test above
