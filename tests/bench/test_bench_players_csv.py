"""Benchmark, by hand: a players file of 10,000 lines through the organiser's page.

    .venv/bin/python -m pytest tests/bench/test_bench_players_csv.py -s

Target (`games/bench_targets.py`): under 5 s, in one short transaction (the players and
their audit entries written in bulk), so other tournaments' pages and saves
hardly wait.  Prints the time of reading the file alone, of the whole
upload, and how long the writing transaction held the database.
"""

from __future__ import annotations

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from games.bench_targets import PLAYERS_FILE_10000_S as TARGET_S
from tournament.models import AuditEntry
from tournament.forms.players_csv import read_players

from tests.factories import make_event

ROWS = 10_000


@pytest.mark.django_db(transaction=True)
def test_ten_thousand_players_from_one_file(client, django_user_model):
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    event = make_event("Big Open", [], organiser=organiser, system="swiss")
    text = "name,rating,club\n" + "".join(f"Player {n:05d},{1000 + n % 1500},Club {n % 97}\n" for n in range(ROWS))
    started = time.perf_counter()
    assert len(read_players(text)) == ROWS
    reading = time.perf_counter() - started

    held = []

    def timing(execute, sql, params, many, context):
        if sql.startswith(("BEGIN", "SAVEPOINT")) and not held:
            held.append(time.perf_counter())
        result = execute(sql, params, many, context)
        return result

    client.force_login(organiser)
    started = time.perf_counter()
    with connection.execute_wrapper(timing):
        response = client.post(f"/manage/{event.slug}/players/import/",
                               {"file": SimpleUploadedFile("players.csv", text.encode())})
    finished = time.perf_counter()
    assert response.status_code == 302
    assert event.players.count() == ROWS and AuditEntry.objects.filter(action="player added").count() == ROWS
    print(f"\n{ROWS:,} players: reading the file {reading:.2f} s; the whole upload {finished - started:.2f} s; "
          f"the writing transaction about {finished - held[0]:.2f} s (target: under {TARGET_S} s)")
    assert finished - started < TARGET_S
