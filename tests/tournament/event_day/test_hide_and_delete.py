"""A tournament hidden from the public list, and one deleted before round 1; both audited, the audit kept."""

import pytest
from django.test import Client

from tournament import services
from tournament.models import AuditEntry, Player, Tournament

from tests.factories import make_event

from .helpers import says, text, words

pytestmark = pytest.mark.django_db


def test_a_hidden_tournament_leaves_the_public_list_but_its_pages_stay(org_client, people):
    client = Client()  # a visitor, not logged in
    make_event("Shown Open", ["Ann", "Ben"], organiser=people["org"])
    trial = make_event("Trial Run", ["Ann", "Ben"], organiser=people["org"])
    response = org_client.post(f"/manage/{trial.slug}/listing/", {"listed": "0"}, follow=True)
    assert says(text(response), "hidden", tournament="Trial Run")
    home = text(client.get("/"))
    assert "Shown Open" in home and "Trial Run" not in home
    assert client.get(f"/t/{trial.slug}/").status_code == 200
    assert "Trial Run" in text(org_client.get("/manage/"))  # the organiser still has it
    org_client.post(f"/manage/{trial.slug}/listing/", {"listed": "1"})
    assert "Trial Run" in text(client.get("/"))
    actions = list(AuditEntry.objects.filter(tournament=trial).values_list("action", "before", "after"))
    assert actions[:2] == [("tournament shown in the list", {"listed": False}, {"listed": True}),
                           ("tournament hidden from the list", {"listed": True}, {"listed": False})]


def test_a_listing_without_a_choice_is_refused_naming_it(org_client, people):
    trial = make_event("Trial Run", ["Ann", "Ben"], organiser=people["org"])
    response = org_client.post(f"/manage/{trial.slug}/listing/", {"listed": "maybe"}, follow=True)
    assert "Listed: choose to show" in text(response)
    assert Tournament.objects.get(pk=trial.pk).listed


def test_a_tournament_not_begun_is_deleted_and_its_audit_stays(org_client, people):
    trial = make_event("Trial Run", ["Ann", "Ben"], organiser=people["org"])
    slug = trial.slug
    unconfirmed = org_client.post(f"/manage/{slug}/delete/", {}, follow=True)
    assert says(text(unconfirmed), "confirm the deletion", tournament="Trial Run")
    assert Tournament.objects.filter(slug=slug).exists()

    response = org_client.post(f"/manage/{slug}/delete/", {"confirm": "yes"}, follow=True)
    assert says(text(response), "deleted", tournament="Trial Run")
    assert not Tournament.objects.filter(slug=slug).exists() and not Player.objects.filter(name="Ann").exists()
    entries = AuditEntry.objects.filter(tournament_slug=slug)
    # created, two players added, deleted: four entries, none linked to a tournament any more
    assert [e.action for e in entries] == ["tournament deleted", "player added", "player added", "tournament created"]
    assert {e.tournament_id for e in entries} == {None} and {e.tournament_name for e in entries} == {"Trial Run"}
    assert entries[0].before["players"] == ["Ann", "Ben"] and entries[0].who == "org"


def test_a_tournament_with_a_round_paired_is_not_deleted(org_client, people):
    begun = make_event("Begun Open", ["Ann", "Ben", "Cy", "Di"], organiser=people["org"])
    services.generate_round(begun)  # a draft is a round paired
    response = org_client.post(f"/manage/{begun.slug}/delete/", {"confirm": "yes"}, follow=True)
    assert says(text(response), "begun, not deleted", tournament="Begun Open", rounds=1)
    assert Tournament.objects.filter(pk=begun.pk).exists()
    assert not AuditEntry.objects.filter(action="tournament deleted").exists()


def test_a_superuser_reads_the_record_of_deleted_tournaments(client, django_user_model, people):
    trial = make_event("Trial Run", ["Ann", "Ben"], organiser=people["org"])
    services.delete_tournament(trial, user=people["org"])
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    page = words(client.get("/manage/"))
    assert says(page, "deleted tournaments", tournament="Trial Run", slug="trial-run", who="org")
