"""The arbiter's desk over a round's game rooms (docs/online-play.md, "The arbiter").

Clocks are read on a fake server clock (the services take `at_ms`); the pages
run on the real one, so their rooms start around the real now.
"""

import pytest
from django.urls import reverse

from rooms import services
from rooms.desk import arbiter, views as desk
from rooms.game.referee import Refused
from tests.factories import make_event, matches, played_form
from tests.rooms.helpers import START, seeded
from tournament.models import AuditEntry, Match

pytestmark = pytest.mark.django_db

@pytest.fixture
def event(people):
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"],
                            organiser=people["org"], publish_round_one=True, clock_s=60)
    tournament.arbiters.add(people["arb"])
    return tournament


def open_rooms(tournament, starts, at_ms):
    """A room for each game of round 1, table 1 starting at starts[0], table 2 at starts[1]."""
    return [services.open_room(match, start, at_ms=at_ms, draw=seeded(match.table))
            for match, start in zip(matches(tournament), starts)]


def desk_url(tournament, what="desk"):
    return reverse(f"manage:{what}", args=[tournament.slug, 1])


def row(rows, table):
    return next(r for r in rows if r["table"] == table)


def test_the_desk_lists_every_room_with_its_status_clocks_scores_and_placements(event):
    one, two = open_rooms(event, [START, START + 600_000], at_ms=START)
    first = matches(event)[0]
    # Table 1: the first player's clock runs from START; 12.345 s gone leaves 47.655 s, shown rounded up.
    rows = desk.desk_rows(event.rounds.get(number=1), at_ms=START + 12_345)
    assert [r["table"] for r in rows] == [1, 2]
    assert row(rows, 1)["status"] == "playing"
    assert row(rows, 1)["clocks"] == ["0:48", "1:00"]
    assert row(rows, 1)["turn"] == first.first.name
    assert row(rows, 1)["players"] == [first.first.name, first.second.name]
    assert row(rows, 1)["placements"] == 0 and row(rows, 1)["lowest"] == [0, 0]
    # Table 2 starts ten minutes later: no clock runs, nobody's turn.
    assert row(rows, 2)["status"] == "waiting" and row(rows, 2)["status_text"] == "waiting for the start"
    assert row(rows, 2)["clocks"] == ["1:00", "1:00"] and row(rows, 2)["turn"] == ""

    seen = services.look(one.pk, 0, at_ms=START + 12_345).message
    services.move(one.pk, 0, "place", seq=seen["seq"], tile=seen["rack"][0], cells=seen["legal_pairs"][0],
                  at_ms=START + 12_345)
    rows = desk.desk_rows(event.rounds.get(number=1), at_ms=START + 13_000)
    assert row(rows, 1)["placements"] == 1
    # One tile scores at most two colours: each player's lowest colour is still 0.
    assert row(rows, 1)["lowest"] == [0, 0]


def test_an_arbiter_pauses_and_resumes_one_room_and_its_clocks_stand_still(event, people):
    one, two = open_rooms(event, [START, START], at_ms=START)
    arbiter.pause(one.pk, people["arb"], "a player's connection", at_ms=START + 20_000)
    # A minute later the 60 s clock would have run out: paused, it still shows 40 s; the other room ran on.
    paused = services.look(one.pk, None, at_ms=START + 80_000).message
    assert paused["status"] == "paused" and paused["clocks_ms"] == [40_000, 60_000]
    assert services.look(two.pk, None, at_ms=START + 30_000).message["clocks_ms"] == [30_000, 60_000]
    with pytest.raises(Refused) as refused:
        seen = services.look(one.pk, 0, at_ms=START + 80_000).message
        services.move(one.pk, 0, "place", seq=seen["seq"], tile=seen["rack"][0], cells=[[0, 0], [1, 0]],
                      at_ms=START + 80_000)
    assert refused.value.code == "paused"
    arbiter.resume(one.pk, people["arb"], "connection back", at_ms=START + 80_000)
    assert services.look(one.pk, None, at_ms=START + 85_000).message["clocks_ms"] == [35_000, 60_000]
    actions = list(AuditEntry.objects.filter(subject="Round 1, table 1").values_list("action", "after"))
    assert ("game paused", {"reason": "a player's connection"}) in actions
    assert ("game resumed", {"reason": "connection back"}) in actions


def test_the_whole_round_pauses_and_resumes_at_once_skipping_a_finished_game(event, people):
    one, two = open_rooms(event, [START, START + 100_000], at_ms=START)
    round_one = event.rounds.get(number=1)
    # Table 1: nobody places a tile, both clocks run out (60 s each): over, both absent.
    services.settle(one.pk, at_ms=START + 120_001)
    assert arbiter.pause_round(round_one, people["arb"], "fire alarm", at_ms=START + 130_000) == 1
    # Table 2 started at START + 100 s: 30 s used, and its clock stands at 30 s however long the pause.
    assert services.look(two.pk, None, at_ms=START + 900_000).message["clocks_ms"] == [30_000, 60_000]
    assert services.look(two.pk, None, at_ms=START + 900_000).message["status"] == "paused"
    assert services.look(one.pk, None, at_ms=START + 900_000).message["status"] == "finished"
    assert arbiter.pause_round(round_one, people["arb"], "again", at_ms=START + 200_000) == 0
    assert arbiter.resume_round(round_one, people["arb"], "all clear", at_ms=START + 900_000) == (1, [])
    assert services.look(two.pk, None, at_ms=START + 904_000).message["clocks_ms"] == [26_000, 60_000]
    assert list(AuditEntry.objects.filter(action__in=["game paused", "game resumed"]).order_by("pk").values_list(
        "subject", "action", "after")) == [("Round 1, table 2", "game paused", {"reason": "fire alarm"}),
                                          ("Round 1, table 2", "game resumed", {"reason": "all clear"})]


def test_a_round_pause_skips_a_room_whose_flag_falls_as_it_is_paused(event, people):
    one, two = open_rooms(event, [START, START], at_ms=START)
    # Nobody has settled either room since the start: at 121 s both are over by their flags.
    assert arbiter.pause_round(event.rounds.get(number=1), people["arb"], "late", at_ms=START + 121_000) == 0
    assert not AuditEntry.objects.filter(action="game paused").exists()


def test_a_round_pause_needs_a_reason_and_changes_nothing_without_one(event, people):
    one, two = open_rooms(event, [START, START], at_ms=START)
    with pytest.raises(Refused) as refused:
        arbiter.pause_round(event.rounds.get(number=1), people["arb"], "  ", at_ms=START + 1_000)
    assert refused.value.code == "reason"
    assert not AuditEntry.objects.filter(action="game paused").exists()


def test_the_desk_page_for_an_arbiter_pauses_and_resumes_through_its_forms(event, people, client):
    now = services.now_ms()
    open_rooms(event, [now - 1_000, now + 600_000], at_ms=now - 1_000)
    client.force_login(people["arb"])
    page = client.get(desk_url(event))
    assert page.status_code == 200
    text = page.content.decode()
    assert "waiting for the start" in text and ">playing<" in text
    for table in (1, 2):
        assert reverse("tournament:room_spectate", args=[event.slug, 1, table]) in text
    assert reverse("manage:desk_decide", args=[event.slug, 1, 1]) in text
    assert 'src="/static/rooms/desk.js"' in text and "<script>" not in text

    # No reason: nothing paused.
    client.post(desk_url(event, "desk_act"), {"action": "pause", "table": "1", "reason": ""})
    assert not matches(event)[0].room.paused
    client.post(desk_url(event, "desk_act"), {"action": "pause", "table": "1", "reason": "toilet break"})
    state = client.get(desk_url(event, "desk_state")).json()
    assert [r["status"] for r in state["rows"]] == ["paused", "waiting"]
    assert state["counts"]["paused"] == 1
    client.post(desk_url(event, "desk_act"), {"action": "pause", "reason": "fire alarm"})
    assert [r["status"] for r in client.get(desk_url(event, "desk_state")).json()["rows"]] == ["paused", "paused"]
    # "Resume every game" resumes what the round's pause stopped: table 1, paused on its own before, stays paused.
    answer = client.post(desk_url(event, "desk_act"), {"action": "resume", "reason": "all clear"}, follow=True)
    assert [r["status"] for r in client.get(desk_url(event, "desk_state")).json()["rows"]] == ["paused", "waiting"]
    assert "Table 1 stays paused" in answer.content.decode()


@pytest.mark.parametrize("what", ["desk", "desk_state"])
def test_a_player_or_a_visitor_may_not_see_the_desk(event, people, client, django_user_model, what):
    open_rooms(event, [START, START], at_ms=START)
    anonymous = client.get(desk_url(event, what))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    client.force_login(django_user_model.objects.create_user("a_player"))
    assert client.get(desk_url(event, what)).status_code == 403
    log = reverse("manage:room_log", args=[event.slug, 1, 1])
    assert client.get(log).status_code == 403


def test_a_stranger_may_not_pause_a_room(event, people, client, django_user_model):
    one, _ = open_rooms(event, [START, START], at_ms=START)
    client.force_login(people["other_org"])
    response = client.post(desk_url(event, "desk_act"), {"action": "pause", "table": "1", "reason": "mischief"})
    assert response.status_code == 403
    one.refresh_from_db()
    assert not one.paused


def test_a_result_entered_by_the_arbiter_ends_the_game_by_decision(event, people, client):
    now = services.now_ms()
    one, two = open_rooms(event, [now - 5_000, now - 5_000], at_ms=now - 5_000)
    client.force_login(people["arb"])
    client.post(desk_url(event, "desk_act"), {"action": "pause", "table": "1", "reason": "player taken ill"})
    client.post(desk_url(event, "desk_act"), {"action": "resume", "table": "1", "reason": "back, for now"})
    # The log so far is there for the arbiter beside the result form: both starting racks drawn.
    log = client.get(reverse("manage:room_log", args=[event.slug, 1, 1])).json()
    assert [e["type"] for e in log["events"]] == ["draw", "draw"]

    match = Match.objects.get(pk=one.match_id)
    form = client.get(reverse("manage:match", args=[event.slug, match.pk])).content.decode()
    assert "still playing" in form and reverse("manage:room_log", args=[event.slug, 1, 1]) in form
    response = client.post(reverse("manage:match", args=[event.slug, match.pk]),
                           {**played_form(match, [5, 6, 7, 8, 9, 10], [3, 4, 5, 6, 7, 8]), "ends_game": "on"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.PLAYED and match.scores == [[5, 6, 7, 8, 9, 10], [3, 4, 5, 6, 7, 8]]
    one.refresh_from_db()
    assert one.finished
    seen = services.look(one.pk, 0).message
    assert seen["status"] == "finished" and seen["outcome"]["decided"]
    with pytest.raises(Refused) as refused:
        services.move(one.pk, 0, "place", seq=seen["seq"], tile=seen["rack"][0], cells=[[0, 0], [1, 0]])
    assert refused.value.code == "after-end"
    # The other room plays on; the desk shows the decided one finished with the arbiter's result.
    assert services.look(two.pk, None).message["status"] == "playing"
    rows = client.get(desk_url(event, "desk_state")).json()["rows"]
    assert row(rows, 1)["status"] == "finished" and row(rows, 1)["decided"]
    assert row(rows, 1)["result"] == f"{match.first.name} 1–0 {match.second.name}"
    actions = list(AuditEntry.objects.filter(subject="Round 1, table 1").order_by("pk").values_list("action", "who"))
    assert actions == [("game paused", "arb"), ("game resumed", "arb"), ("result entered", "arb"),
                       ("game ended by decision", "arb")]


def test_a_game_the_room_finished_itself_is_not_decided_again(event, people):
    one, _ = open_rooms(event, [START, START], at_ms=START)
    # Nobody placed a tile: both run out of time, a forfeit the room writes itself.
    services.settle(one.pk, at_ms=START + 120_001)
    match = Match.objects.get(pk=one.match_id)
    assert match.status == Match.FORFEIT
    assert not AuditEntry.objects.filter(action="game ended by decision").exists()
    assert arbiter.end_by_decision(one.pk, people["arb"], at_ms=START + 130_000) is False


def test_the_dashboard_links_the_desk_and_the_public_round_page_the_live_boards(people, client):
    online = make_event("Online Open", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], organiser=people["org"],
                        publish_round_one=True, clock_s=60, play="online")
    over_the_board = make_event("Table Open", ["Ann Able", "Ben Baker"], organiser=people["org"],
                                publish_round_one=True)
    client.force_login(people["org"])
    assert desk_url(online) in client.get(reverse("manage:dashboard", args=[online.slug])).content.decode()
    assert desk_url(over_the_board) not in \
        client.get(reverse("manage:dashboard", args=[over_the_board.slug])).content.decode()
    client.logout()
    page = client.get(reverse("tournament:detail", args=[online.slug])).content.decode()
    assert [reverse("tournament:room_spectate", args=[online.slug, 1, table]) in page for table in (1, 2)] == [True, True]
    assert "/watch/" not in client.get(reverse("tournament:detail", args=[over_the_board.slug])).content.decode()
