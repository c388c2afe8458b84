"""Who may do what: organisers, arbiters, the players' private links, and the audit of every change."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils.html import escape

from tournament import services
from tournament.domain.text import PROGRESSIVE_READINGS
from tournament.models import AuditEntry, ExcusedAbsence, Match, Player, Round, Submission, Tournament
from tournament.management.commands.demo import DEMO_NAME
from tournament.organiser import access

from tests.factories import (
    field_errors, make_event, matches, messages_of, page_text, played_form, refusal, score_fields,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(people):
    """Six players, round 1 published, nothing entered; `arb` is its arbiter; `other_org` runs another event.

    `org` organises it and is recorded as entering the players and pairing and publishing round 1.
    """
    tournament = make_event("Roles Open", ("Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eng", "Fay Fox"),
                            organiser=people["org"], user=people["org"], system="swiss")
    services.add_role(tournament, people["arb"], "arbiter", user=people["org"])
    services.publish_round(services.generate_round(tournament, user=people["org"]), user=people["org"])
    services.create_tournament("Other Cup", people["other_org"])
    return tournament


def scores_form(first, second, **extra):
    """What a player's private link posts: the scores, at version 0."""
    return {"version": 0, **score_fields(first, second), **extra}


# --- arbiters and other people's staff --------------------------------------------------------------


def organiser_only(tournament):
    slug = tournament.slug
    ann = tournament.players.get(name="Ann Able")
    return [
        (f"/manage/{slug}/export.json", {}),
        (f"/manage/{slug}/export.trf", {}),
        (f"/manage/{slug}/players/add/", {"name": "Zed"}),
        (f"/manage/{slug}/players/{ann.number}/withdraw/", {"after_round": 0}),
        (f"/manage/{slug}/pair/", {}),
        (f"/manage/{slug}/round/1/close/", {}),
        (f"/manage/{slug}/settings/", {"name": "Renamed", "system": "swiss", "rounds_announced": 3,
                                       "bye_half_points": 0, "progressive": "running", "clock_s": 60,
                                       "late_entry_half_points": 1}),
        (f"/manage/{slug}/people/", {"username": "arb", "role": "organiser"}),
        (f"/manage/{slug}/links/", {"renew": ann.number, "confirm": "yes"}),
        (f"/manage/{slug}/audit/", {}),
        (f"/manage/{slug}/listing/", {"listed": "0"}),
        (f"/manage/{slug}/delete/", {"confirm": "yes"}),
        *event_day(tournament),
    ]


def event_day(tournament):
    """The organiser's event-day actions, each with a body that would change something."""
    slug = tournament.slug
    ann, ben = tournament.players.order_by("seed")[:2]
    return [
        (f"/manage/{slug}/players/{ann.number}/", {"name": "Renamed", "rating": "", "club": ""}),
        (f"/manage/{slug}/players/{ann.number}/remove/", {}),
        (f"/manage/{slug}/pair-by-hand/", {}),
        (f"/manage/{slug}/round/1/take-back/", {}),
        (f"/manage/{slug}/round/1/reopen/", {}),
        (f"/manage/{slug}/round/1/seat/", {"first": ann.pk, "second": ben.pk}),
        (f"/manage/{slug}/round/1/bye/", {"player": ann.pk}),
        (f"/manage/{slug}/round/1/excuse/", {"player": ann.pk}),
        (f"/manage/{slug}/round/1/unseat/{ann.number}/", {}),
        (f"/manage/{slug}/round/1/clear/", {}),
        (f"/manage/{slug}/round/1/from-engine/", {}),
        (f"/manage/{slug}/round/1/publish/", {"confirm": "on"}),
        (f"/manage/{slug}/absences/excuse/", {"player": ann.pk, "round_number": 2}),
        (f"/manage/{slug}/absences/999999/approve/", {}),
        (f"/manage/{slug}/absences/999999/cancel/", {}),
    ]


def state():
    return (
        list(Tournament.objects.values_list("pk", "name", "rounds_announced", "listed", "organisers", "arbiters")),
        list(Player.objects.values_list("pk", "name", "withdrawn_after_round", "link_token")),
        list(ExcusedAbsence.objects.values_list("pk", "status")),
        list(Round.objects.values_list("pk", "status")),
        list(Match.objects.values_list("pk", "status", "version")),
        AuditEntry.objects.count(),
    )


def test_an_arbiter_enters_and_corrects_results_but_does_nothing_else(client, people, event):
    client.force_login(people["arb"])
    before = state()
    for url, data in organiser_only(event):
        assert client.get(url).status_code == 403, url
        assert client.post(url, data).status_code == 403, url
    assert state() == before

    dashboard = page_text(client.get(f"/manage/{event.slug}/"))
    assert "You are an arbiter here" in dashboard and "Pair next round" not in dashboard
    assert "Add a player" not in dashboard and "Close round" not in dashboard
    assert client.get(f"/manage/{event.slug}/round/1/").status_code == 200
    assert "Roles Open" in page_text(client.get("/manage/")) and "Other Cup" not in page_text(client.get("/manage/"))

    match = matches(event)[0]
    response = client.post(f"/manage/{event.slug}/match/{match.pk}/", played_form(match, [5] * 6, [4] * 6))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.PLAYED and match.entered_by == people["arb"]
    correction = played_form(match, [3] * 6, [4] * 6, correct="on")
    assert client.post(f"/manage/{event.slug}/match/{match.pk}/", correction).status_code == 302
    match.refresh_from_db()
    assert match.scores == [[3] * 6, [4] * 6]


def test_staff_of_another_tournament_change_nothing_here(client, people, event):
    client.force_login(people["other_org"])
    before = state()
    match = matches(event)[0]
    for url, data in organiser_only(event) + [
        (f"/manage/{event.slug}/", {}),
        (f"/manage/{event.slug}/match/{match.pk}/", played_form(match, [5] * 6, [4] * 6)),
        (f"/manage/{event.slug}/round/1/results/", {"table": match.table, **{
            f"t{match.table}-{k}": v for k, v in played_form(match, [5] * 6, [4] * 6).items()}}),
    ]:
        assert client.get(url).status_code == 403, url
        assert client.post(url, data).status_code == 403, url
    assert state() == before


def test_an_arbiter_is_refused_once_the_role_is_removed(client, people, event):
    services.remove_role(event, people["arb"], "arbiter", user=people["org"])
    client.force_login(people["arb"])
    assert client.get(f"/manage/{event.slug}/").status_code == 403


def test_roles_are_given_and_taken_on_the_people_page_and_the_last_organiser_stays(client, people, event):
    client.force_login(people["org"])
    url = f"/manage/{event.slug}/people/"
    arbiters = set(event.arbiters.all())
    response = client.post(url, {"username": "nobody", "role": "arbiter"})
    assert response.status_code == 200 and "&#x27;nobody&#x27;" in page_text(response)  # the form back, naming it
    assert set(event.arbiters.all()) == arbiters
    assert client.post(url, {"username": "other_org", "role": "organiser"}).status_code == 302
    assert set(event.organisers.values_list("username", flat=True)) == {"org", "other_org"}
    assert client.post(url, {"remove": people["other_org"].pk, "role": "organiser"}).status_code == 302
    response = client.post(url, {"remove": people["org"].pk, "role": "organiser"}, follow=True)
    assert list(event.organisers.values_list("username", flat=True)) == ["org"]
    assert messages_of(response)[-1] == refusal(services.remove_role, event, people["org"], "organiser").message


def test_the_login_page_lets_an_arbiter_in(client, people, event):
    people["arb"].set_password("a long secret")
    people["arb"].save()
    response = client.get(f"/manage/{event.slug}/")
    assert response.url == f"/accounts/login/?next=/manage/{event.slug}/"
    response = client.post("/accounts/login/", {"username": "arb", "password": "a long secret",
                                                "next": f"/manage/{event.slug}/"})
    assert response.url == f"/manage/{event.slug}/"
    assert client.get(response.url).status_code == 200


# --- the players' private links ---------------------------------------------------------------------------


def link(player):
    return f"/p/{player.link_token}/"


def test_links_are_long_random_and_distinct(event):
    tokens = list(event.players.values_list("link_token", flat=True))
    assert len(set(tokens)) == 6
    assert all(len(token) >= 43 for token in tokens)  # 32 random bytes in base64


def test_a_result_sent_by_one_player_counts_once_the_opponent_confirms_it(client, people, event):
    match = matches(event)[0]
    first, second = match.first, match.second
    page = page_text(client.get(link(first)))
    assert f"You play <strong>first</strong> against {escape(second.name)}" in page

    sent = client.post(f"{link(first)}game/{match.pk}/send/", scores_form([5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]))
    assert sent.status_code == 302 and sent["Referrer-Policy"] == "same-origin"
    match.refresh_from_db()
    assert match.status == Match.PENDING  # not counted yet
    assert f"it counts once {escape(second.name)} confirms it" in page_text(client.get(link(first)))

    client.force_login(people["org"])
    dashboard = client.get(f"/manage/{event.slug}/")
    assert dashboard.context["awaiting"] == 1
    assert f"sent by {escape(first.name)}, not yet confirmed" in page_text(dashboard)
    client.logout()

    submission = Submission.objects.get()
    opponent_page = page_text(client.get(link(second)))
    assert f"{escape(first.name)} sent this result" in opponent_page
    client.post(f"{link(second)}game/{match.pk}/answer/", {"submission": submission.pk, "answer": "confirm"})
    match.refresh_from_db()
    # Lowest colours 5 against 4: the first player wins (docs/tournament-rules.md, VP).
    assert match.status == Match.PLAYED and match.scores == [[5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]]
    assert match.confirmed_at is not None
    assert "1–0" in page_text(client.get(f"/t/{event.slug}/round/1/"))
    assert [e.action for e in AuditEntry.objects.filter(subject="Round 1, table 1").order_by("pk")] == [
        "result sent", "result confirmed by the opponent"]


def test_the_same_result_sent_by_both_players_counts_at_once(client, event):
    match = matches(event)[1]
    form = scores_form([6] * 6, [7] * 6, second_flagged="on")
    client.post(f"{link(match.first)}game/{match.pk}/send/", form)
    client.post(f"{link(match.second)}game/{match.pk}/send/", form)
    match.refresh_from_db()
    assert match.status == Match.PLAYED and match.second_flagged


def test_a_disputed_result_waits_for_an_arbiter(client, people, event):
    match = matches(event)[0]
    client.post(f"{link(match.second)}game/{match.pk}/send/", scores_form([5] * 6, [6] * 6))
    submission = Submission.objects.get()
    answer = f"{link(match.first)}game/{match.pk}/answer/"
    no_reason = client.post(answer, {"submission": submission.pk, "answer": "dispute", "note": ""})
    assert "This field is required" in page_text(no_reason)
    client.post(answer, {"submission": submission.pk, "answer": "dispute", "note": "I had 7 in every colour"})
    submission.refresh_from_db()
    match.refresh_from_db()
    assert submission.status == Submission.DISPUTED and match.status == Match.PENDING
    assert "I had 7 in every colour" in page_text(client.get(link(match.second)))
    # Neither player can now force it through.
    again = client.post(f"{link(match.second)}game/{match.pk}/send/", scores_form([5] * 6, [6] * 6))
    assert again.status_code == 200 and Submission.objects.count() == 1
    assert refusal(services.submit_result, match.second, match, services.ResultEntry.from_player(
        scores=[[5] * 6, [6] * 6])).message in page_text(again)  # the service's refusal, shown

    client.force_login(people["arb"])
    dashboard = page_text(client.get(f"/manage/{event.slug}/"))
    assert f"disputed by {escape(match.first.name)}: “I had 7 in every colour”" in dashboard
    assert "1 result disputed" in dashboard
    not_closed = refusal(services.close_round, event.rounds.get())
    assert not_closed.code == "results-missing" and "3 matches" in not_closed.message
    client.post(f"/manage/{event.slug}/match/{match.pk}/", played_form(match, [7] * 6, [6] * 6))
    submission.refresh_from_db()
    match.refresh_from_db()
    assert submission.status == Submission.SETTLED and match.scores == [[7] * 6, [6] * 6]


def test_players_cannot_confirm_their_own_result_nor_touch_another_game(client, event):
    mine, other = matches(event)[:2]
    client.post(f"{link(mine.first)}game/{mine.pk}/send/", scores_form([5] * 6, [6] * 6))
    submission = Submission.objects.get()
    response = client.post(f"{link(mine.first)}game/{mine.pk}/answer/",
                           {"submission": submission.pk, "answer": "confirm"}, follow=True)
    assert response.status_code == 200
    submission.refresh_from_db()
    assert submission.status == Submission.WAITING  # still waiting for the opponent: the sender cannot confirm it
    assert client.post(f"{link(mine.first)}game/{other.pk}/send/", scores_form([5] * 6, [6] * 6)).status_code == 404
    mine.refresh_from_db()
    assert mine.status == Match.PENDING


def test_a_renewed_link_revokes_the_old_one(client, people, event):
    ann = event.players.get(name="Ann Able")
    old = link(ann)
    assert client.get(old).status_code == 200
    client.force_login(people["org"])
    asked = client.post(f"/manage/{event.slug}/links/", {"renew": ann.number})  # "Renew" asks first
    assert asked.status_code == 200 and "Renew Ann Able's link?" in page_text(asked)
    assert client.get(old).status_code == 200  # nothing renewed yet
    client.post(f"/manage/{event.slug}/links/", {"renew": ann.number, "confirm": "yes"})
    client.logout()
    ann.refresh_from_db()
    gone = client.get(old)
    assert gone.status_code == 410  # replaced: gone for good, on a page of the site's own
    assert "This private link was replaced" in page_text(gone) and event.name in page_text(gone)
    assert "the organiser (org)" in page_text(gone) and "no-cache" in gone["Cache-Control"]
    assert client.post(f"{old}game/1/send/", {}).status_code == 410
    assert client.get(link(ann)).status_code == 200
    assert client.get("/p/not-a-real-token-at-all/").status_code == 404


@pytest.mark.parametrize("debug", [True, False])
def test_a_replaced_link_is_the_sites_own_page_also_with_debug_on(client, event, debug):
    ann = event.players.get(name="Ann Able")
    old = link(ann)
    services.renew_link(ann)
    with override_settings(DEBUG=debug):
        gone = client.get(old)
    assert gone.status_code == 410 and "This private link was replaced" in page_text(gone)
    assert "technical_404" not in page_text(gone) and "Django" not in page_text(gone)


def test_a_players_link_page_is_never_cached(client, event):
    response = client.get(link(event.players.first()))
    assert "no-cache" in response["Cache-Control"] and "X-Page-Cache" not in response


def test_a_bad_result_from_a_player_is_refused_with_the_field_named(client, event):
    match = matches(event)[0]
    response = client.post(f"{link(match.first)}game/{match.pk}/send/", scores_form([5] * 6, [6, 6, 6, 6, 6, 19]))
    assert set(field_errors(response)) == {"second_P"}
    response = client.post(f"{link(match.first)}game/{match.pk}/send/", {"version": 0, "log_text": '{"format": '})
    assert list(field_errors(response)) == ["log_text"]
    assert "not valid (bad-format)" in page_text(response)  # the checker's code
    assert not Submission.objects.exists()


# --- the audit --------------------------------------------------------------------------------------------


def test_each_change_is_in_the_audit_with_who_what_it_was_and_what_it_became(client, people, event):
    match = matches(event)[0]
    services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]), user=people["arb"])
    services.enter_result(match, services.ResultEntry.forfeit(match.second), user=people["org"], correction=True)
    services.withdraw(event.players.get(name="Fay Fox"), 1, user=people["org"])
    services.update_settings(event, user=people["org"], rounds_announced=5)

    entries = list(event.audit.order_by("pk"))
    assert [(e.who, e.action) for e in entries] == [
        ("org", "tournament created"),
        *[("org", "player added")] * 6,
        ("org", "arbiter added"),
        ("org", "entries closed"),
        ("org", "round paired"),
        ("org", "round published"),
        ("arb", "result entered"),
        ("org", "result corrected"),
        ("org", "player withdrawn"),
        ("org", "settings changed"),
    ]
    entered, corrected, withdrawn, settings = entries[-4:]
    assert entered.before is None
    assert entered.after == {"status": "played", match.first.name: "R5 O5 Y5 G5 B5 P5",
                             match.second.name: "R4 O4 Y4 G4 B4 P4"}
    assert corrected.before == entered.after
    assert corrected.after == {"status": "forfeit", "won by": match.second.name}
    assert withdrawn.before == {"withdrawn after round": None} and withdrawn.after == {"withdrawn after round": 1}
    assert settings.before == {"rounds_announced": 7} and settings.after == {"rounds_announced": 5}

    client.force_login(people["org"])
    page = page_text(client.get(f"/manage/{event.slug}/audit/"))
    assert "result corrected" in page and "R5 O5 Y5 G5 B5 P5" in page and "won by" in page


def test_a_draft_edit_is_audited_with_the_tables_before_and_after(people):
    tournament = make_event("Swaps", ("Ann", "Ben", "Cy", "Di"), organiser=people["org"], system="swiss")
    round_ = services.generate_round(tournament)
    tables = list(round_.matches.order_by("table"))
    one, other = tables[0].first, tables[1].first
    services.swap_players(round_, one, other, user=people["org"])
    entry = tournament.audit.get(action="players swapped")
    assert entry.before == [f"1: {one.name} – {tables[0].second.name}", f"2: {other.name} – {tables[1].second.name}"]
    assert entry.after == [f"1: {other.name} – {tables[0].second.name}", f"2: {one.name} – {tables[1].second.name}"]


def test_audit_entries_are_never_changed_or_deleted(event):
    entry = event.audit.order_by("pk").first()
    entry.action = "nothing happened"
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    with pytest.raises(PermissionError):
        AuditEntry.objects.filter(pk=entry.pk).update(action="x")
    with pytest.raises(PermissionError):
        AuditEntry.objects.all().delete()
    assert AuditEntry.objects.get(pk=entry.pk).action == "tournament created"


def test_a_refused_change_leaves_no_audit_entry(people, event):
    before = AuditEntry.objects.count()
    with pytest.raises(services.Refused):
        services.generate_round(event, user=people["org"])  # round 1 is still open
    with pytest.raises(services.Refused):
        services.enter_result(matches(event)[0], services.ResultEntry.typed(scores=[[18] * 6, [18] * 6]))
    assert AuditEntry.objects.count() == before


def test_a_failure_midway_through_pairing_leaves_no_half_made_round(monkeypatch, people):
    tournament = make_event("Fragile", ("Ann", "Ben", "Cy", "Di", "Ed"), organiser=people["org"], system="swiss")
    audit_before = AuditEntry.objects.count()

    def failing(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(Match.objects, "bulk_create", failing)
    with pytest.raises(RuntimeError):
        services.generate_round(tournament, user=people["org"])
    assert not Round.objects.filter(tournament=tournament).exists()
    assert not Match.objects.exists() and AuditEntry.objects.count() == audit_before
    assert sorted(tournament.players.values_list("seed", flat=True)) == [1, 2, 3, 4, 5]


# --- settings ----------------------------------------------------------------------------------------


def settings_form(**changes):
    form = {"name": "Roles Open", "system": "swiss", "rounds_announced": 7, "bye_half_points": 2,
            "progressive": "sum", "clock_s": 600, "late_entry_half_points": 0}
    form.update(changes)
    return form


def test_an_organiser_changes_the_settings_but_not_the_system_once_paired(client, people, event):
    client.force_login(people["org"])
    url = f"/manage/{event.slug}/settings/"
    assert 'value="Roles Open"' in page_text(client.get(url))
    response = client.post(url, settings_form(rounds_announced=5, progressive="running", system="all-play-all"))
    assert response.status_code == 302
    event.refresh_from_db()
    # The system field is disabled once round 1 exists: the posted value is ignored.
    assert (event.rounds_announced, event.progressive, event.system) == (5, "running", "swiss")
    assert PROGRESSIVE_READINGS["running"] in page_text(client.get(f"/t/{event.slug}/standings/"))
    with pytest.raises(services.Refused, match="fixed once round 1"):
        services.update_settings(event, system="all-play-all")
    assert client.post(url, settings_form(rounds_announced=0)).status_code == 200  # the form back, with its error
    event.refresh_from_db()
    assert event.rounds_announced == 5


def test_the_demo_has_an_arbiter_account(db):
    call_command("demo", stdout=io.StringIO())
    tournament = Tournament.objects.get(name=DEMO_NAME)
    assert list(tournament.arbiters.values_list("username", flat=True)) == ["arbiter"]


# --- CSRF ----------------------------------------------------------------------------------------------


def test_writes_without_the_csrf_token_are_refused(people, event):
    browser = Client(enforce_csrf_checks=True)
    match = matches(event)[0]
    before = state()
    assert browser.post(f"{link(match.first)}game/{match.pk}/send/", scores_form([5] * 6, [6] * 6)).status_code == 403
    browser.force_login(people["org"])
    assert browser.post(f"/manage/{event.slug}/match/{match.pk}/", played_form(match, [5] * 6, [4] * 6)).status_code == 403
    assert browser.post(f"/manage/{event.slug}/players/add/", {"name": "Zed"}).status_code == 403
    assert state() == before and not Submission.objects.exists()
    # With the token the form carries, the same post goes through.
    page = browser.get(f"/manage/{event.slug}/match/{match.pk}/")
    token = page.cookies["csrftoken"].value
    saved = browser.post(f"/manage/{event.slug}/match/{match.pk}/",
                         played_form(match, [5] * 6, [4] * 6, csrfmiddlewaretoken=token))
    assert saved.status_code == 302


def test_a_wrong_link_changes_nothing(client, event):
    match = matches(event)[0]
    before = state()
    real = event.players.first().link_token
    near_miss = real[:-1] + ("B" if real.endswith("A") else "A")
    for token in ("", "x" * 43, near_miss):
        response = client.post(f"/p/{token}/game/{match.pk}/send/", scores_form([5] * 6, [6] * 6))
        assert response.status_code == 404, token
    assert state() == before and not Submission.objects.exists()


def test_a_withdrawal_made_by_mistake_is_undone_and_audited(client, people, event):
    fay = event.players.get(name="Fay Fox")
    client.force_login(people["org"])
    client.post(f"/manage/{event.slug}/players/{fay.number}/withdraw/", {"after_round": 1})
    fay.refresh_from_db()
    assert fay.withdrawn_after_round == 1
    response = client.post(f"/manage/{event.slug}/players/{fay.number}/reinstate/", follow=True)
    assert "Fay Fox is back in" in page_text(response)
    fay.refresh_from_db()
    assert fay.withdrawn_after_round is None
    assert [e.action for e in event.audit.order_by("pk")][-2:] == ["player withdrawn", "player reinstated"]
    again = client.post(f"/manage/{event.slug}/players/{fay.number}/reinstate/", follow=True)
    assert "Fay Fox is not withdrawn." in page_text(again)
    client.force_login(people["arb"])
    assert client.post(f"/manage/{event.slug}/players/{fay.number}/reinstate/").status_code == 403


NEW_TOURNAMENT = {"name": "Demo Club Night", "system": "swiss", "rounds_announced": 5, "bye_half_points": 2,
                  "progressive": "sum", "clock_s": 600, "late_entry_half_points": 0}


def test_on_one_s_own_machine_the_demo_organiser_creates_a_tournament(client, settings):
    settings.DEBUG = True  # `make run`
    call_command("demo", stdout=io.StringIO())
    assert client.login(username="demo", password="demo")
    assert 'href="/manage/new/"' in page_text(client.get("/manage/"))
    created = client.post("/manage/new/", NEW_TOURNAMENT)
    assert created.status_code == 302
    assert list(Tournament.objects.get(name="Demo Club Night").organisers.values_list("username", flat=True)) == [
        "demo"]


def test_on_a_server_the_demo_organiser_organises_the_demo_only_and_the_page_says_who_creates(client, settings):
    """With DEBUG off others may reach the site, and the demo's password is public: creating tournaments stays with
    the staff, and the list of tournaments says so, not only a refusal at the button."""
    settings.DEBUG = False
    call_command("demo", stdout=io.StringIO())
    demo = get_user_model().objects.get(username="demo")
    assert not demo.is_staff and not demo.is_superuser
    tournament = Tournament.objects.get(name=DEMO_NAME)
    assert client.login(username="demo", password="demo")
    listed = page_text(client.get("/manage/"))
    assert 'href="/manage/new/"' not in listed and 'id="who-creates"' in listed
    assert client.get(f"/manage/{tournament.slug}/").status_code == 200
    assert client.get(f"/manage/{tournament.slug}/links/").status_code == 200
    refused = client.post("/manage/new/", NEW_TOURNAMENT)
    assert refused.status_code == 403 and not Tournament.objects.filter(name="Demo Club Night").exists()


def test_the_words_saying_who_creates_tournaments(client, people, event):
    client.force_login(people["arb"])
    said = escape(access.WHO_CREATES)
    assert said in page_text(client.get("/manage/")) and said in page_text(client.get("/manage/new/"))
