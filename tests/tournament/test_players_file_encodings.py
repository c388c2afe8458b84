"""A players file as Excel and LibreOffice save it, and one rule for a rating everywhere.

Excel's "CSV UTF-8" is UTF-8 with a byte-order mark; its "Unicode Text" is UTF-16 (little-endian, with the
mark) with cells separated by tabs; its plain "CSV (Comma delimited)" is Windows-1252, which is refused
with what to save the file as instead.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape

from tournament.forms.organiser import PlayerForm
from tournament.forms.players_csv import PlayersFileFault, decode_players_file, read_players
from tournament.tfile import FORMAT, FileFault, parse

from tests.factories import field_errors, make_event

ROWS = [(2, "Zoë Ørsted", 1800, "Oslo"), (3, "Łukasz Ćwik", None, "Kraków")]


def rows_of(data: bytes):
    return [(r.line, r.name, r.rating, r.club) for r in read_players(decode_players_file(data))]


def fault_of(data: bytes) -> str:
    with pytest.raises(PlayersFileFault) as fault:
        decode_players_file(data)
    return "\n".join(fault.value.faults)


def test_excel_unicode_text_utf16_with_tabs_is_read():
    text = "name\trating\tclub\r\nZoë Ørsted\t1800\tOslo\r\nŁukasz Ćwik\t\tKraków\r\n"
    assert rows_of(text.encode("utf-16")) == ROWS  # Python writes the mark and the machine's byte order
    assert rows_of(b"\xff\xfe" + text.encode("utf-16-le")) == ROWS
    assert rows_of(b"\xfe\xff" + text.encode("utf-16-be")) == ROWS


def test_utf16_with_commas_and_utf8_with_or_without_its_mark_are_read():
    text = 'name,rating,club\nZoë Ørsted,1800,Oslo\n"Łukasz Ćwik",,Kraków\n'
    assert rows_of(text.encode("utf-16")) == ROWS
    assert rows_of(text.encode("utf-8")) == ROWS
    assert rows_of(text.encode("utf-8-sig")) == ROWS


def test_windows_1252_is_refused_saying_where_and_what_to_save_it_as():
    data = "name,rating,club\nAnn Able,1500,\nZoë Ørsted,1800,Oslo\n".encode("cp1252")
    message = fault_of(data)
    # "ë" is byte 34 (counting from 0): 17 bytes of the header line, 15 of Ann's line, then "Zo".
    assert message.startswith('Line 3: the file is not UTF-8 text (byte 34, 0xEB, is "ë" in Windows-1252')
    assert 'save it again as "CSV UTF-8 (Comma delimited)"' in message


def test_utf16_without_its_mark_is_named_as_such():
    assert "UTF-16 without its byte-order mark" in fault_of("Zoë Ørsted,1800,\n".encode("utf-16-le"))
    assert "CSV UTF-8" in fault_of("Zoë Ørsted,1800,\n".encode("utf-16-le"))


@pytest.fixture
def event(django_user_model):
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    return make_event("Spring Open", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss")


def post_file(client, event, data: bytes):
    client.force_login(event.organisers.get())
    return client.post(f"/manage/{event.slug}/players/import/", {"file": SimpleUploadedFile("players.csv", data)})


@pytest.mark.django_db
def test_the_page_enters_an_excel_unicode_text_file(client, event):
    data = "Zoë Ørsted\t1800\tOslo\r\nŁukasz Ćwik\t\tKraków\r\n".encode("utf-16")
    assert post_file(client, event, data).status_code == 302
    assert list(event.players.order_by("number").values_list("name", "rating", "club"))[2:] == [
        ("Zoë Ørsted", 1800, "Oslo"), ("Łukasz Ćwik", None, "Kraków")]


@pytest.mark.django_db
def test_the_page_says_what_to_save_a_windows_1252_file_as(client, event):
    response = post_file(client, event, "Zoë Ørsted,1800,Oslo\n".encode("cp1252"))
    page = response.content.decode()
    assert response.status_code == 200 and event.players.count() == 2
    # The fault, on the file field, says where (line 1, byte 2) and what to save it as; its words: the test above.
    [said] = field_errors(response)["file"]
    assert said.startswith("Line 1:") and "(byte 2, 0xEB," in said and '"CSV UTF-8 (Comma delimited)"' in said
    assert escape(said) in page


# --- One rule for a rating: the player form, the players file, the tournament file ------------------------

RATINGS = [(0, True), (1830, True), (10_000, True), (-1, False), (-1500, False), (10_001, False)]


def tournament_file(rating):
    return {"format": FORMAT, "name": "Cup", "settings": {"system": "swiss", "rounds": 3},
            "players": [{"id": 1, "name": "Ann Able", "rating": rating}], "rounds": []}


def file_takes(rating) -> bool:
    try:
        parse(tournament_file(rating))
    except FileFault as fault:
        assert fault.place == "players[0].rating"
        return False
    return True


def players_file_takes(rating) -> bool:
    try:
        read_players(f"Ann Able,{rating},\n")
    except PlayersFileFault:
        return False
    return True


def form_takes(rating) -> bool:
    form = PlayerForm({"name": "Ann Able", "rating": str(rating), "club": ""})
    return form.is_valid() or "rating" not in form.errors


@pytest.mark.parametrize("rating, is_a_rating", RATINGS)
def test_the_tournament_file_the_players_file_and_the_form_take_the_same_ratings(rating, is_a_rating):
    assert (file_takes(rating), players_file_takes(rating), form_takes(rating)) == (is_a_rating,) * 3


def test_a_negative_rating_in_a_tournament_file_is_refused_naming_the_field():
    with pytest.raises(FileFault) as fault:
        parse(tournament_file(-5))
    assert fault.value.place == "players[0].rating" and fault.value.problem.endswith("not -5")
