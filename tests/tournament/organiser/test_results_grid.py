"""The results grid: every board of a round on one page, each saved on its own, every fault marked at once."""

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event, matches, page_text, score_fields
from tournament import services
from tournament.domain.text import result_words
from tournament.models import Match

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def event(organiser):
    # Five players: two games and a bye in round 1.
    return make_event("Grid Open", ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eve"],
                      ratings=[2000, 1900, 1800, 1700, 1600], organiser=organiser, system="swiss",
                      rounds_announced=3, publish_round_one=True)


def games(event):
    return [m for m in matches(event) if m.second_id is not None]


def board(match, first, second, **extra):
    """What one board of the grid posts: its table and its prefixed fields."""
    fields = {f"t{match.table}-{name}": value for name, value in score_fields(first, second).items()}
    return {"table": match.table, f"t{match.table}-status": "played", f"t{match.table}-version": match.version,
            **fields, **{f"t{match.table}-{k}": v for k, v in extra.items()}}


def url(event, number=1):
    return f"/manage/{event.slug}/round/{number}/results/"


def invalid_boxes(html):
    return re.findall(r'aria-label="([^"]+)" aria-invalid="true"', html)


def test_the_grid_shows_every_board_and_counts_the_results(org_client, event):
    page = page_text(org_client.get(url(event)))
    assert "0 of 2 results in" in page
    first, second = games(event)
    for match in (first, second):
        boxes = re.findall(rf'name="t{match.table}-((?:first|second)_\w+)"', page)
        assert boxes == [f"first_{c}" for c in "ROYGBP"] + ["first_flagged"] + [f"second_{c}" for c in "ROYGBP"] \
            + ["second_flagged"]  # the Tab order: a player's six colours, then the tick
    bye = next(m for m in matches(event) if m.second_id is None)
    assert f"<strong>Table {bye.table}</strong> {bye.first.name}: <em>bye</em>" in page
    assert f'name="t{bye.table}-first_R"' not in page


def test_every_fault_is_marked_at_once_and_nothing_is_saved(org_client, event):
    match = games(event)[0]
    posted = board(match, [19, 5, 5, 5, 5, 5], ["", 4, 4, 4, 4, 4])
    answer = org_client.post(url(event), posted, **JSON).json()
    assert answer["saved"] is False and answer["counter"]["text"] == "0 of 2 results in"
    first, second = match.first.name, match.second.name
    assert invalid_boxes(answer["row"]) == [f"{first}, R red", f"{second}, R red"]
    assert f"{first}, R red: a score is at most 18." in answer["row"]
    assert f"{second}, R red: enter a score" in answer["row"]
    match.refresh_from_db()
    assert match.status == Match.PENDING and match.version == 0


def test_a_saved_board_says_who_won_counts_and_points_at_the_next(org_client, event):
    first_game, second_game = games(event)
    answer = org_client.post(url(event), board(second_game, [4, 9, 9, 9, 9, 9], [5, 6, 6, 6, 6, 6]), **JSON).json()
    assert answer["saved"] is True and answer["counter"]["text"] == "1 of 2 results in"
    assert f"{second_game.second.name} wins, 5 v 4" in answer["row"]  # who won, on which lowest colours
    assert answer["next"] == first_game.table  # the one still empty, before it
    second_game.refresh_from_db()
    assert second_game.scores == [[4, 9, 9, 9, 9, 9], [5, 6, 6, 6, 6, 6]] and second_game.status == Match.PLAYED
    answer = org_client.post(url(event), board(first_game, [7] * 6, [7] * 6, first_flagged="on"), **JSON).json()
    assert answer["counter"]["text"] == "2 of 2 results in" and answer["next"] is None
    # The row says the draw and who ran out of time in the engine's words (worded in domain/test_result_words).
    assert html.unescape(answer["row"]).count(result_words(first_game.first.name, first_game.second.name,
                                                           [[7] * 6, [7] * 6], (True, False))) == 1


def test_without_javascript_the_page_comes_back_at_the_next_board(org_client, event):
    first_game, second_game = games(event)
    response = org_client.post(url(event), board(first_game, [5] * 6, [4] * 6))
    assert response.status_code == 302 and response.url.endswith(f"/round/1/results/#t{second_game.table}")
    response = org_client.post(url(event), board(second_game, [5] * 6, [4] * 6))
    assert response.url.endswith("#counter")


def test_two_people_at_the_grid_never_overwrite_each_other(org_client, client, people, event):
    services.add_role(event, people["arb"], "arbiter", user=people["org"])
    client.force_login(people["arb"])
    match = games(event)[0]
    loaded = board(match, [3] * 6, [8] * 6)  # the arbiter's grid was loaded at version 0, too
    org_client.post(url(event), board(match, [5] * 6, [4] * 6), **JSON)
    answer = client.post(url(event), loaded, **JSON).json()
    assert answer["saved"] is False
    assert "This result was changed by" in answer["row"] and "Your entry was not saved." in answer["row"]
    match.refresh_from_db()
    assert match.scores == [[5] * 6, [4] * 6]


def test_a_draft_round_has_no_grid_yet(org_client, organiser):
    event = make_event("Draft Open", ["Ann", "Ben"], organiser=organiser, system="swiss", rounds_announced=2)
    services.generate_round(event)
    response = org_client.get(url(event), follow=True)
    assert response.redirect_chain and "-first_R" not in page_text(response)  # sent on, with no score box
    assert "Round 1 is a draft" in page_text(response)  # and told why


def test_the_dashboard_counts_the_results_and_links_to_the_grid(org_client, event):
    services.enter_result(games(event)[0], services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]))
    page = page_text(org_client.get(f"/manage/{event.slug}/"))
    assert "1 of 2 results in" in page and f'href="{url(event)}"' in page


def test_the_grid_costs_the_same_queries_for_12_boards_as_for_250(org_client, organiser):
    counts = []
    for size in (24, 500):
        names = [f"Player {i:03}" for i in range(size)]
        event = make_event(f"Size {size}", names, organiser=organiser, system="swiss", rounds_announced=3,
                           publish_round_one=True)
        services.enter_result(games(event)[0], services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]))
        with CaptureQueriesContext(connection) as queries:
            page = page_text(org_client.get(url(event)))
        assert f"1 of {size // 2} results in" in page
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12


def test_save_and_next_goes_to_the_next_board_without_a_result_then_to_the_grid(org_client, event):
    first_game, second_game = games(event)
    posted = {"status": "played", "version": 0, **score_fields([5] * 6, [4] * 6), "and_next": "1"}
    response = org_client.post(f"/manage/{event.slug}/match/{second_game.pk}/", posted)
    assert response.url == f"/manage/{event.slug}/match/{first_game.pk}/"  # wraps round to the first
    response = org_client.post(f"/manage/{event.slug}/match/{first_game.pk}/", posted)
    assert response.url == url(event)


def test_a_result_a_player_sent_is_shown_and_not_typed_over_unknowingly(org_client, event):
    """Ann's opponent sent "Ben Baker wins" through the link (after the grid was opened); the grid's entry of the
    opposite result is held once, naming what was sent, then saved on the second Enter; the same result as the
    one sent goes in at once."""
    match, other = games(event)
    page = org_client.get(url(event))  # opened before anyone sent anything
    assert "sent:" not in page_text(page)
    services.submit_result(match.second, match,
                           services.ResultEntry.from_player(scores=[[4] * 6, [5] * 6], flagged=[False, False]))
    posted = board(match, [6] * 6, [5] * 6)
    answer = org_client.post(url(event), posted, **JSON).json()
    assert answer["saved"] is False
    row = html.unescape(answer["row"])
    said = (f"{match.second.name} sent another result (not yet confirmed): {match.second.name} wins, 5 v 4 in the "
            f"lowest colour ({match.first.name} 4 4 4 4 4 4, {match.second.name} 5 5 5 5 5 5). Check the slip, then "
            "press Enter again to save yours in its place.")
    assert said in row
    assert f"{match.second.name} sent: {match.second.name} wins, 5 v 4" in row
    assert Match.objects.get(pk=match.pk).status == Match.PENDING
    over = re.search(rf'name="t{match.table}-over" value="(\d+)"', answer["row"]).group(1)
    answer = org_client.post(url(event), {**posted, f"t{match.table}-over": over}, **JSON).json()
    assert answer["saved"] is True
    assert Match.objects.get(pk=match.pk).scores == [[6] * 6, [5] * 6]
    # The other board: the result typed is the one sent, so it is saved at once.
    services.submit_result(other.first, other,
                           services.ResultEntry.from_player(scores=[[7] * 6, [3] * 6], flagged=[False, False]))
    assert org_client.post(url(event), board(other, [7] * 6, [3] * 6), **JSON).json()["saved"] is True


def test_a_disputed_result_is_shown_with_who_disputes_and_held_even_when_typed_as_sent(org_client, event):
    """The first player sends a 9 v 5 win, the second disputes it ("I had 6 in red"): the board says who disputes
    and why, and entering the disputed result itself is held once, since someone objects to it."""
    match = games(event)[0]
    sent = services.submit_result(match.first, match,
                                  services.ResultEntry.from_player(scores=[[9] * 6, [5] * 6], flagged=[False, False]))
    services.answer_submission(match.second, sent, agree=False, note="I had 6 in red")
    page = html.unescape(org_client.get(url(event)).content.decode())
    assert f"disputed by {match.second.name}: \u201cI had 6 in red\u201d" in page
    answer = org_client.post(url(event), board(match, [9] * 6, [5] * 6), **JSON).json()
    assert answer["saved"] is False
    assert (f"{match.second.name} disputes the result {match.first.name} sent, {match.first.name} wins, 9 v 5 in the "
            f"lowest colour ({match.first.name} 9 9 9 9 9 9, {match.second.name} 5 5 5 5 5 5): \u201cI had 6 in "
            "red\u201d. Check the slip, then press Enter again to save the result you typed.") in html.unescape(
        answer["row"])
    over = re.search(rf'name="t{match.table}-over" value="(\d+)"', answer["row"]).group(1)
    assert org_client.post(url(event), {**board(match, [9] * 6, [5] * 6), f"t{match.table}-over": over},
                           **JSON).json()["saved"] is True
