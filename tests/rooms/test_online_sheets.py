"""The printed sheets of an online round (docs/online-play.md, "Setting up"): the pairing sheet and the players' link cards say
where each game is played, and the result slips print no empty slips. Read back with pdftotext."""

import datetime
import shutil
import subprocess
import zoneinfo

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import timezone

from tests.factories import make_event, page_text
from tournament import pdf, services
from tournament.models import Round
from tournament.records import record_of

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftotext"), reason="pdftotext (poppler-utils) reads the sheets back"),
]
SITE = "https://tm.example.org"
NAMES = ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane", "Eve Etty"]  # two games and a bye


def text_of(response) -> str:
    """The PDF's words in the order they were set (`-raw`: side-by-side cards stay apart), one space between."""
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    done = subprocess.run(["pdftotext", "-raw", "-", "-"], input=b"".join(response.streaming_content),
                          capture_output=True, check=True)
    return " ".join(done.stdout.decode().split())


def tomorrow_at_half_past_two():
    """14:30 UTC tomorrow: ahead of the clock whenever the test runs (a past start would be read as now)."""
    tomorrow = timezone.now().astimezone(datetime.timezone.utc) + datetime.timedelta(days=1)
    return tomorrow.replace(hour=14, minute=30, second=0, microsecond=0)


@pytest.fixture
def online(organiser):
    tournament = make_event("Online Open", NAMES, organiser=organiser, play="online", system="swiss",
                            rounds_announced=3)
    draft = services.generate_round(tournament)
    services.publish_round(draft, starts_at=tomorrow_at_half_past_two())
    return tournament


@pytest.fixture
def at_tables(organiser):
    return make_event("Table Open", NAMES, organiser=organiser, system="swiss", rounds_announced=3,
                      publish_round_one=True)


def test_the_pairing_sheet_of_an_online_round_says_each_game_is_played_online(org_client, online):
    text = text_of(org_client.get(f"/manage/{online.slug}/print/pairings/round-1.pdf"))
    # tomorrow, 14:30 UTC, written in the tournament's zone (the site's: London's, GMT or BST by the season)
    local = Round.objects.get(tournament=online).starts_at.astimezone(zoneinfo.ZoneInfo(settings.TIME_ZONE))
    assert f"Played online, from {local:%H:%M} {local.tzname()} on {local.day} {local:%B}" in text
    assert "private link" in text
    by_table, by_name = text.split("Round 1 pairings by name")
    # Both games say where they are played (in the Result column, after the second player's VP); the bye has none.
    assert by_table.count(" 0 online") == 2
    assert "Played online" in by_name  # the list by name says it too


def test_the_result_slips_of_an_online_round_are_no_slips_but_say_the_rooms_write_the_results(org_client, online):
    text = text_of(org_client.get(f"/manage/{online.slug}/print/slips/round-1.pdf"))
    assert "Round 1 is played online: no result slips." in text
    assert "The room writes the result" in text
    assert "Signature" not in text and "Ran out of time" not in text  # no empty slip


def test_the_pairing_sheet_writes_the_start_in_the_tournaments_own_zone(org_client, online):
    services.update_settings(online, time_zone="Asia/Kolkata")  # UTC+5:30 all year: 14:30 UTC is 20:00 IST
    text = text_of(org_client.get(f"/manage/{online.slug}/print/pairings/round-1.pdf"))
    assert "Played online, from 20:00 IST on" in text


def test_a_table_round_still_prints_its_slips_and_no_online_note(org_client, at_tables):
    slips = text_of(org_client.get(f"/manage/{at_tables.slug}/print/slips/round-1.pdf"))
    assert slips.count("Signature: ") == 4  # two games, two players each
    pairings = text_of(org_client.get(f"/manage/{at_tables.slug}/print/pairings/round-1.pdf"))
    assert "online" not in pairings.lower()


@override_settings(SITE_URL=SITE)
def test_the_link_cards_of_an_online_tournament_say_the_link_opens_the_game(org_client, online, at_tables):
    text = text_of(org_client.get(f"/manage/{online.slug}/print/links.pdf"))
    assert text.count("Played online: your private link opens your game.") == len(NAMES)
    assert "Games are played online" in text
    table = text_of(org_client.get(f"/manage/{at_tables.slug}/print/links.pdf"))
    assert "online" not in table.lower()


def test_an_online_round_read_from_a_file_is_online_on_the_sheets(online):
    record = record_of(online)
    record.rounds[0].starts_at = None  # a file's pending last round without a start: "none meaning now"
    assert Round.objects.get(tournament=online).play == "online"
    assert "Played online:" in " ".join(_pdftotext(pdf.pairing_sheet(record, 1)).split())


def _pdftotext(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def test_the_links_page_says_the_links_open_the_games_of_an_online_tournament(org_client, online, at_tables):
    assert "Games are played online:" in page_text(org_client.get(f"/manage/{online.slug}/links/"))
    assert "played online" not in page_text(org_client.get(f"/manage/{at_tables.slug}/links/"))
