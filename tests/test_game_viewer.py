"""The game viewer page and the timeline it steps through."""

import pytest

from games.engine.simulate import random_game
from games.engine.timeline import timeline
from tournament.records import import_record
from tournament.tfile import parse


def game_with_flag():
    log = random_game(2, "mso", seed=5, names=["Ann Able", "Zoë Ørsted"], flag_chance=0.02)
    flags = [i for i, e in enumerate(log["events"]) if e["type"] == "flag"]
    assert flags, "the seed is chosen to have a flag"
    return log


def test_timeline_steps_are_the_placements_with_running_scores():
    log = game_with_flag()
    line = timeline(log)
    placements = [e for e in log["events"] if e["type"] == "place"]
    assert [s.tile for s in line.steps] == [e["tile"] for e in placements]
    assert line.steps[-1].scores == tuple(tuple(row) for row in log["final"])
    # Scores never go down from one placement to the next.
    for before, after in zip(line.steps, line.steps[1:]):
        assert all(a >= b for rb, ra in zip(before.scores, after.scores) for b, a in zip(rb, ra))
    # The flag is attached to the first placement after it.
    flag_index = next(i for i, e in enumerate(log["events"]) if e["type"] == "flag")
    placed_before = sum(1 for e in log["events"][:flag_index] if e["type"] == "place")
    flagged_step = next(s for s in line.steps if s.flags_before)
    assert flagged_step.number == placed_before + 1


@pytest.mark.django_db
def test_viewer_page_draws_every_placed_hex_and_the_flag(client):
    log = game_with_flag()
    tournament = tournament_with(log)
    response = client.get(f"/t/{tournament.slug}/round/1/table/1/")
    page = response.content.decode()
    placements = sum(1 for e in log["events"] if e["type"] == "place")
    assert page.count('class="placed"') == 2 * placements
    assert page.count('class="start"') == 6  # the six printed start symbols
    # Every cell of the 2-player area but the six start symbols has an empty hex drawn,
    # under the placed ones too, so stepping back shows an empty board, not a hole.
    assert page.count('fill="#f6f1e7"') == 91 - 6
    flags_before = {}  # placement number -> the players whose flag fell just before it (none after the last)
    for index, event in enumerate(log["events"]):
        placed_before = sum(1 for e in log["events"][:index] if e["type"] == "place")
        if event["type"] == "flag" and placed_before < placements:
            flags_before.setdefault(placed_before + 1, []).append(event["player"])
    assert [(s["n"], s["flags"]) for s in response.context["steps"] if s["flags"]] == sorted(flags_before.items())
    for number in flags_before:
        assert f"ran out of time before placement {number}." in page
    assert 'id="step"' in page and f'max="{placements}"' in page
    pairings = client.get(f"/t/{tournament.slug}/round/1/").content.decode()
    assert "view game" in pairings
    assert client.get(f"/t/{tournament.slug}/round/1/table/2/").status_code == 404
    assert client.get(f"/t/{tournament.slug}/round/3/table/1/").status_code == 404


def tournament_with(log):
    file = {
        "format": "ingenious-tournament/1",
        "settings": {"system": "swiss", "rounds": 1},
        "name": "Clock Cup",
        "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "Zoë Ørsted"}],
        "rounds": [{"number": 1, "matches": [{
            "first": 1, "second": 2, "status": "played", "scores": log["final"],
            "flagged": [any(e["type"] == "flag" and e["player"] == p for e in log["events"]) for p in (0, 1)],
            "log": log,
        }]}],
    }
    return import_record(parse(file))


def test_timeline_steps_carry_the_clock_readings():
    log = random_game(2, "mso", seed=5, names=["Ann Able", "Zoë Ørsted"], clock=True)
    line = timeline(log)
    readings = [e.get("clock_s") for e in log["events"] if e["type"] == "place"]
    assert [s.clock_s for s in line.steps] == readings and None not in readings
    assert line.clock_s == 600
    assert all(s.clock_s is None for s in timeline(random_game(2, "mso", seed=5)).steps)


@pytest.mark.django_db
def test_viewer_shows_each_placements_clock_reading(client):
    log = random_game(2, "mso", seed=5, names=["Ann Able", "Zoë Ørsted"], clock=True)
    # Readings on some placements only: the others show nothing.
    places = [e for e in log["events"] if e["type"] == "place"]
    del places[1]["clock_s"]
    tournament = tournament_with(log)
    page = client.get(f"/t/{tournament.slug}/round/1/table/1/").content.decode()
    assert "<th>Clock left</th>" in page and "600 s per player" in page
    first = places[0]["clock_s"]
    assert f'<td class="clock">{first // 60}:{first % 60:02d}</td>' in page
    assert page.count('<td class="clock"></td>') == 1
    assert '<script src="/static/tournament/game.js" defer></script>' in page
    # The stepper's text says it too (its script is a static file, for the Content-Security-Policy).
    assert "left on the clock" in b"".join(client.get("/static/tournament/game.js").streaming_content).decode()


@pytest.mark.django_db
def test_viewer_without_readings_has_no_clock_column(client):
    tournament = tournament_with(random_game(2, "mso", seed=5, names=["Ann Able", "Zoë Ørsted"]))
    page = client.get(f"/t/{tournament.slug}/round/1/table/1/").content.decode()
    assert "Clock left" not in page and 'class="clock"' not in page
