"""The site takes back what it writes: an organiser's download imports through the import page, same standings.

(The 500-player, 9-round event, through the pages and the command line: tests/bench/test_bench_round_trip.py.)
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tournament.forms.organiser import MAX_TOURNAMENT_FILE_BYTES
from tournament.models import Tournament
from tournament.records import import_record
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

pytestmark = pytest.mark.django_db


def standings(slug: str) -> list[dict]:
    out = io.StringIO()
    call_command("standings", slug, "--json", stdout=out)
    return json.loads(out.getvalue())


def round_trip_through_the_pages(client, organiser, tournament) -> tuple[bytes, Tournament]:
    """Download the file from the organiser's page, upload it on the import page: the new tournament."""
    tournament.organisers.add(organiser)
    client.force_login(organiser)
    download = client.get(f"/manage/{tournament.slug}/export.json")
    assert download.status_code == 200
    upload = client.post("/manage/import/", {"file": SimpleUploadedFile("event.json", download.content)})
    assert upload.status_code == 302, upload.context["form"].errors
    return download.content, Tournament.objects.get(slug=upload.url.rstrip("/").rsplit("/", 1)[-1])


def test_the_download_imports_back_through_the_page_with_the_same_standings(client, django_user_model):
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    event = import_record(parse(simulate(41, 6, seed=12, forfeit_chance=0.04, withdraw_chance=0.03,
                                         late_entries=2, log_chance=0.3, pending_last=True)))
    text, copy = round_trip_through_the_pages(client, organiser, event)
    assert copy.pk != event.pk
    assert standings(copy.slug) == standings(event.slug)
    # Compact: no indentation, no space after a separator, one line and its end.
    compact = json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    assert text == compact


def test_the_import_page_takes_files_up_to_25_mb():
    assert MAX_TOURNAMENT_FILE_BYTES == 25_000_000
