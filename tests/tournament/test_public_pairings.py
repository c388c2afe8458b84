"""Public pairings: each player's VP before the round, and a list by name to find one's table."""

import io
import re

import pytest

from tests.factories import make_event, page_text
from tournament import pdf, services
from tournament.models import Match
from tournament.records import record_of

pytestmark = pytest.mark.django_db
NAMES = ["Zoë Ørsted", "ann able", "Ben Baker", "Cy Cole", "Di Dunn"]


@pytest.fixture
def event():
    tournament = make_event("Pairings Open", NAMES, ratings=[2000, 1900, 1800, 1700, 1600], system="swiss",
                            rounds_announced=3, bye_half_points=2, publish_round_one=True)
    first = tournament.rounds.get(number=1)
    for match in first.matches.exclude(second=None):
        services.enter_result(match, services.ResultEntry.typed(scores=[[6] * 6, [5] * 6]))  # the first player wins
    services.close_round(first)
    services.publish_round(services.generate_round(tournament))
    return tournament


def test_each_board_shows_both_players_vp_before_the_round(client, event):
    round_one = {m.first_id: "1" for m in event.rounds.get(number=1).matches.all()}  # winners and the bye: 1 VP
    html = page_text(client.get(f"/t/{event.slug}/round/2/"))
    for match in event.rounds.get(number=2).matches.select_related("first", "second"):
        for player in filter(None, (match.first, match.second)):
            expected = round_one.get(player.pk, "0")
            assert re.search(rf">{re.escape(player.name)}</a> <span class=\"vp\"[^>]*>{expected}</span>", html), \
                (player.name, expected)


def test_the_list_by_name_gives_each_players_table_side_and_opponent_in_name_order(client, event):
    html = page_text(client.get(f"/t/{event.slug}/round/2/"))
    listed = re.findall(r'<li data-name="[^"]*"><strong>([^<]+)</strong>\s*([^<]*)</li>', html)
    assert [name for name, _ in listed] == ["ann able", "Ben Baker", "Cy Cole", "Di Dunn", "Zoë Ørsted"]
    for match in event.rounds.get(number=2).matches.select_related("first", "second"):
        if match.second is None:
            assert (match.first.name, "– bye") in [(n, " ".join(w.split())) for n, w in listed]
            continue
        words = {n: " ".join(w.split()) for n, w in listed}
        assert words[match.first.name] == f"– table {match.table}, plays first against {match.second.name}"
        assert words[match.second.name] == f"– table {match.table}, plays second against {match.first.name}"
    assert 'type="search" id="find-player" data-filter' in html


# --- an all-play-all: the idle player and the table's forfeits of absent players ---------------------------
# Five players, seeds 1-5 by rating.  Berger for 5: round 1 2-5, 3-4 (Ada idle); round 2 1-2, 5-3 (Di idle);
# round 3 3-1, 4-5 (Bo idle).  Ed withdraws after round 1; Cy is excused from round 3.


@pytest.fixture
def robin():
    tournament = make_event("Odd Robin", ["P1 Ada", "P2 Bo", "P3 Cy", "P4 Di", "P5 Ed"],
                            ratings=[2000, 1900, 1800, 1700, 1600], system="all-play-all", rounds_announced=5)
    players = {p.name: p for p in tournament.players.all()}
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    for match in round_.matches.all():
        services.enter_result(match, services.ResultEntry.typed(scores=[[6] * 6, [5] * 6]))  # the first player wins
    services.close_round(round_)
    services.withdraw(players["P5 Ed"], 1)
    services.excuse_player(players["P3 Cy"], 3)
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    services.enter_result(round_.matches.get(table=1), services.ResultEntry.typed(scores=[[6] * 6, [5] * 6]))
    services.close_round(round_)
    services.publish_round(services.generate_round(tournament))
    return tournament


def listed_by_name(html):
    return [(name, " ".join(words.split()))
            for name, words in re.findall(r'<li data-name="[^"]*"><strong>([^<]+)</strong>\s*([^<]*)</li>', html)]


def table_column(html):
    body = html.split('<table class="pairings">')[1].split("</table>")[0]
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<tr>\s*<td>(.*?)</td>", body)]


def test_the_idle_player_is_listed_by_name(client, robin):
    html = page_text(client.get(f"/t/{robin.slug}/round/1/"))
    assert listed_by_name(html) == [
        ("P1 Ada", "– idle this round (all-play-all, odd field)"),
        ("P2 Bo", "– table 1, plays first against P5 Ed"),
        ("P3 Cy", "– table 2, plays first against P4 Di"),
        ("P4 Di", "– table 2, plays second against P3 Cy"),
        ("P5 Ed", "– table 1, plays second against P2 Bo"),
    ]


def test_a_withdrawn_player_s_scheduled_game_is_listed_as_a_forfeit_not_a_table(client, robin):
    html = page_text(client.get(f"/t/{robin.slug}/round/2/"))
    assert listed_by_name(html) == [
        ("P1 Ada", "– table 1, plays first against P2 Bo"),
        ("P2 Bo", "– table 1, plays second against P1 Ada"),
        ("P3 Cy", "– wins by forfeit against P5 Ed (no game)"),
        ("P4 Di", "– idle this round (all-play-all, odd field)"),
        ("P5 Ed", "– withdrawn: loses by forfeit against P3 Cy (no game)"),
    ]
    assert table_column(html) == ["1", "forfeit"]
    assert "0–1 forfeit" in html


def test_a_round_of_forfeits_only_on_the_pages_the_screen_and_the_sheet(client, robin):
    html = page_text(client.get(f"/t/{robin.slug}/round/3/"))
    assert listed_by_name(html) == [
        ("P1 Ada", "– wins by forfeit against P3 Cy (no game)"),
        ("P2 Bo", "– idle this round (all-play-all, odd field)"),
        ("P3 Cy", "– excused: loses by forfeit against P1 Ada (no game)"),
        ("P4 Di", "– wins by forfeit against P5 Ed (no game)"),
        ("P5 Ed", "– withdrawn: loses by forfeit against P4 Di (no game)"),
    ]
    assert table_column(html) == ["forfeit", "forfeit"]
    screen = " ".join(re.sub(r"<[^>]+>", " ", page_text(client.get(f"/t/{robin.slug}/screen/"))).split())
    for line in ("P1 Ada wins by forfeit v P3 Cy", "P2 Bo idle this round", "P3 Cy loses by forfeit v P1 Ada",
                 "P5 Ed loses by forfeit v P4 Di"):
        assert line in screen
    assert "Table 1" not in screen and "Table 2" not in screen

    pypdf = pytest.importorskip("pypdf")

    reader = pypdf.PdfReader(io.BytesIO(pdf.pairing_sheet(record_of(robin), 3)))
    by_table, by_name = (" ".join(page.extract_text().split()) for page in reader.pages)
    # VP before round 3: Cy 2 (beat Di, then won by forfeit), Ada 1 (idle, then beat Bo), Di 0, Ed 0.
    assert "forfeit P3 Cy 2 P1 Ada 1 0–1 forfeit forfeit P4 Di 0 P5 Ed 0 1–0 forfeit" in by_table
    assert "P2 Bo idle" in by_name and "P4 Di forfeit wins P5 Ed" in by_name
    # As the page's list by name, the sheet says why the absent player loses.
    assert "P3 Cy forfeit loses (excused) P1 Ada" in by_name and "P5 Ed forfeit loses (withdrawn) P4 Di" in by_name


def test_a_swiss_bye_and_excused_absence_are_not_numbered_as_tables(client):
    tournament = make_event("Swiss Six", ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"],
                            ratings=[2000, 1900, 1800, 1700, 1600, 1500], system="swiss", rounds_announced=3)
    services.excuse_player(tournament.players.get(name="Flo"), 1)
    services.publish_round(services.generate_round(tournament))  # five play: two tables and a bye
    html = page_text(client.get(f"/t/{tournament.slug}/round/1/"))
    assert table_column(html) == ["1", "2", "bye", "excused"]
    assert "<em>(no opponent)</em>" in html and "<em>(excused absence)</em>" in html
    assert ("Flo", "– excused absence") in listed_by_name(html)
