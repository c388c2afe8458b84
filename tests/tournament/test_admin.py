"""The admin site goes through nobody's back: accounts a tournament names stay, the tournament's rows are read-only,
and the audit keeps who did what (tournament/admin.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import ProtectedError

from tournament import audit, services
from tournament.models import AuditEntry, Tournament

from tests.factories import make_event, matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(django_user_model):
    return {
        "root": django_user_model.objects.create_superuser("root", password="x"),
        "org": django_user_model.objects.create_user("org", is_staff=True),
        "arb": django_user_model.objects.create_user("arb"),
        "idle": django_user_model.objects.create_user("idle"),
    }


@pytest.fixture
def event(people):
    tournament = make_event("Admin Open", ["Ann Able", "Ben Baker"], organiser=people["org"], system="swiss")
    services.add_role(tournament, people["arb"], "arbiter", user=people["org"])
    return tournament


@pytest.fixture
def admin_client(client, people):
    client.force_login(people["root"])
    return client


def test_the_admin_will_not_delete_an_organiser_nor_an_arbiter(admin_client, people, event):
    for name, reason in (("org", "organiser of Admin Open"), ("arb", "arbiter of Admin Open")):
        page = admin_client.post(f"/admin/auth/user/{people[name].pk}/delete/", {"post": "yes"})
        assert page.status_code == 200
        text = page.content.decode()
        assert "Cannot delete user" in text and reason in text and "make the account inactive instead" in text
    bulk = admin_client.post("/admin/auth/user/", {"action": "delete_selected", "post": "yes",
                                                   "_selected_action": [people["org"].pk, people["idle"].pk]})
    assert "Cannot delete" in bulk.content.decode()
    assert set(get_user_model().objects.values_list("username", flat=True)) == {"root", "org", "arb", "idle"}
    assert list(event.organisers.all()) == [people["org"]]


def test_an_account_in_the_audit_stays_and_one_nothing_names_may_go(admin_client, people, event):
    services.remove_role(event, people["arb"], "arbiter", user=people["org"])
    # The arbiter made no change and has no role left: nothing names them, so they may go.
    assert admin_client.post(f"/admin/auth/user/{people['arb'].pk}/delete/", {"post": "yes"}).status_code == 302
    # The organiser made changes (the audit names them): they stay, even with no role left.
    other = get_user_model().objects.create_user("org2", is_staff=True)
    services.add_role(event, other, "organiser", user=people["org"])
    services.remove_role(event, people["org"], "organiser", user=other)
    page = admin_client.post(f"/admin/auth/user/{people['org'].pk}/delete/", {"post": "yes"})
    assert "named in 4 audit entries" in page.content.decode()
    assert get_user_model().objects.filter(username="org").exists()


def test_no_other_way_deletes_a_named_account_either(people, event):
    with pytest.raises(ProtectedError, match="organiser of Admin Open"), transaction.atomic():
        people["org"].delete()
    with pytest.raises(ProtectedError), transaction.atomic():
        get_user_model().objects.filter(username="arb").delete()
    assert get_user_model().objects.filter(username__in=["org", "arb"]).count() == 2
    people["idle"].delete()  # nothing names this one


def test_the_tournaments_rows_are_read_only_in_the_admin(admin_client, event):
    match_free = event.players.get(name="Ann Able")
    for address in (f"/admin/tournament/tournament/{event.pk}/change/", f"/admin/tournament/player/{match_free.pk}/change/",
                    f"/admin/tournament/auditentry/{AuditEntry.objects.first().pk}/change/"):
        page = admin_client.get(address)
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode(), address
        assert admin_client.post(address, {"name": "Renamed"}).status_code == 403, address
    assert admin_client.get("/admin/tournament/tournament/add/").status_code == 403
    assert admin_client.post(f"/admin/tournament/tournament/{event.pk}/delete/", {"post": "yes"}).status_code == 403
    event.refresh_from_db()
    assert event.name == "Admin Open" and Tournament.objects.count() == 1


def test_the_audit_keeps_who_did_it_when_the_account_is_renamed(client, people, event):
    people["org"].username = "organiser-renamed"
    people["org"].save()
    client.force_login(people["org"])
    page = client.get(f"/manage/{event.slug}/audit/").content.decode()
    assert "<td>org</td>" in page and "organiser-renamed</td>" not in page
    assert set(AuditEntry.objects.filter(tournament=event).values_list("who", flat=True)) == {"org",
                                                                                             "command line or system"}


@pytest.mark.django_db
def test_the_audit_page_writes_values_as_the_organisers_pages_do(client):
    """A settings change reads 'bye 1 VP → ½ VP', 'clock 600 s per player', a tick 'yes', round numbers '2, 3' and
    tables on one line: not the stored field names, half points or Python lists."""
    organiser = get_user_model().objects.create_user("auditor", is_staff=True)
    event = make_event("Audit Words", ("Ann", "Ben"), organiser=organiser, system="swiss")
    audit.record(event, organiser, "settings changed", event.name,
                 before={"bye_half_points": 2, "clock_s": 600}, after={"bye_half_points": 1, "clock_s": 900})
    audit.record(event, organiser, "round reopened", "Round 1", after={"later rounds (they stand)": [2, 3],
                                                                   "asked through the private link": False})
    audit.record(event, organiser, "round paired", "Round 1", after={"tables": ["1: Ann – Ben", "2: Cy – Di"]})
    client.force_login(organiser)
    page = " ".join(client.get(f"/manage/{event.slug}/audit/").content.decode().split())
    assert "<dt>bye</dt><dd>1 VP</dd>" in page and "<dt>bye</dt><dd>½ VP</dd>" in page
    assert "<dt>clock</dt><dd>900 s per player</dd>" in page
    assert "<dd>2, 3</dd>" in page and "<dt>asked through the private link</dt><dd>no</dd>" in page
    assert "<dt>tables</dt><dd>1: Ann – Ben; 2: Cy – Di</dd>" in page
    assert "bye_half_points" not in page and "[2, 3]" not in page
