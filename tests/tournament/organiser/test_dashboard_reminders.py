"""The dashboard says what needs the organiser where the eye is: a reopened round (with its Close button), and a form
sent back with an error, far down the page."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournament import services
from tournament.models import Round

from tests.factories import make_event, play_rounds
from tests.tournament.event_day.helpers import text, words

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"]


@pytest.fixture
def event(people):
    """Four players, a Swiss of 5 announced rounds, rounds 1 to 3 played and closed."""
    tournament = make_event("Reminder Open", NAMES, organiser=people["org"], system="swiss", rounds_announced=5,
                            ratings=[2000, 1900, 1800, 1700])
    play_rounds(tournament, 3)
    return tournament


def test_a_reopened_round_is_listed_as_reopened_with_a_close_button_and_a_reminder_at_the_top(org_client, event):
    services.reopen_round(event.rounds.get(number=2))
    page = text(org_client.get(f"/manage/{event.slug}/"))
    said = words(org_client.get(f"/manage/{event.slug}/"))
    # The reminder comes before everything else on the page (the settings panel is the first section).
    assert said.index("Round 2 is reopened to correct a result and is still open") < said.index("Settings System")
    assert "Round 2 · Reopened to correct a result Close round 2" in said
    assert "Round 1 · Closed" in said and "Round 3 · Closed" in said
    assert f'action="/manage/{event.slug}/round/2/close/"' in page
    assert not re.search(r"Round 3 · Reopened|Round 1 · Reopened", said)

    # The button closes it, and the reminder goes.
    after = words(org_client.post(f"/manage/{event.slug}/round/2/close/", follow=True))
    assert event.rounds.get(number=2).status == Round.COMPLETE
    assert "Round 2 is closed." in after and "is reopened" not in after and "Reopened" not in after


def test_an_arbiter_sees_the_reminder_without_the_button(client, people, event):
    services.add_role(event, people["arb"], "arbiter")
    services.reopen_round(event.rounds.get(number=1))
    client.force_login(people["arb"])
    said = words(client.get(f"/manage/{event.slug}/"))
    assert "Round 1 is reopened" in said and "Round 1 · Reopened to correct a result" in said
    assert "Close round 1" not in said.replace("then close round 1", "")


def test_a_refused_added_player_is_named_at_the_top_with_a_link_to_the_field_which_has_the_focus(org_client, event):
    page = text(org_client.post(f"/manage/{event.slug}/players/add/", {"name": "", "rating": "x", "club": ""}))
    alert = re.search(r'<p class="verdict bad" role="alert">(.*?)</p>', page, re.S)
    assert alert, "no alert at the top"
    assert page.index(alert.group(0)) < page.index("<h2>Settings</h2>")
    assert alert.group(1).startswith("<strong>The player was not added.")
    assert 'href="#id_add_name"' in alert.group(1)  # the field refused
    assert re.search(r'<input[^>]*name="name"[^>]*autofocus|<input[^>]*autofocus[^>]*name="name"', page)
    assert page.count("autofocus") == 1


def test_a_refused_players_file_is_named_at_the_top_and_opens_at_the_file_field(org_client, event):
    upload = SimpleUploadedFile("players.csv", b"Eve Eden,abc,\n", content_type="text/csv")
    page = text(org_client.post(f"/manage/{event.slug}/players/import/", {"file": upload}))
    alert = re.search(r'<p class="verdict bad" role="alert">(.*?)</p>', page, re.S).group(1)
    assert alert.startswith("<strong>The players file was not entered.")
    assert 'href="#id_csv_file"' in alert
    assert re.search(r'<input[^>]*autofocus[^>]*id="id_csv_file"|<input[^>]*id="id_csv_file"[^>]*autofocus', page) \
        or re.search(r'<input type="file"[^>]*autofocus', page)


def test_a_refused_withdrawal_is_named_at_the_top_and_its_form_is_open(org_client, event):
    ann = event.players.get(name="Ann Able")
    page = text(org_client.post(f"/manage/{event.slug}/players/{ann.number}/withdraw/", {"after_round": "1"}))
    alert = re.search(r'<p class="verdict bad" role="alert">(.*?)</p>', page, re.S).group(1)
    assert alert.startswith("<strong>Ann Able was not withdrawn.") and "a result in round 3" in alert  # and why
    assert f'href="#id_withdraw{ann.number}_after_round"' in alert  # the field refused
    assert re.search(rf'<details class="withdraw" id="withdraw-{ann.number}" open>', page)


def test_no_alert_when_nothing_was_refused(org_client, event):
    page = text(org_client.get(f"/manage/{event.slug}/"))
    assert 'role="alert"' not in page and "autofocus" not in page
