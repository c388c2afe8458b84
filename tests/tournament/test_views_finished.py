"""The public pages say "final standings" once the tournament is finished (tournament.md, End of a tournament)."""

import pytest
from django.urls import reverse

from tests.factories import page_text
from tournament import services
from tournament.models import Match, Round

pytestmark = pytest.mark.django_db


def play(round_):
    services.publish_round(round_)
    for match in round_.matches.filter(status=Match.PENDING):
        services.enter_result(match, status=Match.PLAYED, scores=[[9] * 6, [3] * 6], flagged=[False, False])
    services.close_round(round_)


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
