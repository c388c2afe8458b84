"""The players file (CSV of name,rating,club): read as strictly as the tournament file, entered all at once or not
at all (tournament/forms/players_csv.py, services.import_players)."""

from __future__ import annotations

import html
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape

from tournament import services
from tournament.models import AuditEntry, Player
from tournament.forms.players_csv import PlayersFileFault, read_players

from tests.factories import make_event


def faults(text: str) -> list[str]:
    with pytest.raises(PlayersFileFault) as fault:
        read_players(text)
    return fault.value.faults


def test_a_good_file_with_a_header_blank_lines_and_empty_cells():
    rows = read_players("Name,Rating,Club\r\nZoë Ørsted,1800,Oslo\n\n  Ann Able , , \n\"Cole, Cy\",0\nDai Evans,10000,\n")
    assert [(r.line, r.name, r.rating, r.club) for r in rows] == [
        (2, "Zoë Ørsted", 1800, "Oslo"), (4, "Ann Able", None, ""), (5, "Cole, Cy", 0, ""), (6, "Dai Evans", 10000, "")]


def test_each_fault_is_one_sentence_naming_its_line_and_field():
    text = "\n".join([
        "name,rating,club",
        "Ann Able,12345678901234567890,",  # the 20-digit rating of the issue
        ",1500,Oslo",
        "Ben Baker,²,",  # a digit, but not one a rating is written with
        "N" * 121 + ",1500,",
        "Cy\x00Cole,1500,",
        "Dai Evans,1500," + "c" * 121,
        "Eve Fox,-5,",
        "Fay Gray,1500,Leeds,extra",
        "Gus Hill,1500,Tab\tClub",
    ])
    assert faults(text) == [
        "Line 2, rating: '12345678901234567890' is not a rating: a rating is a whole number from 0 to 10,000, "
        "or empty.",
        "Line 3, name: is empty.",
        "Line 4, rating: '²' is not a rating: a rating is a whole number from 0 to 10,000, or empty.",
        "Line 5, name: is 121 characters long; at most 120.",
        "Line 6, name: holds a NUL character, which no name or club may hold.",
        "Line 7, club: is 121 characters long; at most 120.",
        "Line 8, rating: '-5' is not a rating: a rating is a whole number from 0 to 10,000, or empty.",
        "Line 9: 4 cells; a line holds at most three: name, rating, club.",
        "Line 10, club: holds a tab, which no name or club may hold.",
    ]


def test_an_unclosed_quote_is_refused_not_read_as_a_name():
    assert faults('name,rating,club\nAnn Able,1500,\n"Ben Baker,1600,\nCy Cole,1700,\n') == [
        "Line 3: a quote (\") is opened and never closed, so the rest of the file would be read as one name: "
        "close it, or take it out."]


def test_a_quoted_line_break_is_a_control_character_in_the_name():
    assert faults('"Ann\nAble",1500,\n') == ["Line 1, name: holds a line break, which no name or club may hold."]


def test_a_quote_in_a_quoted_name_must_be_doubled():
    assert read_players('"Ann ""the Ace"" Able",1500\n')[0].name == 'Ann "the Ace" Able'
    assert faults('"Ann "the Ace" Able",1500\n') == [
        "Line 1: a quote (\") inside a quoted name must be doubled (\"\"), or the name written without quotes."]


def test_at_most_ten_thousand_players_a_file():
    assert len(read_players("".join(f"P{n},1500,\n" for n in range(10_000)))) == 10_000
    assert faults("name,rating,club\n" + "".join(f"P{n},1500,\n" for n in range(10_001))) == [
        "Line 10002: the file holds more than 10,000 players, the most one file may enter: split it into files "
        "of fewer."]


def test_many_faults_are_listed_up_to_twenty():
    listed = faults("".join(f"P{n},x,\n" for n in range(30)))
    assert len(listed) == 21 and listed[-1] == "... and 10 more faults."


def test_an_empty_file_says_what_a_line_holds():
    assert faults("name,rating,club\n\n") == ["The file has no players in it: one line per player, name,rating,club."]


# --- through the organiser's page ----------------------------------------------------------------


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("org", is_staff=True)


@pytest.fixture
def event(organiser):
    return make_event("Spring Open", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss")


def upload(client, event, text: str):
    client.force_login(event.organisers.get())
    return client.post(f"/manage/{event.slug}/players/import/",
                       {"file": SimpleUploadedFile("players.csv", text.encode())})


@pytest.mark.django_db
def test_a_file_with_faults_enters_nobody_and_shows_every_fault(client, event):
    before = (Player.objects.count(), AuditEntry.objects.count())
    response = upload(client, event, "Cy Cole,1500,\nDai Evans,99999999999999999999,\n\"Eve Fox,1,\n")
    assert response.status_code == 200
    page = response.content.decode()
    assert escape("Line 2, rating: '99999999999999999999' is not a rating") in page
    assert escape("Line 3: a quote (\") is opened and never closed") in page
    assert (Player.objects.count(), AuditEntry.objects.count()) == before


@pytest.mark.django_db
def test_a_good_file_enters_everyone_at_once_with_an_audit_entry_each(client, event):
    response = upload(client, event, "name,rating,club\nCy Cole,1500,Leeds\nDai Evans,,\n")
    assert response.status_code == 302
    added = list(event.players.order_by("number").values_list("number", "seed", "name", "rating", "club",
                                                             "joined_round"))
    assert added[2:] == [(3, 3, "Cy Cole", 1500, "Leeds", 1), (4, 4, "Dai Evans", None, "", 1)]
    entries = AuditEntry.objects.filter(tournament=event, action="player added").order_by("pk")
    assert [(e.who, e.subject, e.after["club"]) for e in entries][-2:] == [("org", "Cy Cole", "Leeds"),
                                                                          ("org", "Dai Evans", "")]
    assert client.get(f"/t/{event.slug}/standings/").content.decode().count(">Dai Evans</a>") == 1  # one line


@pytest.mark.django_db
def test_a_late_file_while_round_1_is_a_draft_is_refused_saying_what_to_do(client, event):
    services.generate_round(event)
    response = upload(client, event, "Cy Cole,1500,\n")
    assert response.status_code == 200
    assert escape("Round 1 is a draft, paired without anyone entered now: publish it first") in (
        response.content.decode())
    assert event.players.count() == 2


def test_a_semicolon_separated_line_is_refused_not_entered_as_a_name():
    assert faults("Ann Able,1800,\nBob Baker;1700;Cambridge\n") == [
        "Line 2, name: 'Bob Baker;1700;Cambridge' holds semicolons: the cells of a line are separated by commas "
        "(name,rating,club); save the file as CSV with commas."]


@pytest.mark.django_db
def test_names_already_entered_or_twice_in_the_file_need_the_tick(client, event):
    """The same file uploaded twice is the usual mistake: Ann Able (seed 1) is entered already ("ann able " is her,
    case and spaces aside) and Cy Cole is twice in the file; nobody is entered until the organiser ticks."""
    text = "ann able ,1800,\nCy Cole,1500,\nDai Evans,,\nCy Cole,1400,\n"
    page = upload(client, event, text).content.decode()
    assert escape("Already entered: Ann Able (seed 1). Twice in the file: Cy Cole. Take them out of the file, or "
                  "tick 'They are other people of the same name' to enter them all.") in page
    assert "They are other people of the same name" in page  # the box to tick is offered
    assert event.players.count() == 2
    # The file read is kept in the page: ticking and pressing the button again enters it, no file chosen.
    kept = re.search(r'<input type="hidden" name="text" value="([^"]*)"', page).group(1)
    assert html.unescape(kept) == text
    assert "The file read is kept: tick the box and press Upload players" in page
    response = client.post(f"/manage/{event.slug}/players/import/", {"text": html.unescape(kept), "duplicate_ok": "on"})
    assert response.status_code == 302
    assert sorted(event.players.values_list("name", flat=True)) == [
        "Ann Able", "Ben Baker", "Cy Cole", "Cy Cole", "Dai Evans", "ann able"]


@pytest.mark.django_db
def test_pressing_upload_with_no_file_says_to_choose_one(client, event):
    client.force_login(event.organisers.get())
    page = client.post(f"/manage/{event.slug}/players/import/", {}).content.decode()
    assert "Choose a players file." in page and event.players.count() == 2
