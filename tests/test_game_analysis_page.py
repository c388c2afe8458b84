"""The analysis on the replay page of a finished game (`docs/analysis.md`, "Where"), and its cache."""

import copy
import json
import re

import pytest
from django.core.cache import cache

from games import analysed
from games.analysed import analysis_of
from games.engine.analysis import UNTRACKED, Analysis, NotAnalysed, analyse
from games.engine.simulate import random_game
from games.score_chart import _y, rows, score_chart
from rooms import services as room_services
from rooms.models import Room
from tests.factories import make_event, matches, page_text, score_fields
from tests.rooms.helpers import START, arbiters_event, open_rooms, play_whole_game
from tournament.records import import_record
from tournament.tfile import parse

NAMES = ["Ann Able", "Zoë Ørsted"]


def finished_log(seed=2):
    return random_game(2, "mso", seed=seed, samples=60, names=NAMES)


def event_with(log, decision=None):
    match = {"first": 1, "second": 2, "status": "played", "scores": log.get("final") or [[0] * 6, [0] * 6],
             "flagged": [False, False]}
    if decision:
        match["decision"] = {"reason": "the room's server failed", "log": log}
    else:
        match["log"] = log
    return import_record(parse({
        "format": "ingenious-tournament/1", "settings": {"system": "swiss", "rounds": 1}, "name": "Analysis Cup",
        "players": [{"id": 1, "name": NAMES[0]}, {"id": 2, "name": NAMES[1]}],
        "rounds": [{"number": 1, "matches": [match]}],
    }))


def page_of(client, tournament):
    return page_of_url(client, f"/t/{tournament.slug}/round/1/table/1/")


def page_of_url(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_a_finished_game_shows_each_placements_rank_the_best_outlines_and_the_pictures(client):
    log = finished_log()
    expected = analyse(log)
    page = page_of(client, event_with(log))
    placements = len(expected.positions)
    # Each placement's best candidate drawn on the board, hidden until asked for.
    assert page.count('<g class="best" data-best=') == placements
    assert 'data-best="1" visibility="hidden"' in page
    # The moves table says each rank: "best" or "rank 4 of 212", as the analysis counted them.
    ranks = re.findall(r'<td class="small">(best|rank \d+ of \d+)', page)
    assert ranks == [p.rank_words for p in expected.positions]
    worse = next(p for p in expected.positions if not p.is_best)
    assert f"{worse.rank_words}; best {worse.best.words}" in page
    # Each player's "best found", the sentence on the reach, a picture and its table for each player.
    for name, figures in zip(NAMES, expected.players):
        assert f"<strong>{name}</strong>: best found: {figures.best_found} of {figures.positions}" in page
    assert "looks one placement ahead only" in page
    assert page.count('class="score-chart"') == 2
    assert 'id="scores-0"' in page and 'id="scores-1"' in page and 'aria-describedby="scores-0"' in page
    # The table holds the figures of the picture: a row for each of the player's placements.
    table = page.split('id="scores-1"')[1].split("</table>")[0]
    assert table.count('<th scope="row">') == expected.players[1].positions
    assert '"rank": "' in page  # the steps the viewer's script reads carry the rank


@pytest.mark.django_db
def test_a_game_ended_by_the_arbiters_decision_shows_no_analysis(client):
    log = finished_log()
    log["events"] = log["events"][:25]
    del log["final"]
    page = page_of(client, event_with(log, decision=True))
    assert 'id="analysis"' not in page and 'class="best"' not in page and '"rank"' not in page


@pytest.mark.django_db
def test_a_finished_game_without_tracked_racks_says_why_it_is_not_analysed(client):
    log = finished_log()
    log["events"] = [e for e in log["events"] if e["type"] != "draw"]
    page = page_of(client, event_with(log))
    assert 'id="analysis"' in page and "does not say which tiles each player held" in page
    assert 'class="score-chart"' not in page


def test_the_analysis_is_computed_once_per_log(monkeypatch):
    cache.clear()
    log = finished_log(seed=3)
    made = []
    monkeypatch.setattr(analysed, "analyse", lambda given: made.append(1) or analyse(given))
    first = analysis_of(log)
    again = analysis_of(copy.deepcopy(log))
    assert isinstance(first, Analysis) and again.to_json() == first.to_json() and len(made) == 1
    untracked = copy.deepcopy(log)
    untracked["events"] = [e for e in untracked["events"] if e["type"] != "draw"]
    assert analysis_of(untracked).code == UNTRACKED
    assert analysis_of(untracked).code == UNTRACKED and len(made) == 2  # the refusal is kept too


class FailingCache:
    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("the cache is down")
        return fail


def test_a_failing_cache_only_makes_it_slower(monkeypatch):
    monkeypatch.setattr(analysed, "cache", FailingCache())
    log = finished_log(seed=3)
    assert analysis_of(log).to_json() == analyse(log).to_json()
    assert isinstance(analysis_of({"format": "nonsense"}), NotAnalysed)


@pytest.mark.django_db
def test_the_organisers_and_arbiters_views_of_a_game_link_its_analysis(org_client, organiser):
    event = make_event("Linked Open", NAMES, organiser=organiser, publish_round_one=True)
    match = matches(event)[0]
    log = random_game(2, "mso", seed=2, samples=60, names=[match.first.name, match.second.name])
    response = org_client.post(f"/manage/{event.slug}/match/{match.pk}/",
                               {"status": "played", "version": 0, "log_text": json.dumps(log),
                                **score_fields([""] * 6, [""] * 6)})
    assert response.status_code == 302
    analysis = f'href="/t/{event.slug}/round/1/table/{match.table}/#analysis"'
    assert analysis in page_text(org_client.get(f"/manage/{event.slug}/match/{match.pk}/"))
    assert analysis in page_text(org_client.get(f"/manage/{event.slug}/audit/"))
    assert analysis in page_text(org_client.get(f"/t/{event.slug}/round/1/table/{match.table}/check/"))
    assert 'id="analysis"' in page_text(org_client.get(f"/t/{event.slug}/round/1/table/{match.table}/"))
    # A log pasted in the checker by hand has no game to link.
    assert "#analysis" not in page_text(org_client.post("/logs/check/", {"text": json.dumps(log)}))


@pytest.mark.django_db
def test_a_game_being_played_online_shows_no_analysis_until_it_is_over(client, people):
    event = arbiters_event(people)
    room = open_rooms(event)[0]
    match = matches(event)[0]
    replay = f"/t/{event.slug}/round/1/table/{match.table}/"
    midway = []

    def look_midway(now):
        if now == START + 8_000:  # a few placements made, the game going on
            seen = room_services.look(room.pk, None, at_ms=now).message
            midway.append((client.get(replay).status_code, "rank" in json.dumps(seen), seen["status"]))

    play_whole_game(room, match, seed=4, before_each=look_midway)
    assert midway == [(404, False, midway[0][2])] and midway[0][2] != "finished"  # no log, no replay, no analysis
    assert Room.objects.get(pk=room.pk).finished
    page = page_of_url(client, replay)
    assert 'id="analysis"' in page and "best found: " in page


def test_the_picture_draws_a_line_a_colour_and_marks_the_lowest_score():
    steps = [(1, 0, [[2, 0, 0, 0, 0, 0], [0] * 6]), (2, 1, [[2, 0, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0]]),
             (3, 0, [[2, 1, 1, 1, 1, 1], [0, 3, 0, 0, 0, 0]])]
    mine = rows(0, steps)
    assert [(r.placement, r.scores, r.lowest) for r in mine] == [(1, (2, 0, 0, 0, 0, 0), 0), (3, (2, 1, 1, 1, 1, 1), 1)]
    svg = score_chart("Ann Able", mine, 3, "scores-0")
    assert svg.count("<polyline") == 7  # six colours and the lowest
    lowest = re.search(r'class="lowest" points="([^"]+)"', svg)[1].split()
    assert [float(point.split(",")[1]) for point in lowest] == [round(_y(v), 1) for v in (0, 0, 1)]
    assert "the lowest at the end: 1 (orange, yellow, green, blue and purple)" in svg
