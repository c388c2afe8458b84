"""Entries by the public form (docs/online-event.md, Entries): confirmation, entering, acceptance, repeats, refusals."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from outbox.models import Mail
from outbox.services import text_to_send
from signup import services
from signup.models import Entry
from tests.factories import make_event
from tournament import services as tm
from tournament.models import Player
from tournament.services import Refused, update_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], play="online", system="swiss")
    return update_settings(tournament, entries="open")


def ask(tournament, name="Cat Cole", email="cat@example.org", network="10.0.0.1", **extra):
    services.ask_to_enter(tournament, name=name, email=email, network=network, **extra)


def token_mailed_to(address: str) -> str:
    body = text_to_send(Mail.objects.filter(to=address, kind=Mail.Kind.CONFIRMATION).latest("pk"))
    return re.search(r"/enter/([\w-]+)/", body).group(1)


def test_an_entry_counts_once_its_mailed_link_confirms_it(event):
    ask(event, club="Leeds")
    assert not Player.objects.filter(name="Cat Cole").exists()  # nobody entered from an unconfirmed address
    services.confirm(event, token_mailed_to("cat@example.org"))
    cat = Player.objects.get(tournament=event, name="Cat Cole")
    assert (cat.email, cat.club, cat.joined_round) == ("cat@example.org", "Leeds", 1)
    link = Mail.objects.get(to="cat@example.org", kind=Mail.Kind.LINK)
    assert f"/p/{cat.link_token}/" in text_to_send(link)


def test_a_link_is_usable_once_and_for_48_hours(event):
    ask(event)
    token = token_mailed_to("cat@example.org")
    with pytest.raises(Refused, match="expired"):
        services.confirm(event, token, now=timezone.now() + timedelta(hours=48, seconds=1))
    services.confirm(event, token, now=timezone.now() + timedelta(hours=47))
    with pytest.raises(Refused, match="used already"):
        services.confirm(event, token)
    assert Player.objects.filter(name="Cat Cole").count() == 1


def test_a_link_confirms_at_48_hours_to_the_second(event):
    ask(event)
    entry = Entry.objects.get(email="cat@example.org")
    confirmed = services.confirm(event, token_mailed_to("cat@example.org"),
                                 now=entry.created_at + services.CONFIRM_WITHIN)
    assert confirmed.state == Entry.ENTERED


def test_with_approval_the_organiser_accepts_and_then_the_link_goes(event, organiser):
    update_settings(event, entries="approve")
    ask(event)
    entry = services.confirm(event, token_mailed_to("cat@example.org"))
    assert entry.state == Entry.WAITING
    assert not Mail.objects.filter(kind=Mail.Kind.LINK).exists()
    player = services.accept(entry, organiser)
    assert player.email == "cat@example.org"
    assert Mail.objects.filter(to="cat@example.org", kind=Mail.Kind.LINK).count() == 1


def test_an_address_already_entered_gets_its_link_again_and_no_second_player(event):
    ask(event)
    services.confirm(event, token_mailed_to("cat@example.org"))
    ask(event, name="Someone Else", email="CAT@example.org")
    assert Player.objects.filter(tournament=event).count() == 3
    assert Mail.objects.filter(to__iexact="cat@example.org", kind=Mail.Kind.LINK).count() == 2


def test_after_round_one_an_entry_is_a_late_entry(event):
    tm.publish_round(tm.generate_round(event))
    ask(event)
    services.confirm(event, token_mailed_to("cat@example.org"))
    assert Player.objects.get(name="Cat Cole").joined_round == 2


@pytest.mark.parametrize("change, why", [
    ({"entries": ""}, "closed"),
    ({"entries_max": 2}, "full"),
    ({"entries_close_at": timezone.now() - timedelta(minutes=1)}, "closing time"),
])
def test_a_closed_or_full_tournament_takes_no_entry(event, change, why):
    update_settings(event, **change)
    with pytest.raises(Refused, match=why):
        ask(event)
    assert not Entry.objects.exists()


def test_entries_close_when_an_all_play_all_is_paired():
    small = update_settings(make_event("Small", ["Ann Able", "Ben Baker", "Cat Cole"]), entries="open")
    tm.generate_round(small)
    small.refresh_from_db()
    assert small.entries == ""


@pytest.mark.parametrize("name", ["<b>Cat</b>", "Cat http://spam.example", "Cat www.spam.example", "Cat spam.com"])
def test_markup_or_a_link_in_a_name_is_refused_without_a_word(event, name):
    with pytest.raises(services.Unwelcome):
        ask(event, name=name)
    assert not Mail.objects.exists()


def test_the_trap_field_filled_or_two_addresses_are_refused(event):
    with pytest.raises(services.Unwelcome):
        ask(event, trap="https://spam.example")
    for two in ("cat@example.org, dog@example.org", "cat@example.org;dog@example.org",
                "cat@example.org dog@example.org"):
        with pytest.raises(services.Unwelcome):
            ask(event, email=two)
    assert not Entry.objects.exists()


def test_a_name_the_names_rule_refuses_names_the_field(event):
    with pytest.raises(Refused) as empty:
        ask(event, name="   ")
    with pytest.raises(Refused) as twin:
        ask(event, name="ann  ABLE")
    assert (empty.value.field, twin.value.field) == ("name", "name")


def test_one_address_gets_three_confirmations_an_hour_then_the_same_answer_and_no_mail(event):
    for n in range(4):
        ask(event, network=f"10.0.0.{n}")
    assert Mail.objects.filter(to="cat@example.org").count() == 3
    assert Entry.objects.count() == 4


def test_one_network_address_may_send_twenty_forms_an_hour(event):
    for n in range(20):
        ask(event, name=f"Player {n}", email=f"p{n}@example.org")
    with pytest.raises(services.Throttled):
        ask(event, name="Player 21", email="p21@example.org")
    ask(event, name="Player 21", email="p21@example.org", network="10.0.0.2")  # another network is not held up


def test_a_name_entered_meanwhile_is_refused_at_confirmation_in_the_players_words(event):
    ask(event)
    tm.add_player(event, "Cat Cole")
    with pytest.raises(Refused, match="entered meanwhile"):
        services.confirm(event, token_mailed_to("cat@example.org"))
