"""Fuzzing the players file (CSV) through the organiser's page, as tests/test_fuzz_inputs.py does the other imports.

Random bytes, random text and real files damaged in the ways the review
found (quotes, long cells, huge and odd numbers, control characters, extra
cells) must come back as the page with its errors, nothing written, or as
the players entered, each as the file had them; never a 500 (the test client
re-raises a view's exception, so a crash fails the test).

`FUZZ_SCALE=10 pytest tests/tournament/test_fuzz_players_csv.py` to hunt for more.
"""

from __future__ import annotations

import os
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tournament.models import AuditEntry, Player
from tournament.forms.players_csv import read_players

from tests.factories import make_event, rolled_back

SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
FUZZ = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                                  HealthCheck.data_too_large])


cells = st.one_of(
    st.sampled_from(["Ann Able", "Zoë Ørsted", "", " ", "1500", "0", "10000", "10001", "-1", "+5", "1e3", "1.5",
                     "²", "\u0663", "9" * 30, "9" * 5000, "x" * 120, "y" * 121, "\x00", "a\tb", "a\nb", "\r",
                     "\x7f", "\u0085", "\u202eevil", "\U0001f600", "=HYPERLINK(\"x\")", "name", "NAME", "\ufeff"]),
    st.text(max_size=12),
    st.integers(-(10**25), 10**25).map(str),
)


@st.composite
def csv_lines(draw):
    """A line of one to five cells, some quoted (well or badly), joined by commas."""
    parts = []
    for cell in draw(st.lists(cells, min_size=1, max_size=5)):
        quoting = draw(st.sampled_from(["plain", "plain", "quoted", "open quote", "stray quote"]))
        if quoting == "quoted":
            cell = '"' + cell.replace('"', '""') + '"'
        elif quoting == "open quote":
            cell = '"' + cell
        elif quoting == "stray quote":
            cell = cell[:1] + '"' + cell[1:]
        parts.append(cell)
    return ",".join(parts)


files = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300),
    st.lists(csv_lines(), max_size=8).map(lambda lines: "\n".join(lines)),
    st.lists(csv_lines(), max_size=8).map(lambda lines: "name,rating,club\r\n" + "\r\n".join(lines) + "\r\n"),
)


@pytest.fixture
def org_client(client, django_user_model):
    organiser = django_user_model.objects.create_user(f"org-{uuid.uuid4().hex[:8]}", is_staff=True)
    client.force_login(organiser)
    return client, make_event("Fuzz Open", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss")


def counts(tournament):
    return Player.objects.filter(tournament=tournament).count(), AuditEntry.objects.count()


@pytest.mark.django_db
@settings(max_examples=80 * SCALE, **FUZZ)
@given(file=files)
def test_a_players_file_is_refused_with_its_faults_shown_or_entered_as_written(org_client, file):
    client, tournament = org_client
    data = file if isinstance(file, bytes) else file.encode("utf-8", "surrogatepass")
    with rolled_back():
        before = counts(tournament)
        response = client.post(f"/manage/{tournament.slug}/players/import/",
                               {"file": SimpleUploadedFile("players.csv", data)})
        if response.status_code == 200:
            event("refused")
            errors = response.context["csv_form"].errors["file"]
            assert errors, "a refused file says why"
            page = response.content.decode()
            assert all(escape(error) in page for error in errors)
            assert counts(tournament) == before
            return
        assert response.status_code == 302, response.status_code
        event("entered")
        rows = read_players(data.decode("utf-8-sig"))
        entered = list(tournament.players.order_by("number").values_list("name", "rating", "club"))[before[0]:]
        assert entered == [(row.name, row.rating, row.club) for row in rows]
        assert counts(tournament) == (before[0] + len(rows), before[1] + len(rows))
        for name, rating, club in entered:  # what the tournament file and the database take
            assert 0 < len(name) <= 120 and len(club) <= 120 and (rating is None or 0 <= rating <= 10_000)
            assert not any(ord(c) < 32 or c == "\x7f" for c in name + club)
