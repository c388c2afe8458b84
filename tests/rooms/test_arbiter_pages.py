"""The arbiter's online day through the organiser's pages (docs/online-event.md): the decision form, the start moved,
the round taken back with a confirmation, a game being played now on the result page and the grid, an unusual clock, the
venue screen after the final round, and two players of one name wherever the arbiter works."""

import html
import io
import json
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.engine.simulate import random_game
from rooms import services
from rooms.desk import arbiter, views as desk
from rooms.models import Room
from tests.factories import make_event, matches, score_fields, typable, typed
from tournament import services as tournament_services
from tournament.models import AuditEntry, Match, Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"]


@pytest.fixture
def online(people):
    """Round 1 of a 4-player online event, published to start in 30 minutes (two rooms, no clock running)."""
    tournament = make_event("Online Swiss", NAMES, organiser=people["org"], play="online", clock_s=600)
    tournament.arbiters.add(people["arb"])
    round_ = tournament_services.generate_round(tournament)
    tournament_services.publish_round(round_, starts_at=timezone.now() + timedelta(minutes=30))
    return tournament, Round.objects.get(pk=round_.pk)


def words(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def url(name, tournament, *args):
    return reverse(f"manage:{name}", args=[tournament.slug, *args])


def test_taking_an_online_round_back_asks_for_a_confirmation_first(online, client, people):
    tournament, round_ = online
    client.force_login(people["org"])
    page = client.get(url("round", tournament, 1)).content.decode()
    assert 'id="take-back"' in page and 'id="take-back-confirm"' in page  # its box to tick
    client.post(url("take_back", tournament, 1), {"back": "round"})
    round_.refresh_from_db()
    assert round_.status == Round.PUBLISHED and Room.objects.filter(match__round=round_).count() == 2
    client.post(url("take_back", tournament, 1), {"back": "round", "confirm": "on"})
    round_.refresh_from_db()
    assert round_.status == Round.DRAFT and not Room.objects.filter(match__round=round_).exists()


def test_the_round_page_moves_the_start_and_starts_it_now(online, client, people):
    tournament, round_ = online
    client.force_login(people["org"])
    later = typable(round_.starts_at + timedelta(minutes=10)).replace(microsecond=0)
    client.post(url("move_start", tournament, 1), {"starts_at": typed(later)})
    round_.refresh_from_db()
    assert round_.starts_at == later
    client.post(url("move_start", tournament, 1), {"starts_at": "", "now": "1"})
    round_.refresh_from_db()
    assert round_.starts_at <= timezone.now()
    assert {services.look(room.pk, None).message["status"] for room in Room.objects.all()} == {"playing"}
    page = client.get(url("round", tournament, 1)).content.decode()
    assert 'id="take-back"' not in page and 'id="move-start"' not in page  # the clocks run: neither is offered


def test_the_decision_form_offers_the_room_as_it_stands_and_decides_in_three_steps(online, client, people):
    tournament, round_ = online
    tournament_services.move_start(round_, None)  # the clocks run
    client.force_login(people["arb"])
    # Step 1: "End by decision…" from the desk.  Step 2: the reason.  Step 3: "As it stands".
    desk_page = client.get(url("desk", tournament, 1)).content.decode()
    decide_url = url("desk_decide", tournament, 1, 1)
    assert decide_url in desk_page
    form = client.get(decide_url)
    assert form.status_code == 200
    seq = int(re.search(r'name="seq" value="(\d+)"', form.content.decode()).group(1))
    assert 'name="s00" min="0" max="18" value="0"' in form.content.decode()
    answer = client.post(decide_url, {"seq": seq, "reason": "both players asked to stop", "how": "as-it-stands"})
    assert answer.status_code == 302
    match = matches(tournament)[0]
    assert match.status == Match.PLAYED and match.scores == [[0] * 6, [0] * 6]
    assert match.decision["reason"] == "both players asked to stop"


def test_a_decision_form_read_before_a_move_is_refused_and_shows_the_new_state(online, client, people):
    tournament, round_ = online
    tournament_services.move_start(round_, None)
    client.force_login(people["arb"])
    room = Room.objects.get(match__round=round_, match__table=1)
    seen = services.look(room.pk, 0).message
    seq_before = seen["seq"]
    services.move(room.pk, 0, "place", seq=seq_before, tile=seen["rack"][0], cells=seen["legal_pairs"][0])
    answer = client.post(url("desk_decide", tournament, 1, 1),
                         {"seq": seq_before, "reason": "dispute", "how": "as-it-stands"})
    assert answer.status_code == 409  # refused: the form again, with the room as it stands now to decide from
    now = answer.context["state"]["seq"]
    assert now > seq_before and f"(event {seq_before}, now event {now})" in answer.context["error"]
    assert "1 tile placed" in words(answer) and Match.objects.get(pk=room.match_id).status == Match.PENDING


def test_a_result_for_a_game_being_played_now_is_saved_only_once_confirmed(online, client, people):
    tournament, round_ = online
    tournament_services.move_start(round_, None)  # the clocks run: before, the dashboard says when they start
    client.force_login(people["arb"])
    match = matches(tournament)[0]
    dashboard = client.get(url("dashboard", tournament))
    assert [row["live"] for row in dashboard.context["matches"] if row["match"] == match] == [True]
    fields = {"status": "played", "version": match.version, **score_fields([5, 6, 7, 8, 9, 10], [3, 4, 5, 6, 7, 8])}
    refused = client.post(url("match", tournament, match.pk), fields)
    assert "saving a result ends it" in words(refused)
    assert Match.objects.get(pk=match.pk).status == Match.PENDING
    client.post(url("match", tournament, match.pk), {**fields, "ends_game": "on"})
    match.refresh_from_db()
    assert match.status == Match.PLAYED and match.decision["reason"] == "result entered on the result form"
    assert Room.objects.get(match=match).finished


def test_the_results_grid_offers_no_boxes_for_a_game_being_played_now(online, client, people):
    tournament, round_ = online
    client.force_login(people["arb"])
    before = words(client.get(url("results_grid", tournament, 1)))
    tournament_services.move_start(round_, None)
    page = client.get(url("results_grid", tournament, 1)).content.decode()
    assert "starts at" in before and "being played now" not in before
    assert 'name="t1-first_R"' not in page and "being played now" in page and "starts at" not in page
    client.post(url("results_grid", tournament, 1), {"table": "1", "t1-status": "played", "t1-version": "0",
                                                     **{f"t1-{k}": v for k, v in score_fields([5] * 6, [3] * 6).items()}})
    assert Match.objects.get(round=round_, table=1).status == Match.PENDING


@pytest.mark.parametrize("clock_s, asks", [(10, True), (59, True), (60, False), (3_600, False), (3_601, True)])
def test_an_unusual_clock_is_saved_only_once_confirmed(org_client, clock_s, asks):
    fields = {"name": f"Clock {clock_s}", "system": "swiss", "rounds_announced": 3, "bye_half_points": 2,
              "progressive": "sum", "clock_s": clock_s, "late_entry_half_points": 0}
    org_client.post("/manage/new/", fields)
    assert Tournament.objects.filter(name=f"Clock {clock_s}").exists() is not asks
    if asks:
        org_client.post("/manage/new/", {**fields, "confirm_clock": "on"})
        assert Tournament.objects.get(name=f"Clock {clock_s}").clock_s == clock_s


def test_the_venue_screen_opens_on_the_final_standings_after_the_last_round(people, client):
    tournament = make_event("Short Swiss", NAMES, organiser=people["org"], system="swiss", rounds_announced=1,
                            publish_round_one=True)
    round_ = tournament.rounds.get(number=1)
    before = client.get(reverse("tournament:screen", args=[tournament.slug])).content.decode()
    assert re.search(r'data-kind="(\w+)"', before).group(1) == "pairings"
    for match in matches(tournament):
        tournament_services.enter_result(match, tournament_services.ResultEntry.forfeit(match.first))
    tournament_services.close_round(round_)
    after = client.get(reverse("tournament:screen", args=[tournament.slug])).content.decode()
    assert re.search(r'data-kind="(\w+)"', after).group(1) == "standings"


# -- two players of one name -----------------------------------------------------------------------------------


@pytest.fixture
def smiths(people):
    tournament = tournament_services.create_tournament("Smith Open", people["org"], play="online", clock_s=600, system="swiss",
                                                       rounds_announced=3)
    for name, club in (("Sam Smith", "Oxford"), ("Sam Smith", "York"), ("Ann Able", ""), ("Ben Baker", "")):
        tournament_services.add_player(tournament, name, club=club, duplicate_ok=True)
    tournament.arbiters.add(people["arb"])
    return tournament


def no_bare_smith(text: str) -> None:
    assert "Sam Smith (Oxford)" in text and "Sam Smith (York)" in text
    assert not re.search(r"Sam Smith(?! \((Oxford|York)\))", text), text


def test_two_players_of_one_name_are_told_apart_where_the_arbiter_works(smiths, client, people):
    round_ = tournament_services.generate_round(smiths)
    tournament_services.publish_round(round_)
    rows = desk.desk_rows(round_)
    no_bare_smith(" ".join(" ".join(r["players"]) + " " + r["turn"] for r in rows))
    live = client.get(reverse("tournament:live_boards", args=[smiths.slug, 1])).json()
    no_bare_smith(" ".join(" ".join(r["players"]) for r in live["rows"]))
    for match in matches(smiths):  # each Sam Smith wins a forfeit
        smith = match.first if match.first.name == "Sam Smith" else match.second
        tournament_services.enter_result(match, tournament_services.ResultEntry.forfeit(smith), user=people["arb"])
    won_by = [e.after["won by"] for e in AuditEntry.objects.filter(action="result entered")]
    # (round 1's draw may also seat the two Sam Smiths at one table)
    assert any(name in ("Sam Smith (Oxford)", "Sam Smith (York)") for name in won_by) and "Sam Smith" not in won_by
    # Round 2's draft: its reasons name who plays first ("Sam Smith (York) plays first: ..."), never a bare name.
    tournament_services.close_round(round_)
    reasons = " ".join(m.reason for m in tournament_services.generate_round(smiths).matches.all())
    assert "plays first" in reasons and not re.search(r"Sam Smith(?! \((Oxford|York)\))", reasons), reasons
    out = io.StringIO()
    call_command("standings", smiths.slug, stdout=out)
    no_bare_smith(out.getvalue())
    out = io.StringIO()
    call_command("player_links", smiths.slug, stdout=out)
    no_bare_smith(out.getvalue())


def test_the_audit_of_the_seed_order_and_of_a_logs_names_tells_two_players_of_one_name_apart(people):
    """Found running the 8-player event by hand: the audit's "entries closed" listed "2: Sam Smith; 3: Sam Smith",
    and a room's result "Sam Smith is Sam Smith"."""
    smiths = tournament_services.create_tournament("Smith Night", people["org"], system="swiss", clock_s=600)
    for club in ("Oxford", "York"):
        tournament_services.add_player(smiths, "Sam Smith", club=club, duplicate_ok=True)
    round_ = tournament_services.generate_round(smiths)  # closes the entries: the seed order before and after
    closed = AuditEntry.objects.get(action="entries closed")
    no_bare_smith(" ".join(closed.before["seeds"]))
    no_bare_smith(" ".join(closed.after["seeds"]))
    tournament_services.publish_round(round_)
    match = matches(smiths)[0]
    log = random_game(2, "mso", seed=11, names=["smith_1", "smith_2"])  # a platform's user names
    tournament_services.enter_result(match, tournament_services.ResultEntry.typed(
        log_text=json.dumps(log), log_names_are_players=True), user=people["org"])
    entered = AuditEntry.objects.get(action="result entered").after["log names"]
    assert entered == f"smith_1 is Sam Smith ({match.first.club}), smith_2 is Sam Smith ({match.second.club})"


def test_the_game_viewer_tells_two_players_of_one_name_apart(people, client):
    """Found running the 8-player event by hand: the viewer of Sam Smith (Oxford) v Dan Dale said "Sam Smith v Dan
    Dale", "Sam Smith played first", and named each placement's player "Sam Smith"."""
    smiths = tournament_services.create_tournament("Smith Night", people["org"], system="swiss", clock_s=600)
    for club in ("Oxford", "York"):
        tournament_services.add_player(smiths, "Sam Smith", club=club, duplicate_ok=True)
    tournament_services.publish_round(tournament_services.generate_round(smiths))
    match = matches(smiths)[0]
    log = random_game(2, "mso", seed=11, names=["Sam Smith", "Sam Smith"])  # the log names them as entered
    tournament_services.enter_result(match, tournament_services.ResultEntry.typed(log_text=json.dumps(log)),
                                     user=people["org"])
    viewer = words(client.get(reverse("tournament:game", args=[smiths.slug, 1, 1])))
    no_bare_smith(viewer)
    assert f"Sam Smith ({match.first.club}) v Sam Smith ({match.second.club})" in viewer


def test_a_forfeit_sent_after_the_absent_players_flag_fell_goes_back_to_the_desk_saying_nothing_was_decided(
        online, client, people, monkeypatch):
    """Found running the 8-player event by hand: a no-show's clock ran out while the arbiter typed the reason; the
    form came back with "the game is over" and every button of it still offered."""
    tournament, round_ = online
    tournament_services.move_start(round_, None)  # now
    client.force_login(people["arb"])
    room = Room.objects.get(match__round=round_, match__table=1)
    seen = services.look(room.pk, 0).message
    services.move(room.pk, 0, "place", seq=seen["seq"], tile=seen["rack"][0], cells=seen["legal_pairs"][0])
    later = services.now_ms() + 601_000  # the second player, who never came, has run out of their 600 s since
    monkeypatch.setattr(services, "now_ms", lambda: later)
    monkeypatch.setattr(arbiter, "now_ms", lambda: later)
    answer = client.post(url("desk_decide", tournament, 1, 1), {"seq": 0, "reason": "no-show", "how": "forfeit-1"})
    assert answer.status_code == 302 and answer["Location"] == url("desk", tournament, 1)
    desk_page = words(client.get(answer["Location"]))
    assert "Table 1: the game is over, nothing was decided; its result is on the result form." in desk_page
    assert not AuditEntry.objects.filter(action="forfeit for an absent player").exists()
