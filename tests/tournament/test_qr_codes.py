"""QR codes on the printed sheets, read back with zbarimg: each is a full SITE_URL address that opens its page."""

import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from tests.factories import make_event, page_text
from tournament import services

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not (shutil.which("zbarimg") and shutil.which("pdftoppm")),
                       reason="zbarimg (zbar-tools) and pdftoppm (poppler-utils) read the codes back"),
]
SITE = "https://tm.example.org"
NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eve", "Flo Fry", "Gil Gray", "Hal Hunt", "Ivy Ives"]


def codes_in(data: bytes, folder) -> list[str]:
    """Every QR code on every page of the PDF, as text, page by page."""
    (folder / "sheet.pdf").write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(folder / "sheet.pdf"), str(folder / "page")], check=True)
    codes = []
    for page in sorted(folder.glob("page-*.png")):
        done = subprocess.run(["zbarimg", "--raw", "-q", str(page)], capture_output=True, text=True)
        codes += done.stdout.split()
    return codes


def pdf_of(response) -> bytes:
    assert response.status_code == 200, response.status_code
    return b"".join(response.streaming_content)


@pytest.fixture
def event(organiser):
    # Nine players: four games and a bye in round 1.
    return make_event("QR Open", NAMES, ratings=list(range(2000, 1910, -10)), organiser=organiser,
                      system="swiss", rounds_announced=3, publish_round_one=True)


def link(player):
    return f"{SITE}/p/{player.link_token}/"


@override_settings(SITE_URL=SITE)
def test_every_slip_carries_both_players_links_and_each_opens_that_players_page(org_client, event, tmp_path):
    games = list(event.rounds.get().matches.exclude(second=None).select_related("first", "second"))
    assert len(games) == 4
    codes = codes_in(pdf_of(org_client.get(f"/manage/{event.slug}/print/slips/round-1.pdf")), tmp_path)
    assert sorted(codes) == sorted(link(p) for m in games for p in (m.first, m.second))  # each once; no bye slip
    printed = tmp_path / "command"
    printed.mkdir()
    call_command("print", event.slug, "1", "--what", "slips", "-o", str(printed / "slips.pdf"))
    assert codes_in((printed / "slips.pdf").read_bytes(), printed) == codes  # the command prints the same codes
    phone = Client()
    for match in games:
        for player in (match.first, match.second):
            page = phone.get(link(player).removeprefix(SITE))
            assert page.status_code == 200 and player.name in page_text(page)


@override_settings(SITE_URL=SITE)
def test_the_pairing_sheet_carries_the_rounds_public_pairings(org_client, event, tmp_path):
    codes = codes_in(pdf_of(org_client.get(f"/manage/{event.slug}/print/pairings/round-1.pdf?paper=Letter")),
                     tmp_path)
    assert codes == [f"{SITE}/t/{event.slug}/round/1/"]
    assert "Table" in page_text(Client().get(f"/t/{event.slug}/round/1/"))


@override_settings(SITE_URL=SITE)
def test_the_links_sheet_has_every_players_card_for_organisers_only(org_client, client, people, event, tmp_path):
    codes = codes_in(pdf_of(org_client.get(f"/manage/{event.slug}/print/links.pdf")), tmp_path)
    assert sorted(codes) == sorted(link(p) for p in event.players.all())
    services.add_role(event, people["arb"], "arbiter", user=people["org"])
    client.force_login(people["arb"])
    assert client.get(f"/manage/{event.slug}/print/links.pdf").status_code == 403
    assert client.get(f"/manage/{event.slug}/print/slips/round-1.pdf").status_code == 200  # slips go to the tables


@override_settings(SITE_URL=SITE)
def test_a_renewed_link_prints_its_new_code_and_the_old_one_no_longer_opens(org_client, event, tmp_path):
    ann = event.players.get(name="Ann Able")
    old = link(ann)
    services.renew_link(ann)
    ann.refresh_from_db()
    codes = codes_in(pdf_of(org_client.get(f"/manage/{event.slug}/print/links.pdf")), tmp_path)
    assert link(ann) in codes and old not in codes
    assert Client().get(old.removeprefix(SITE)).status_code == 410  # replaced: gone, on a page saying so


def test_the_links_page_says_when_the_printed_address_is_not_this_sites(org_client, event):
    with override_settings(SITE_URL="http://127.0.0.1:8000"):
        page = page_text(org_client.get(f"/manage/{event.slug}/links/"))
    assert "start with\n  <strong>http://127.0.0.1:8000</strong>" in page and "<strong>http://testserver</strong>" in page
    with override_settings(SITE_URL="http://testserver"):
        page = page_text(org_client.get(f"/manage/{event.slug}/links/"))
    assert "the <code>SITE_URL</code> setting" not in page


# --- one rule for who sees the players' links -------------------------------------------------------------------


@pytest.fixture
def arbiter_client(people, event):
    services.add_role(event, people["arb"], "arbiter")
    browser = Client()
    browser.force_login(people["arb"])
    return browser


@override_settings(SITE_URL=SITE)
def test_an_arbiter_prints_the_slips_without_the_players_links(arbiter_client, event, tmp_path):
    """Arbiters were refused the links page yet printed every link as the slips' QR codes."""
    assert arbiter_client.get(f"/manage/{event.slug}/links/").status_code == 403
    assert arbiter_client.get(f"/manage/{event.slug}/print/links.pdf").status_code == 403
    assert codes_in(pdf_of(arbiter_client.get(f"/manage/{event.slug}/print/slips/round-1.pdf")), tmp_path) == []
    dashboard = page_text(arbiter_client.get(f"/manage/{event.slug}/"))
    assert "Player links" not in dashboard and "each player's link as a QR code" not in dashboard
    # The pairing sheet's code is the public pairings page, which anyone may open.
    pairings = tmp_path / "pairings"
    pairings.mkdir()
    assert codes_in(pdf_of(arbiter_client.get(f"/manage/{event.slug}/print/pairings/round-1.pdf")),
                    pairings) == [f"{SITE}/t/{event.slug}/round/1/"]


@pytest.mark.parametrize("address", ["links/", "print/links.pdf", "print/slips/round-1.pdf", "print/links.pdf?paper=Letter",
                                     "print/pairings/round-1.pdf", "print/standings.pdf"])
def test_pages_and_sheets_of_an_organiser_are_never_stored(org_client, event, address):
    """The link cards and slips were served without Cache-Control: no-store."""
    response = org_client.get(f"/manage/{event.slug}/{address}")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


DEV = {"DEBUG": True, "SITE_URL": "http://127.0.0.1:8000", "SITE_URL_GIVEN": False}


@pytest.mark.parametrize("given, debug, expected", [
    (False, True, "http://127.0.0.1:8601"),  # `PORT=8601 make run`: the address the organiser's browser is at
    (True, True, "http://127.0.0.1:8000"),   # SITE_URL set: always it
    (False, False, "http://127.0.0.1:8000"),  # a real server prints its SITE_URL, whatever the Host header says
])
def test_a_development_server_prints_the_address_it_serves_unless_site_url_is_set(org_client, event, tmp_path,
                                                                                  given, debug, expected):
    with override_settings(**dict(DEV, SITE_URL_GIVEN=given, DEBUG=debug)):
        sheet = org_client.get(f"/manage/{event.slug}/print/pairings/round-1.pdf", HTTP_HOST="127.0.0.1:8601")
        links = page_text(org_client.get(f"/manage/{event.slug}/links/", HTTP_HOST="127.0.0.1:8601"))
    assert codes_in(pdf_of(sheet), tmp_path) == [f"{expected}/t/{event.slug}/round/1/"]
    ann = event.players.get(name="Ann Able")
    assert f"{expected}/p/{ann.link_token}/" in links
    assert ("the <code>SITE_URL</code> setting" in links) == (expected != "http://127.0.0.1:8601")
