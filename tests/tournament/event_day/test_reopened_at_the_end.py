"""A finished tournament with a round reopened to correct a result is not finished until it is closed again
(docs/tournament-rules.md, End of a tournament: finished = its last round is closed; a reopened round's results may still
change): no "final standings" on the pages and sheets, no "finished" from pair_next, nothing to pair.

Four players, all-play-all: 3 rounds; every game is won by its first player.
"""

import io
import json

import pytest

from tournament import pdf, services
from tournament.models import Round
from tournament.pairing.next_round import Finished, NotReady, pair_next as pair_record
from tournament.records import record_of

from tests.factories import make_event, pair_next, play_rounds, refusal

from .helpers import says, words

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_robin(people):
    tournament = make_event("Four Robin", ["Ann", "Ben", "Cy", "Di"], organiser=people["org"], system="all-play-all",
                            rounds_announced=3)
    play_rounds(tournament, 3)
    return tournament


def sheet_text(data: bytes) -> str:
    pypdf = pytest.importorskip("pypdf")
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("reopened", [2, 3])
def test_a_reopened_round_takes_final_off_the_pages_and_sheets_until_it_is_closed(client, org_client, finished_robin,
                                                                                   reopened):
    slug = finished_robin.slug
    assert "Final standings" in words(client.get(f"/t/{slug}/standings/"))
    services.reopen_round(finished_robin.rounds.get(number=reopened))

    standings = words(client.get(f"/t/{slug}/standings/"))
    assert "Standings after round 3" in standings and "Final standings" not in standings
    crosstable = words(client.get(f"/t/{slug}/crosstable/"))
    assert "Crosstable after round 3" in crosstable and "final standings" not in crosstable
    assert "Standings after round 3" in words(client.get(f"/t/{slug}/screen/"))
    record = record_of(finished_robin)
    assert "Standings after round 3" in sheet_text(pdf.standings_pdf(record))
    assert "Final standings" not in sheet_text(pdf.standings_pdf(record))
    assert "Crosstable after round 3" in sheet_text(pdf.crosstable_pdf(record))

    dashboard = words(org_client.get(f"/manage/{slug}/"))
    assert "The tournament is finished" not in dashboard and "Pair next round" not in dashboard
    refused = words(org_client.post(f"/manage/{slug}/pair-by-hand/", follow=True))
    # The page shows the services' refusal (its words: services/test_actions), naming the open round.
    why = refusal(services.start_by_hand, finished_robin).message
    assert why in refused and f"Round {reopened} is" in why
    if reopened == 3:  # the latest round: the dashboard offers to close it
        assert "Close round 3" in dashboard
    else:  # an earlier one: the dashboard says why the tournament is not finished
        assert says(dashboard, "reopened, close to finish", round=2)
        assert why in words(org_client.post(f"/manage/{slug}/pair/", follow=True))
    assert finished_robin.rounds.count() == 3  # nothing paired either way

    services.close_round(Round.objects.get(tournament=finished_robin, number=reopened))
    assert "Final standings" in words(client.get(f"/t/{slug}/standings/"))
    assert "The tournament is finished" in words(org_client.get(f"/manage/{slug}/"))


def test_pair_next_does_not_call_a_tournament_whose_last_round_is_pending_finished(tmp_path):
    # Berger for 4: round 1 1-4 2-3, round 2 4-3 1-2, round 3 2-4 3-1; round 3's second game has no result yet
    # (a file may leave only its last round pending).
    won = {"status": "played", "scores": [[9] * 6, [5] * 6], "flagged": [False, False], "log": None}
    rounds = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    file = {
        "format": "ingenious-tournament/1", "name": "Four Robin",
        "settings": {"system": "all-play-all", "rounds": 3, "bye_vp": 1, "progressive": "sum", "clock_s": 600},
        "players": [{"id": i, "name": name, "rating": None, "withdrawn_after_round": None}
                    for i, name in enumerate(["Ann", "Ben", "Cy", "Di"], start=1)],
        "rounds": [{"number": n, "matches": [{"first": a, "second": b, **won} for a, b in pairs]}
                   for n, pairs in enumerate(rounds, start=1)],
    }
    file["rounds"][2]["matches"][1] = {"first": 3, "second": 1, "status": "pending"}
    path = tmp_path / "robin.json"
    path.write_text(json.dumps(file))
    status, _, err = pair_next(path)
    assert status == 2 and "round 3 still has pending matches: enter their results first" in err
    assert "finished" not in err
    file["rounds"][2]["matches"][1] = {"first": 3, "second": 1, **won}
    path.write_text(json.dumps(file))
    status, _, err = pair_next(path)
    assert status == 2 and "the tournament is finished: all 3 rounds of the all-play-all table are paired" in err


def test_pair_next_of_a_site_record_with_an_earlier_round_open_again_is_not_finished(finished_robin):
    services.reopen_round(finished_robin.rounds.get(number=1))
    with pytest.raises(NotReady) as refusal:
        pair_record(record_of(finished_robin))
    assert not isinstance(refusal.value, Finished)
    assert str(refusal.value) == ("round 1 is open again (reopened to correct a result): close it to finish the "
                                  "tournament")
