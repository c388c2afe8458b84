"""One address, one player (docs/online-event.md, Entries): confirming looks the address up again, case-folded,
and the database holds one player per address and tournament; a second confirmation sends the existing link."""

from __future__ import annotations

from functools import partial

import pytest
from django.db import IntegrityError, connection, transaction

from outbox.models import Mail
from signup import services
from signup.models import Entry
from tests.factories import make_event
from tests.race import locks_taken, together
from tournament.models import AuditEntry, Player
from tournament.services import Refused, update_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return update_settings(make_event("Online Open", ["Ann Able", "Ben Baker"], play="online", system="swiss"),
                           entries="open")


def ask(event, name: str, email: str) -> str:
    return services.ask_to_enter(event, name=name, email=email, network="10.0.0.1")


def links_to(address: str) -> int:
    return Mail.objects.filter(to__iexact=address, kind=Mail.Kind.LINK).count()


def test_two_forms_of_one_address_confirmed_in_turn_make_one_player(event):
    first, second = ask(event, "Cat Cole", "dup@example.org"), ask(event, "Dee Dunn", "DUP@example.org")
    services.confirm(event, first)
    again = services.confirm(event, second)
    assert list(Player.objects.filter(email__iexact="dup@example.org").values_list("name", flat=True)) == [
        "Cat Cole"]
    assert (again.state, again.player.name) == (Entry.REPEATED, "Cat Cole")
    assert links_to("dup@example.org") == 2  # the entry's link, then the same link again


def test_with_approval_two_entries_of_one_address_accepted_make_one_player(event, organiser):
    update_settings(event, entries="approve")
    for name, address in (("Cat Cole", "dup@example.org"), ("Dee Dunn", "Dup@Example.org")):
        services.confirm(event, ask(event, name, address))
    entered = services.accept_all(event, organiser)
    assert [player.name for player in entered] == ["Cat Cole", "Cat Cole"]
    assert Player.objects.filter(email__iexact="dup@example.org").count() == 1


def test_an_address_entered_meanwhile_is_not_left_waiting(event, organiser):
    update_settings(event, entries="approve")
    token = ask(event, "Dee Dunn", "dup@example.org")
    event.players.filter(name="Ann Able").update(email="DUP@example.org")
    assert services.confirm(event, token).state == Entry.REPEATED
    assert not services.waiting(event)


def test_the_database_holds_one_player_per_address_case_folded(event):
    event.players.filter(name="Ann Able").update(email="dup@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        event.players.filter(name="Ben Baker").update(email="DUP@example.org")
    event.players.filter(name="Ben Baker").update(email="")  # no address is no address: any number of them


def test_a_confirmation_that_slips_past_the_lookup_is_stopped_by_the_database_and_sends_the_link(event,
                                                                                                  monkeypatch):
    first, second = ask(event, "Cat Cole", "dup@example.org"), ask(event, "Dee Dunn", "DUP@example.org")
    services.confirm(event, first)
    looked_up, lookups = services._player_of, []

    def stale_once(*args):  # the second confirmation's first lookup misses the first's player, as a race would
        lookups.append(args)
        return None if len(lookups) == 1 else looked_up(*args)

    monkeypatch.setattr(services, "_player_of", stale_once)
    assert services.confirm(event, second).state == Entry.REPEATED
    assert Player.objects.filter(email__iexact="dup@example.org").count() == 1


def test_a_declined_entrys_link_confirms_nothing_and_says_so(event, organiser):
    update_settings(event, entries="approve")
    token = ask(event, "Cat Cole", "cat@example.org")
    entry = services.confirm(event, token)
    services.decline(entry, organiser)
    with pytest.raises(Refused) as refused:
        services.confirm(event, token)
    assert "declined" in refused.value.message and "confirmed" not in refused.value.message
    assert not Player.objects.filter(name="Cat Cole").exists()


def test_only_an_entry_waiting_may_be_declined(event, organiser):
    update_settings(event, entries="approve")
    entered = services.accept(services.confirm(event, ask(event, "Cat Cole", "cat@example.org")), organiser)
    ask(event, "Dee Dunn", "dee@example.org")  # not confirmed yet
    for entry in Entry.objects.filter(email__in=[entered.email, "dee@example.org"]):
        with pytest.raises(Refused):
            services.decline(entry, organiser)
    assert sorted(Entry.objects.values_list("name", "state")) == [("Cat Cole", Entry.ENTERED),
                                                                  ("Dee Dunn", Entry.UNCONFIRMED)]
    assert not AuditEntry.objects.filter(action="entry declined").exists()


def test_a_confirmation_locks_the_tournament_then_the_entry(event):
    """The lock that makes a second confirmation of one address wait and then find its player (PostgreSQL's
    race, below, shows the same on a database that runs writers at once)."""
    token = ask(event, "Cat Cole", "cat@example.org")
    with locks_taken() as order:
        services.confirm(event, token)
    assert order[:2] == ["Tournament", "Entry"]


def test_accepting_or_declining_locks_the_tournament_then_the_entry_as_confirming_does(event, organiser):
    update_settings(event, entries="approve")
    one = services.confirm(event, ask(event, "Cat Cole", "cat@example.org"))
    two = services.confirm(event, ask(event, "Dee Dunn", "dee@example.org"))
    for press, entry in ((services.accept, one), (services.decline, two)):
        with locks_taken() as order:
            press(entry, organiser)
        assert order[:2] == ["Tournament", "Entry"]


def test_accept_all_enters_every_entry_waiting_each_audited_as_one_accept(event, organiser):
    update_settings(event, entries="approve")
    for name in ("Cat Cole", "Dee Dunn", "Eve Ende"):
        services.confirm(event, ask(event, name, f"{name.split()[0].lower()}@example.org"))
    services.accept_all(event, organiser)
    assert not services.waiting(event)
    added = AuditEntry.objects.filter(action="player added", user=organiser)
    assert sorted(added.values_list("subject", flat=True)) == ["Cat Cole", "Dee Dunn", "Eve Ende"]
    assert links_to("cat@example.org") + links_to("dee@example.org") + links_to("eve@example.org") == 3


def test_accept_all_is_all_or_none(event, organiser):
    update_settings(event, entries="approve")
    for name in ("Cat Cole", "Dee Dunn"):
        services.confirm(event, ask(event, name, f"{name.split()[0].lower()}@example.org"))
    event.players.create(name="Dee Dunn", number=9, seed=9)  # the organiser entered a Dee Dunn meanwhile
    with pytest.raises(Refused):
        services.accept_all(event, organiser)
    assert len(services.waiting(event)) == 2 and not Player.objects.filter(name="Cat Cole").exists()


@pytest.mark.django_db(transaction=True)
def test_both_links_confirmed_at_the_same_moment_make_one_player():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent writers in threads need PostgreSQL (SQLite's write lock makes them take turns)")
    event = update_settings(make_event("Race", ["Ann Able", "Ben Baker"], system="swiss"), entries="open")
    tokens = [ask(event, "Cat Cole", "dup@example.org"), ask(event, "Dee Dunn", "DUP@example.org")]
    states = [entry.state for entry in together([partial(services.confirm, event, token) for token in tokens])]
    assert sorted(states) == [Entry.ENTERED, Entry.REPEATED]
    assert Player.objects.filter(email__iexact="dup@example.org").count() == 1
    links = Mail.objects.filter(to__iexact="dup@example.org", kind=Mail.Kind.LINK)
    assert links.count() == 2 and links.values("player").distinct().count() == 1  # both mails, the one player's
