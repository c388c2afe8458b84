"""The smaller things an organiser or a player read wrong."""

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine.simulate import random_game
from tournament import services
from tournament.models import AuditEntry, ExcusedAbsence, Tournament
from tests.factories import make_event, messages_of, play_rounds, refusal
from tests.tournament.event_day.helpers import text, words

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eve"]


def test_the_all_play_all_late_entry_refusal_quotes_no_spec_file(org_client, people):
    event = make_event("Robin Five", NAMES, organiser=people["org"], system="all-play-all", publish_round_one=True)
    page = text(org_client.post(f"/manage/{event.slug}/players/add/", {"name": "Gina Late", "rating": "", "club": ""}))
    assert "An all-play-all's field is closed at round 1: a late entry would need a new table" in page
    assert ".md" not in page.split("<main")[1]


def test_excusing_the_all_play_all_idle_player_of_a_round_is_refused_with_the_reason(org_client, people):
    """Five players (seeds 1-5 by rating): the Berger table leaves seed 4 idle in round 2 (rounds 1-5: seeds 1, 4,
    2, 5, 3), so Di Dunn has no game to be excused from in round 2; she has one in round 3."""
    event = make_event("Robin Five", NAMES, organiser=people["org"], system="all-play-all",
                       ratings=[2000, 1900, 1800, 1700, 1600], publish_round_one=True)
    di = event.players.get(name="Di Dunn")
    assert di.seed == 4
    response = org_client.post(f"/manage/{event.slug}/absences/excuse/", {"player": di.pk, "round_number": 2}, follow=True)
    assert not ExcusedAbsence.objects.exists()
    idle = refusal(services.excuse_player, di, 2)
    assert idle.code == "idle-round" and messages_of(response) == [idle.message]  # its words: test_refusal_wordings
    org_client.post(f"/manage/{event.slug}/absences/excuse/", {"player": di.pk, "round_number": 3})
    assert ExcusedAbsence.objects.get().round_number == 3


@pytest.mark.parametrize("half_points, rounds_played, said", [
    (1, 1, "Gina Late is entered (from round 2). For round 1, missed, they score ½ VP (the late-entry setting)."),
    (0, 2, "Gina Late is entered (from round 3). For rounds 1 to 2, missed, they score 0 VP each, 0 VP in all "
           "(the late-entry setting)."),
    (1, 3, "Gina Late is entered (from round 4). For rounds 1 to 3, missed, they score ½ VP each, 1½ VP in all "
           "(the late-entry setting)."),
])
def test_a_late_entry_is_told_the_vp_for_the_rounds_missed(org_client, people, half_points, rounds_played, said):
    event = make_event("Late Open", NAMES[:4], organiser=people["org"], system="swiss", rounds_announced=5,
                       late_entry_half_points=half_points)
    play_rounds(event, rounds_played)
    response = org_client.post(f"/manage/{event.slug}/players/add/", {"name": "Gina Late", "rating": "", "club": ""},
                               follow=True)
    assert said in messages_of(response)


def test_an_entry_before_round_1_says_nothing_of_missed_rounds(org_client, people):
    event = make_event("Early Open", NAMES[:4], organiser=people["org"], system="swiss", rounds_announced=5)
    response = org_client.post(f"/manage/{event.slug}/players/add/", {"name": "Gina", "rating": "", "club": ""},
                               follow=True)
    assert messages_of(response) == ["Gina is entered (from round 1)."]


def test_a_result_sent_with_a_clocked_log_shows_each_players_time_left(client, people):
    """The log's placements carry clock readings (600 s each): the first player's last reads 600 − 7 × their
    placements, the second's 600 − 11 × theirs; the opponent asked to confirm sees both in the Time column."""
    event = make_event("Clock Open", ["Ann Able", "Ben Baker"], organiser=people["org"], system="swiss",
                       publish_round_one=True)
    match = event.rounds.get().matches.select_related("first", "second").get()
    log = random_game(2, "mso", seed=11, names=[match.first.name, match.second.name])
    log["clock_s"] = 600
    placed = [0, 0]
    for event_ in log["events"]:
        if event_["type"] == "place":
            placed[event_["player"]] += 1
            event_["clock_s"] = 600 - (7, 11)[event_["player"]] * placed[event_["player"]]
    sent = client.post(f"/p/{match.first.link_token}/game/{match.pk}/send/",
                       {"version": match.version, "log_text": json.dumps(log)})
    assert sent.status_code == 302, text(sent)
    first_left, second_left = 600 - 7 * placed[0], 600 - 11 * placed[1]
    page = words(client.get(f"/p/{match.second.link_token}/"))
    assert (f"{match.first.name} {' '.join(map(str, log['final'][0]))} {first_left // 60}:{first_left % 60:02d} left"
            in page)
    assert (f"{match.second.name} {' '.join(map(str, log['final'][1]))} {second_left // 60}:{second_left % 60:02d} "
            "left") in page


def test_an_imported_copy_takes_the_name_given_and_a_namesake_is_pointed_out(org_client, people):
    event = make_event("Spring Open", NAMES[:4], organiser=people["org"], system="swiss", publish_round_one=True)
    download = org_client.get(f"/manage/{event.slug}/export.json")
    exported = b"".join(download.streaming_content) if download.streaming else download.content
    form = text(org_client.get("/manage/import/"))
    assert 'name="name"' in form and "Name of the imported tournament" in form

    response = org_client.post("/manage/import/", {"file": SimpleUploadedFile("t.json", exported),
                                                   "name": "Spring Open (test copy)"}, follow=True)
    copy = Tournament.objects.get(name="Spring Open (test copy)")
    assert copy.players.count() == 4 and copy.rounds.count() == 1
    assert messages_of(response) == ["Spring Open (test copy) is imported: 4 players, 1 rounds."]

    response = org_client.post("/manage/import/", {"file": SimpleUploadedFile("t.json", exported)}, follow=True)
    assert Tournament.objects.filter(name="Spring Open").count() == 2  # the file's own name, as before
    assert ("Another tournament is named Spring Open too: give this one a name of its own in Settings."
            in messages_of(response))


def test_the_audit_is_filtered_by_kind_and_by_round(org_client, people):
    """Four players, two rounds played by the services (each round: paired, published, two results, closed)."""
    event = make_event("Audit Open", NAMES[:4], organiser=people["org"], system="swiss", rounds_announced=3)
    play_rounds(event, 2)
    base = f"/manage/{event.slug}/audit/"

    def rows(query):
        page = text(org_client.get(base + query))
        body = page.split("<tbody>")[1].split("</tbody>")[0]
        return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in body.split("<tr>")[1:]]

    closed = rows("?action=round+closed")
    assert len(closed) == 2 and all("round closed" in row for row in closed)
    assert "Round 2" in closed[0] and "Round 1" in closed[1]  # newest first

    second = rows("?round=2")
    # Counted here in Python: a database's own regex dialect differs (PostgreSQL reads \b as a backspace).
    expected = sum(1 for subject in AuditEntry.objects.filter(tournament=event).values_list("subject", flat=True)
                   if re.search(r"round 2\b", subject, re.IGNORECASE))
    assert len(second) == expected >= 4  # paired, published, two results, closed: each names round 2
    assert not any(re.search(r"[Rr]ound 1\b", row) for row in second)
    assert rows("?round=2&action=round+closed") == closed[:1]
    assert rows("?round=12") == ["No change of that kind or round."]
    assert len(rows("?action=no+such+kind")) == AuditEntry.objects.filter(tournament=event).count()  # ignored


def test_the_log_check_pages_button_has_the_sites_style(client):
    page = text(client.get("/logs/check/"))
    head = page.split("</head>")[0]
    assert "button, .button { display: inline-block;" in head  # the same rule as the organiser's pages
    assert '<button type="submit">Check</button>' in page
