"""The organiser's pages under /manage/: the whole path of a tournament, who may use them, bad input."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape

from games.engine import check_text
from games.engine.simulate import random_game
from tournament import services
from tournament.models import ExcusedAbsence, Match, Player, Round, Submission, Tournament
from tournament.records import record_of
from tournament.tfile import dump, parse

from tests.factories import field_errors, make_event, messages_of, page_text, played_form, refusal, score_fields
from tests.tournament.test_roles_and_links import event_day

pytestmark = pytest.mark.django_db

CSV_NINE = "name,rating,club\n" + "\n".join(
    f"{name},{rating},{club}"
    for name, rating, club in [
        ("Ben Baker", 1900, "Oxford"), ("Cy Cole", 1850, ""), ("Di Dunn", 1800, "Leeds"),
        ("Ed Eng", 1750, ""), ("Fay Fox", "", "York"), ("Gus Gill", 1650, ""),
        ("Hal Hume", "", ""), ("Ivy Ives", 1550, "Bath"), ("Jo Jones", 1500, ""),
    ]
) + "\n"


def input_tag(html: str, name: str) -> str:
    """The first <input> named `name` in a page."""
    return re.search(rf'<input[^>]*name="{name}"[^>]*>', html).group(0)


# --- the whole path -------------------------------------------------------------------------------


def test_an_organiser_runs_two_rounds_from_the_pages(org_client, organiser):
    client = org_client
    assert "New tournament" in page_text(client.get("/manage/"))
    assert 'href="/manage/"' in page_text(client.get("/"))  # the top bar's "Organiser" link

    response = client.post("/manage/new/", {
        "name": "Club Night", "system": "swiss", "rounds_announced": 5, "bye_half_points": 2,
        "progressive": "sum", "clock_s": 600, "late_entry_half_points": 1,
    })
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response.url == f"/manage/{tournament.slug}/"
    assert organiser in tournament.organisers.all()
    assert (tournament.system, tournament.rounds_announced, tournament.late_entry_half_points) == ("swiss", 5, 1)
    base = response.url

    response = client.post(base + "players/add/", {"name": "Ann Able", "rating": 2100, "club": "Bath"}, follow=True)
    assert "Ann Able is entered" in page_text(response) and tournament.players.count() == 1

    bad = SimpleUploadedFile("players.csv", b"name,rating,club\nBen Baker,1900,\nCy Cole,strong,\n")
    response = client.post(base + "players/import/", {"file": bad})
    assert response.status_code == 200
    assert "Line 3, rating:" in page_text(response)  # the line and field; the words are test_actions'
    assert tournament.players.count() == 1  # all lines or none

    response = client.post(base + "players/import/", {"file": SimpleUploadedFile("p.csv", CSV_NINE.encode())})
    assert response.status_code == 302 and tournament.players.count() == 10

    response = client.post(base + "pair/")
    round_one = tournament.rounds.get(number=1)
    assert response.url == f"{base}round/1/" and round_one.status == Round.DRAFT
    draft = page_text(client.get(response.url))
    for match in round_one.matches.all():
        assert match.reason and escape(match.reason) in draft
    assert "Publish round 1" in draft

    client.post(base + "round/1/publish/")
    round_one.refresh_from_db()
    assert round_one.status == Round.PUBLISHED
    assert "Close round 1" in page_text(client.get(base))

    tables = list(round_one.matches.select_related("first", "second").order_by("table"))
    assert len(tables) == 5
    normal, out_of_time, from_log, forfeit, last = tables

    response = client.post(f"{base}match/{normal.pk}/", played_form(normal, [9] * 6, [3] * 6))
    assert response.status_code == 302 and response.url == base
    notes = page_text(client.get(base))
    assert f"table 1: {escape(normal.first.name)} 1–0 {escape(normal.second.name)} (saved)" in notes
    normal.refresh_from_db()
    assert normal.status == Match.PLAYED and normal.scores == [[9] * 6, [3] * 6] and normal.entered_by == organiser

    client.post(f"{base}match/{out_of_time.pk}/",
                played_form(out_of_time, [5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18], second_flagged="on"))
    out_of_time.refresh_from_db()
    assert out_of_time.second_flagged and not out_of_time.first_flagged

    log = json.dumps(random_game(2, "mso", seed=7, names=[from_log.first.name, from_log.second.name]))
    response = client.post(f"{base}match/{from_log.pk}/",
                           {"status": "played", "version": 0, "log_text": log, **score_fields([""] * 6, [""] * 6)})
    assert response.status_code == 302
    from_log.refresh_from_db()
    report = check_text(log)
    assert from_log.log == json.loads(log) and from_log.scores == report.scores
    assert [from_log.first_flagged, from_log.second_flagged] == report.flagged

    response = client.post(f"{base}match/{forfeit.pk}/", {"status": "forfeit", "present": "first", "version": 0})
    assert response.status_code == 302
    forfeit.refresh_from_db()
    assert forfeit.status == Match.FORFEIT and forfeit.forfeit_winner == forfeit.first

    response = client.post(base + "round/1/close/", follow=True)  # one match still to come
    assert "1 match without a result" in page_text(response)
    assert tournament.rounds.get(number=1).status == Round.PUBLISHED

    client.post(f"{base}match/{last.pk}/", played_form(last, [2] * 6, [3] * 6))

    # A second entry shows the result on record and does not overwrite it without the tick.
    shown = page_text(client.get(f"{base}match/{normal.pk}/"))
    assert "Result on record" in shown and "Correct this result" in shown
    assert escape(services.result_summary(normal)) in shown
    response = client.post(f"{base}match/{normal.pk}/", played_form(normal, [1] * 6, [2] * 6))
    assert response.status_code == 200 and "tick &#x27;Correct this result&#x27;" in page_text(response)
    normal.refresh_from_db()
    assert normal.scores == [[9] * 6, [3] * 6] and normal.version == 1

    client.post(base + "round/1/close/")
    round_one.refresh_from_db()
    assert round_one.status == Round.COMPLETE

    response = client.post(base + "pair/")
    round_two = tournament.rounds.get(number=2)
    assert response.url == f"{base}round/2/" and round_two.status == Round.DRAFT
    assert "breaks no pairing rule" in page_text(client.get(response.url))

    # Swap a player's round-2 opponent for the one met in round 1: the draft warns of the rematch.
    met = {}
    for match in round_one.matches.filter(status=Match.PLAYED):
        met[match.first_id], met[match.second_id] = match.second, match.first
    table = next(m for m in round_two.matches.select_related("first", "second") if m.first_id in met)
    rematch_with = met[table.first_id]
    response = client.post(base + "round/2/swap/", {"player_a": table.second_id, "player_b": rematch_with.pk},
                           follow=True)
    shown = page_text(response)
    assert "have swapped places" in shown
    # The rematch at the swapped table is named on the page (its words: event_day/test_draft_check).
    breaches = services.check_round(round_two).absolute
    assert table.table in [b.table for b in breaches] and all(escape(b.text) in shown for b in breaches)
    table.refresh_from_db()
    assert table.second_id == rematch_with.pk and table.reason == "edited by the organiser"

    client.post(base + "round/2/delete/")
    assert not tournament.rounds.filter(number=2).exists()

    client.post(base + "pair/")
    client.post(base + "round/2/publish/")
    assert tournament.rounds.get(number=2).status == Round.PUBLISHED


def test_withdraw_defaults_to_the_latest_round(org_client, organiser):
    tournament = make_event("Withdrawals", ["Ann", "Ben", "Cy", "Di"], organiser=organiser, system="swiss",
                            publish_round_one=True)
    ann = tournament.players.get(name="Ann")
    shown = page_text(org_client.get(f"/manage/{tournament.slug}/"))
    assert 'value="1"' in input_tag(shown, "after_round")
    response = org_client.post(f"/manage/{tournament.slug}/players/{ann.number}/withdraw/", {"after_round": "-1"})
    assert response.status_code == 200 and "After round:" in page_text(response)
    services.excuse_player(ann, 2)
    services.excuse_player(ann, 3)
    done = org_client.post(f"/manage/{tournament.slug}/players/{ann.number}/withdraw/", {"after_round": "1"},
                           follow=True)
    ann.refresh_from_db()
    assert ann.withdrawn_after_round == 1
    assert not ExcusedAbsence.objects.filter(player=ann).exists()  # rounds 2 and 3: after the withdrawal
    assert "rounds 2 and 3 are cancelled" in page_text(done)


# --- who may use the pages ----------------------------------------------------------------------------


@pytest.fixture
def running(organiser):
    """A tournament with round 1 published, one result in, and a stray draft elsewhere to aim at."""
    tournament = make_event("Guarded Open", ["Ann", "Ben", "Cy", "Di", "Ed"], organiser=organiser, system="swiss",
                            publish_round_one=True)
    match = tournament.rounds.get(number=1).matches.exclude(status=Match.BYE).first()
    services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]))
    return tournament


def requests_for(tournament):
    """Every manage URL, with a POST body that would change something if it were let through."""
    slug = tournament.slug
    match = Match.objects.filter(round__tournament=tournament).exclude(status=Match.BYE).first()
    pending = Match.objects.filter(round__tournament=tournament, status=Match.PENDING).first()
    ann, ben = tournament.players.all()[:2]
    csv_file = lambda: SimpleUploadedFile("p.csv", b"Zed,1000,\n")  # noqa: E731
    file = lambda: SimpleUploadedFile("t.json", json.dumps(dump(record_of(tournament))).encode())  # noqa: E731
    return [
        ("/manage/", {}),
        ("/manage/new/", {"name": "Sneaky", "system": "auto", "rounds_announced": 5, "bye_half_points": 2,
                          "progressive": "sum", "clock_s": 600, "late_entry_half_points": 0}),
        ("/manage/import/", {"file": file}),
        (f"/manage/{slug}/", {}),
        (f"/manage/{slug}/export.json", {}),
        (f"/manage/{slug}/export.trf", {}),
        (f"/manage/{slug}/players/add/", {"name": "Zed"}),
        (f"/manage/{slug}/players/import/", {"file": csv_file}),
        (f"/manage/{slug}/players/{ann.number}/withdraw/", {"after_round": 0}),
        (f"/manage/{slug}/pair/", {}),
        (f"/manage/{slug}/round/1/", {}),
        (f"/manage/{slug}/round/1/swap/", {"player_a": ann.pk, "player_b": ben.pk}),
        (f"/manage/{slug}/round/1/publish/", {}),
        (f"/manage/{slug}/round/1/delete/", {}),
        (f"/manage/{slug}/round/1/close/", {}),
        (f"/manage/{slug}/match/{match.pk}/", {"status": "forfeit", "present": "none", "correct": "on",
                                               "version": match.version}),
        (f"/manage/{slug}/match/{pending.pk}/", played_form(pending, [7] * 6, [1] * 6)),
        (f"/manage/{slug}/settings/", {"name": "Renamed", "system": "auto", "rounds_announced": 3,
                                       "bye_half_points": 0, "progressive": "running", "clock_s": 60,
                                       "late_entry_half_points": 1}),
        (f"/manage/{slug}/people/", {"username": "stranger", "role": "organiser"}),
        (f"/manage/{slug}/people/", {"remove": tournament.organisers.first().pk, "role": "organiser"}),
        (f"/manage/{slug}/links/", {"renew": ann.number, "confirm": "yes"}),
        (f"/manage/{slug}/audit/", {}),
        *event_day(tournament),
    ]


def snapshot():
    return (
        Tournament.objects.count(),
        [json.dumps(dump(record_of(t, include_drafts=True)), sort_keys=True) for t in Tournament.objects.all()],
        list(Round.objects.values_list("pk", "status")),
        list(Match.objects.values_list("pk", "status", "version", "first_id", "second_id")),
        list(Player.objects.values_list("pk", "name", "seed", "withdrawn_after_round", "link_token")),
        list(ExcusedAbsence.objects.values_list("pk", "status")),
        list(Tournament.objects.values_list("pk", "organisers", "arbiters")),
        list(Submission.objects.values_list("pk", "status")),
    )


def body(data):
    return {key: value() if callable(value) else value for key, value in data.items()}


def test_anonymous_visitors_are_sent_to_the_login_page_and_change_nothing(client, running):
    before = snapshot()
    for url, data in requests_for(running):
        for response in (client.get(url), client.post(url, body(data))):
            assert response.status_code == 302, url
            assert response.url.startswith("/accounts/login/?next="), url
    assert snapshot() == before


def test_staff_who_do_not_organise_the_tournament_are_refused(client, django_user_model, running):
    client.force_login(django_user_model.objects.create_user("stranger", is_staff=True))
    before = snapshot()
    for url, data in requests_for(running)[3:]:
        assert client.get(url).status_code == 403, url
        assert client.post(url, body(data)).status_code == 403, url
    assert snapshot() == before
    assert "Guarded Open" not in page_text(client.get("/manage/"))  # the list shows only their own


def test_logged_in_users_who_are_not_staff_are_refused_everywhere(client, django_user_model, running):
    client.force_login(django_user_model.objects.create_user("player"))
    before = snapshot()
    for url, data in requests_for(running):
        assert client.get(url).status_code == 403, url
        assert client.post(url, body(data)).status_code == 403, url
    assert snapshot() == before
    assert "Log out" in page_text(client.get("/"))


def test_a_superuser_who_is_staff_may_organise_any_tournament(client, django_user_model, running):
    client.force_login(django_user_model.objects.create_superuser("boss", "boss@example.org", "pw"))
    assert client.get(f"/manage/{running.slug}/").status_code == 200
    assert "Guarded Open" in page_text(client.get("/manage/"))


# --- bad input -----------------------------------------------------------------------------------------


@pytest.fixture
def open_match(running):
    return Match.objects.select_related("first", "second").get(round__tournament=running, status=Match.PENDING)


def assert_nothing_saved(match):
    stored = Match.objects.get(pk=match.pk)
    assert (stored.status, stored.scores, stored.version) == (Match.PENDING, None, 0)


@pytest.mark.parametrize("value, message", [
    ("19", "a score is at most 18."),
    ("-1", "a score is at least 0."),
    ("abc", "a score is a whole number from 0 to 18."),
    ("", "enter a score (or leave all twelve empty and give a move log)."),
])
def test_a_bad_score_names_its_field(org_client, running, open_match, value, message):
    data = played_form(open_match, [5] * 6, [4] * 6, second_Y=value)
    response = org_client.post(f"/manage/{running.slug}/match/{open_match.pk}/", data)
    assert response.status_code == 200
    assert escape(f"{open_match.second.name}, Y yellow: {message}") in page_text(response)
    assert 'value="5"' in input_tag(page_text(response), "first_R")  # what was typed stays
    assert_nothing_saved(open_match)


def test_no_scores_and_no_log_is_refused(org_client, running, open_match):
    data = played_form(open_match, [""] * 6, [""] * 6)
    response = org_client.post(f"/manage/{running.slug}/match/{open_match.pk}/", data)
    assert response.status_code == 200 and "Enter six scores for each player, or give a move log." in page_text(response)
    assert_nothing_saved(open_match)


def test_an_empty_submission_names_what_is_missing(org_client, running, open_match):
    response = org_client.post(f"/manage/{running.slug}/match/{open_match.pk}/", {})
    shown = page_text(response)
    assert response.status_code == 200
    assert "Result: This field is required." in shown and "without the result's version" in shown
    assert_nothing_saved(open_match)


def test_a_forfeit_needs_the_present_player(org_client, running, open_match):
    response = org_client.post(f"/manage/{running.slug}/match/{open_match.pk}/", {"status": "forfeit", "version": 0})
    assert response.status_code == 200 and "Who was present?: Choose the player" in page_text(response)
    assert_nothing_saved(open_match)


def test_an_invalid_log_shows_the_checkers_message(org_client, running, open_match):
    game = random_game(2, "mso", seed=3, names=[open_match.first.name, open_match.second.name])
    place = next(i for i, e in enumerate(game["events"]) if e["type"] == "place")
    game["events"][place]["cells"] = [[0, 0], [0, 0]]
    log = json.dumps(game)
    report = check_text(log)
    assert not report.valid
    upload = SimpleUploadedFile("game.json", log.encode())
    response = org_client.post(f"/manage/{running.slug}/match/{open_match.pk}/",
                               {"status": "played", "version": 0, "log_file": upload})
    assert response.status_code == 200
    assert f"not valid ({report.code})" in page_text(response)  # the checker's code (the words: services/test_actions)
    assert escape(report.message) in page_text(response)
    assert_nothing_saved(open_match)


def test_scores_that_disagree_with_the_log_are_refused(org_client, running, open_match):
    log = json.dumps(random_game(2, "mso", seed=5, names=[open_match.first.name, open_match.second.name]))
    data = played_form(open_match, [0] * 6, [0] * 6, log_text=log)
    response = org_client.post(f"/manage/{running.slug}/match/{open_match.pk}/", data)
    assert response.status_code == 200 and "disagree with the move log" in page_text(response)
    assert_nothing_saved(open_match)


def test_a_stale_correction_is_refused_and_keeps_what_was_typed(org_client, django_user_model, running):
    match = Match.objects.get(round__tournament=running, status=Match.PLAYED)
    url = f"/manage/{running.slug}/match/{match.pk}/"
    assert 'value="1"' in input_tag(page_text(org_client.get(url)), "version")
    arbiter = django_user_model.objects.create_user("arbiter", is_staff=True)
    services.enter_result(match,
                          services.ResultEntry.typed(scores=[[8] * 6, [2] * 6]),
                          correction=True, user=arbiter, version=1)

    response = org_client.post(url, played_form(match, [1, 2, 3, 4, 5, 6], [6] * 6, correct="on", version=1))
    shown = page_text(response)
    assert response.status_code == 200
    assert "changed by arbiter" in shown and "Your entry was not saved." in shown
    assert 'value="3"' in input_tag(shown, "first_Y") and 'value="6"' in input_tag(shown, "second_P")
    assert 'value="2"' in input_tag(shown, "version")  # sending it again overwrites, knowingly
    match.refresh_from_db()
    assert match.scores == [[8] * 6, [2] * 6] and match.version == 2

    response = org_client.post(url, played_form(match, [1, 2, 3, 4, 5, 6], [6] * 6, correct="on", version=2))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.scores == [[1, 2, 3, 4, 5, 6], [6] * 6] and match.entered_by.username == "org"


def test_bad_entries_and_settings_name_their_field(org_client, running):
    response = org_client.post(f"/manage/{running.slug}/players/add/", {"name": "", "rating": "high"})
    assert response.status_code == 200 and set(field_errors(response)) == {"name", "rating"}
    assert "Rating: Enter a whole number." in page_text(response)  # each field named beside its error
    assert running.players.count() == 5

    response = org_client.post("/manage/new/", {"name": "", "rounds_announced": 0, "clock_s": 600})
    assert response.status_code == 200 and {"name", "rounds_announced"} <= set(field_errors(response))
    assert Tournament.objects.count() == 1


def test_refusals_on_buttons_are_shown_not_raised(org_client, running):
    response = org_client.post(f"/manage/{running.slug}/pair/", follow=True)
    assert response.status_code == 200 and len(messages_of(response)) == 1
    assert messages_of(response)[0] in page_text(response) and running.rounds.count() == 1
    response = org_client.post(f"/manage/{running.slug}/round/1/delete/", follow=True)
    round_one = running.rounds.get(number=1)
    assert messages_of(response) == [refusal(services.delete_draft, round_one).message]  # the service's, shown
    assert org_client.get(f"/manage/{running.slug}/round/9/").status_code == 404


# --- tournament files ----------------------------------------------------------------------------------


def test_export_then_import_gives_the_organiser_a_copy(org_client, organiser, running):
    response = org_client.get(f"/manage/{running.slug}/export.json")
    assert response["Content-Disposition"] == f'attachment; filename="{running.slug}.json"'
    record = parse(json.loads(response.content))
    assert record.name == "Guarded Open" and len(record.players) == 5

    upload = SimpleUploadedFile("guarded.json", response.content, content_type="application/json")
    response = org_client.post("/manage/import/", {"file": upload})
    copy = Tournament.objects.exclude(pk=running.pk).get()
    assert response.status_code == 302 and response.url == f"/manage/{copy.slug}/"
    assert organiser in copy.organisers.all() and copy.players.count() == 5


def test_the_dashboard_offers_the_trf_beside_the_tournament_file(org_client, running):
    page = org_client.get(f"/manage/{running.slug}/").content.decode()
    assert f'href="/manage/{running.slug}/export.json"' in page and f'href="/manage/{running.slug}/export.trf"' in page
    response = org_client.get(f"/manage/{running.slug}/export.trf")
    assert response["Content-Disposition"] == f'attachment; filename="{running.slug}.trf"'
    lines = response.content.decode().splitlines()
    assert lines[0] == "012 Guarded Open"
    assert sum(line.startswith("001") for line in lines) == 5  # one line a player


def test_a_faulty_or_huge_file_is_refused_with_its_place(org_client):
    bad = {"format": "ingenious-tournament/1", "name": "Cup", "settings": {"system": "swiss", "rounds": 3}, "players": [{"id": 1, "name": "A"}],
           "rounds": [{"number": 1, "matches": [{"first": 1, "second": None, "status": "bye"},
                                                 {"first": 1, "second": None, "status": "bye"}]}]}
    upload = SimpleUploadedFile("cup.json", json.dumps(bad).encode())
    response = org_client.post("/manage/import/", {"file": upload})
    assert response.status_code == 200
    assert "rounds[0].matches[1].first:" in page_text(response)  # where in the file: player 1's second seat

    huge = SimpleUploadedFile("huge.json", b" " * 25_000_001)
    response = org_client.post("/manage/import/", {"file": huge})
    assert response.status_code == 200 and set(field_errors(response)) == {"file"}
    assert "25,000,000 bytes" in page_text(response)  # the limit, as the organiser reads it
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_organisers_print_sheets_from_the_pages(client, django_user_model):
    organiser = django_user_model.objects.create_user("printer", is_staff=True)
    tournament = make_event("Print Night", ["Ann Able", "Zoë Ørsted", "Cy Cole", "Di Dunn", "Ed Eng"],
                            organiser=organiser, system="swiss")
    round_ = services.generate_round(tournament)
    client.force_login(organiser)
    base = f"/manage/{tournament.slug}/print"
    draft = client.get(f"{base}/pairings/round-1.pdf")
    assert draft.status_code == 302  # a draft is not printed
    services.publish_round(round_)
    dashboard = client.get(f"/manage/{tournament.slug}/").content.decode()
    assert f"{base}/pairings/round-1.pdf" in dashboard and f"{base}/slips/round-1.pdf" in dashboard
    for url in (f"{base}/pairings/round-1.pdf", f"{base}/slips/round-1.pdf", f"{base}/standings.pdf",
                f"{base}/crosstable.pdf", f"{base}/pairings/round-1.pdf?paper=Letter"):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", url
        assert b"".join(response.streaming_content).startswith(b"%PDF")
    assert client.get(f"{base}/nonsense.pdf").status_code == 404
    client.logout()
    assert client.get(f"{base}/standings.pdf").status_code == 302  # to the login page
