"""Two entrants of the same name told apart on every page and sheet that names them, by the
one labelling of `tournament/domain/names.py`: "Ann Able (Oxford)" and "Ann Able (Leeds)", never a bare "Ann Able"."""

from __future__ import annotations

import csv
import html
import io
import json
import re

import pytest
from django.db.models import Q

from tournament import services
from tournament.domain.names import PLAIN_LETTERS
from tournament.models import Match, Player

from tests.factories import page_text

pypdf = pytest.importorskip("pypdf", reason="pypdf is needed to read the printed sheets back")

# Entered in this order (the player numbers); seeds follow the ratings once round 1 is paired.
ENTRIES = [("Ann Able", 1500, "Oxford"), ("Ben Baker", 1800, ""), ("Ann Able", 1700, "Leeds"), ("Cy Cole", 1600, ""),
           ("Łukasz Nowak", 1400, ""), ("Zoë Zeal", 1300, ""), ("Ólafur Arnalds", 1200, ""), ("Di Dunn", 1900, "")]
LABELS = ("Ann Able (Oxford)", "Ann Able (Leeds)")


@pytest.fixture
def event(organiser):
    tournament = services.create_tournament("Same Names Open", organiser, rounds_announced=3)
    for name, rating, club in ENTRIES:
        services.add_player(tournament, name, rating=rating, club=club, duplicate_ok=True)
    return tournament


def draft(event):
    return services.generate_round(event)


def published(event):
    round_ = services.generate_round(event)
    services.publish_round(round_)
    return round_


def told_apart(text: str) -> None:
    """Both labels are there, and no "Ann Able" without what tells it apart."""
    text = " ".join(text.split())
    assert LABELS[0] in text and LABELS[1] in text
    assert not re.search(r"Ann Able(?! \((Oxford|Leeds)\))", text), text


def words(response) -> str:
    assert response.status_code == 200
    return html.unescape(re.sub(r"<[^>]+>", " ", page_text(response)))


def pdf_words(response) -> str:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content) if response.streaming else response.content
    return " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def options(page: str, field_id: str) -> list[str]:
    select = re.search(rf'<select[^>]*id="{field_id}".*?</select>', page, re.S).group(0)
    return [html.unescape(text) for text in re.findall(r"<option value=\"\d+\"[^>]*>([^<]*)</option>", select)]


def test_the_draft_and_its_drop_downs_tell_the_pair_apart_and_list_names_accents_aside(org_client, event):
    draft(event)
    page = page_text(org_client.get(f"/manage/{event.slug}/round/1/"))
    told_apart(words(org_client.get(f"/manage/{event.slug}/round/1/")))
    # Seeds by rating: Di 1, Ben 2, Ann of Leeds 3, Cy 4, Ann of Oxford 5, Łukasz 6, Zoë 7, Ólafur 8.
    assert options(page, "id_seat_first") == [
        "Ann Able (Leeds) · seed 3", "Ann Able (Oxford) · seed 5", "Ben Baker · seed 2", "Cy Cole · seed 4",
        "Di Dunn · seed 1", "Łukasz Nowak · seed 6", "Ólafur Arnalds · seed 8", "Zoë Zeal · seed 7"]
    assert options(page, "id_player_a")[:2] == ["Ann Able (Leeds)", "Ann Able (Oxford)"]  # the swap form


def test_a_draft_edit_says_which_of_the_pair_it_moved(org_client, event):
    round_ = services.start_by_hand(event)
    leeds, oxford = (Player.objects.get(tournament=event, club=club) for club in ("Leeds", "Oxford"))
    response = org_client.post(f"/manage/{event.slug}/round/{round_.number}/seat/",
                               {"first": leeds.pk, "second": oxford.pk}, follow=True)
    assert "Ann Able (Leeds) plays first against Ann Able (Oxford)." in words(response)


def test_the_dashboard_its_drop_down_and_its_lists_tell_the_pair_apart(org_client, event):
    published(event)
    page = page_text(org_client.get(f"/manage/{event.slug}/"))
    told_apart(words(org_client.get(f"/manage/{event.slug}/")))
    assert options(page, "id_excuse_player") == [
        "Ann Able (Leeds)", "Ann Able (Oxford)", "Ben Baker", "Cy Cole", "Di Dunn", "Łukasz Nowak", "Ólafur Arnalds",
        "Zoë Zeal"]


def test_the_links_page_says_whose_each_link_is(org_client, event):
    published(event)
    page = words(org_client.get(f"/manage/{event.slug}/links/"))
    told_apart(page)
    rows = re.findall(r"(Ann Able \(\w+\))\s+(\d+)", page)
    assert rows == [("Ann Able (Leeds)", "3"), ("Ann Able (Oxford)", "5")]  # name order, each with its seed


def test_the_link_cards_tell_the_pair_apart_and_give_the_seed_not_the_internal_number(org_client, event):
    published(event)
    cards = " ".join(pdf_words(org_client.get(f"/manage/{event.slug}/print/links.pdf")).split())
    told_apart(cards)
    assert "Player " not in cards
    # Di Dunn was entered eighth (number 8) and is seed 1 (the highest rating); cards in name order.
    assert re.findall(r"(Ann Able \(\w+\)|Di Dunn|Ólafur Arnalds) Seed (\d)", cards) == [
        ("Ann Able (Leeds)", "3"), ("Ann Able (Oxford)", "5"), ("Di Dunn", "1"), ("Ólafur Arnalds", "8")]


@pytest.mark.parametrize("sheet", ["slips", "pairings"])
def test_the_round_sheets_tell_the_pair_apart(org_client, event, sheet):
    published(event)
    told_apart(pdf_words(org_client.get(f"/manage/{event.slug}/print/{sheet}/round-1.pdf")))


@pytest.mark.parametrize("sheet", ["standings", "crosstable"])
def test_the_standings_sheets_tell_the_pair_apart(org_client, event, sheet):
    published(event)
    told_apart(pdf_words(org_client.get(f"/manage/{event.slug}/print/{sheet}.pdf")))


def test_the_public_pairings_and_find_your_name_tell_the_pair_apart(client, event):
    published(event)
    response = client.get(f"/t/{event.slug}/")
    told_apart(words(response))
    # "Find your name" reads each line as the one rule writes it: "oxford" or "leeds" finds the one meant.
    keys = re.findall(r'data-name="([^"]*)"', page_text(response))
    assert keys[:2] == ["ann able (leeds)", "ann able (oxford)"] and "lukasz nowak" in keys


def test_the_venue_screen_tells_the_pair_apart(client, event):
    published(event)
    told_apart(words(client.get(f"/t/{event.slug}/screen/")))


def test_the_standings_page_and_its_csv_tell_the_pair_apart_and_sort_by_name_accents_aside(client, event):
    published(event)
    told_apart(words(client.get(f"/t/{event.slug}/standings/")))
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{event.slug}/standings/?_export=csv&sort=name")
                                       .content.decode())))
    assert [row[1] for row in rows[1:]] == [
        "Ann Able (Leeds)", "Ann Able (Oxford)", "Ben Baker", "Cy Cole", "Di Dunn", "Łukasz Nowak", "Ólafur Arnalds",
        "Zoë Zeal"]


def test_the_crosstable_tells_the_pair_apart(client, event):
    published(event)
    told_apart(words(client.get(f"/t/{event.slug}/crosstable/")))


# --- One rule for "the same name" ------------------------------------------------------------------------------


def test_a_name_differing_only_in_accents_case_or_spaces_is_refused_on_the_form_until_confirmed(org_client, organiser):
    tournament = services.create_tournament("Nordic Open", organiser)
    services.add_player(tournament, "Zoë Ångström", club="Umeå")
    page = page_text(org_client.post(f"/manage/{tournament.slug}/players/add/", {"name": "zoe  Angstrom"}))
    assert "Zoë Ångström is already entered (seed 1)" in html.unescape(page)
    assert tournament.players.count() == 1
    org_client.post(f"/manage/{tournament.slug}/players/add/", {"name": "Zoe Angstrom", "duplicate_ok": "on"})
    assert sorted(tournament.players.values_list("name", flat=True)) == ["Zoe Angstrom", "Zoë Ångström"]


def test_the_players_file_calls_the_same_names_the_same(org_client, organiser):
    tournament = services.create_tournament("Nordic Open", organiser)
    services.add_player(tournament, "Zoë Ångström")
    page = html.unescape(page_text(org_client.post(f"/manage/{tournament.slug}/players/import/",
                                                   {"text": "Zoe Angstrom,,\nŁukasz Nowak,,\nlukasz  nowak,,\n"})))
    assert "Already entered: Zoë Ångström (seed 1). Twice in the file: lukasz nowak." in page  # read normalised
    assert tournament.players.count() == 1


def test_the_find_your_name_box_folds_what_is_typed_by_the_same_table_of_letters(client, event):
    """The page's script folds the typed name with the letters the one rule uses (`names.PLAIN_LETTERS`), so
    "lukasz" typed finds the line the rule wrote as "lukasz nowak"."""
    published(event)
    page = page_text(client.get(f"/t/{event.slug}/"))
    table = re.search(r'<script id="plain-letters" type="application/json">(.*?)</script>', page).group(1)
    assert json.loads(table) == PLAIN_LETTERS and PLAIN_LETTERS["ł"] == "l"


# --- Where results are entered and sent ------------------------------------------------------------------------


def the_pairs_game(event):
    """Round 1's game of Ann Able of Leeds (seed 3), and her opponent."""
    leeds = Player.objects.get(tournament=event, club="Leeds")
    match = event.rounds.get(number=1).matches.get(Q(first=leeds) | Q(second=leeds))
    return leeds, match


def test_the_results_grid_and_the_result_page_say_which_of_the_pair_plays(org_client, event):
    published(event)
    grid = words(org_client.get(f"/manage/{event.slug}/round/1/results/"))
    told_apart(grid)
    _, match = the_pairs_game(event)
    page = " ".join(words(org_client.get(f"/manage/{event.slug}/match/{match.pk}/")).split())
    # Her name over the board, over her boxes and in the forfeit choice; never a bare "Ann Able".
    assert page.count("Ann Able (Leeds)") == 3 and not re.search(r"Ann Able(?! \(Leeds\))", page)
    assert "Ann Able (Leeds) (wins by forfeit)" in page


def test_a_private_page_says_which_of_the_pair_is_the_opponent(client, event):
    published(event)
    leeds, match = the_pairs_game(event)
    opponent = match.second if match.first == leeds else match.first
    page = " ".join(words(client.get(f"/p/{opponent.link_token}/")).split())
    assert "against Ann Able (Leeds)." in page


def test_a_result_names_which_of_the_pair_played_on_the_dashboard_the_grid_and_the_private_page(org_client, client,
                                                                                              event):
    published(event)
    leeds, match = the_pairs_game(event)
    other = match.second if match.first == leeds else match.first
    services.enter_result(match, services.ResultEntry.typed(scores=[[9] * 6, [5] * 6]))  # the first player wins
    first, second = ("Ann Able (Leeds)", other.name) if match.first == leeds else (other.name, "Ann Able (Leeds)")
    summary = f"{first} 1–0 {second}"
    assert summary in " ".join(words(org_client.get(f"/manage/{event.slug}/")).split())
    grid = " ".join(words(org_client.get(f"/manage/{event.slug}/round/1/results/")).split())
    assert f"{first} wins, 9 v 5 in the lowest colour" in grid
    assert summary in " ".join(words(client.get(f"/p/{leeds.link_token}/")).split())


def test_the_finished_events_podium_tells_the_pair_apart(client, organiser):
    """A one-round Swiss of four: the first-named player of each game wins 9 v 3; the podium's three (two winners,
    then the losers level below) include at least one Ann Able, named by what tells the pair apart."""
    tournament = services.create_tournament("Same Names Final", organiser, system="swiss", rounds_announced=1)
    for name, rating, club in (("Ann Able", 1900, "Oxford"), ("Ann Able", 1800, "Leeds"), ("Ben Baker", 1700, ""),
                               ("Cy Cole", 1600, "")):
        services.add_player(tournament, name, rating=rating, club=club, duplicate_ok=True)
    round_ = published(tournament)
    for match in round_.matches.all():
        services.enter_result(match, services.ResultEntry.typed(scores=[[9] * 6, [3] * 6], flagged=[False, False]))
    services.close_round(round_)
    page = words(client.get(f"/t/{tournament.slug}/"))
    assert "The tournament is finished" in page
    podium = page.split("The tournament is finished", 1)[1][:400]
    assert LABELS[0] in podium or LABELS[1] in podium
    assert not re.search(r"Ann Able(?! \((Oxford|Leeds)\))", podium), podium
