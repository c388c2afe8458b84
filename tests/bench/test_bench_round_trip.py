"""Benchmark, by hand: the 500-player, 9-round event exported and imported back, through the pages and the
command line, with identical standings.

    .venv/bin/python -m pytest tests/bench/test_bench_round_trip.py -s

The event is the load test's (tests/load/run.py: a third of the games with
move logs, forfeits, withdrawals, the last round half played).  Prints the
size of the file the site writes against the import page's limit, and how
long each way took.
"""

from __future__ import annotations

import io
import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tournament.forms.organiser import MAX_TOURNAMENT_FILE_BYTES
from tournament.models import Match, Tournament

from tests.load.run import build_event


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def standings(slug: str) -> list[dict]:
    return json.loads(run("standings", slug, "--json"))


@pytest.mark.django_db
def test_the_500_player_event_goes_out_and_back_in_with_the_same_standings(client, django_user_model, tmp_path):
    started = time.perf_counter()
    build_event(500, 9)
    event = Tournament.objects.get()
    logs = Match.objects.filter(round__tournament=event, log__isnull=False).count()
    print(f"\nbuilt the event ({logs} move logs) in {time.perf_counter() - started:.0f} s")
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    event.organisers.add(organiser)
    client.force_login(organiser)

    started = time.perf_counter()
    download = client.get(f"/manage/{event.slug}/export.json")
    exported = time.perf_counter()
    upload = client.post("/manage/import/", {"file": SimpleUploadedFile("event.json", download.content)})
    imported = time.perf_counter()
    assert upload.status_code == 302, upload.context["form"].errors
    copy = Tournament.objects.get(slug=upload.url.rstrip("/").rsplit("/", 1)[-1])
    print(f"pages: the download is {len(download.content) / 1e6:.1f} MB (the import takes up to "
          f"{MAX_TOURNAMENT_FILE_BYTES / 1e6:.0f} MB); exported in {exported - started:.1f} s, "
          f"imported in {imported - exported:.1f} s")
    assert len(download.content) < MAX_TOURNAMENT_FILE_BYTES
    assert standings(copy.slug) == standings(event.slug)

    path = tmp_path / "event.json"
    started = time.perf_counter()
    path.write_text(run("export_tournament", event.slug))
    exported = time.perf_counter()
    again = run("import_tournament", str(path)).splitlines()[-1]
    imported = time.perf_counter()
    print(f"command line: {path.stat().st_size / 1e6:.1f} MB; exported in {exported - started:.1f} s, "
          f"imported in {imported - exported:.1f} s")
    assert standings(again) == standings(event.slug)
    assert run("export_tournament", again) == run("export_tournament", copy.slug)
