"""The entry form reveals nothing (docs/online-event.md, Entries): its answer to an entered address is the one a
new address gets, whatever the form holds; every form posted counts against its network; addresses without a
public domain are refused; the per-address mail throttle counts across the site."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.urls import reverse

from outbox.models import Mail
from signup import services
from signup.models import Entry
from tests.factories import make_event, page_text
from tournament.serving.throttle import digest
from tournament.services import Refused, update_settings

pytestmark = pytest.mark.django_db

ENTERED, NEW = "ann@example.org", "new@example.org"


@pytest.fixture
def event():
    tournament = update_settings(make_event("Online Open", ["Ann Able", "Ben Baker"], play="online",
                                            system="swiss"), entries="open")
    tournament.players.filter(name="Ann Able").update(email=ENTERED)
    return tournament


def answer(client, event, name: str, email: str, network: str) -> tuple[int, str]:
    """The page's status and text, the address it was sent with and the form's CSRF token taken out."""
    response = client.post(reverse("tournament:enter", args=[event.slug]),
                           {"name": name, "club": "", "email": email, "website": ""}, REMOTE_ADDR=network)
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", page_text(response))
    return response.status_code, text.replace(email, "ADDRESS")


@pytest.mark.parametrize("name", ["<b>x</b>", "see http://x", "Win at evil.de now", "Ann\u200b Able", "Ann Able",
                                  "ann  ABLE", "Ann\x07Able", "Cat Cole"])
def test_an_entered_address_gets_the_answer_a_new_one_gets(client, event, name):
    entered = answer(client, event, name, ENTERED, "10.0.0.1")
    new = answer(client, event, name, NEW, "10.0.0.2")
    assert entered == new
    assert entered[0] == (200 if name == "Cat Cole" else 400)


def test_an_entered_player_giving_their_own_name_is_refused_like_anyone(event):
    for address in (ENTERED, NEW):
        with pytest.raises(Refused) as refused:
            services.ask_to_enter(event, name="Ann Able", email=address, network="10.0.0.1")
        assert refused.value.field == "name"
    assert not Mail.objects.exists()


def test_every_form_posted_counts_against_its_network_refused_or_not(client, event):
    for n in range(services.PER_NETWORK):
        assert answer(client, event, "<b>x</b>", f"p{n}@example.org", "10.0.0.7")[0] == 400
    assert answer(client, event, "Cat Cole", ENTERED, "10.0.0.7")[0] == 429
    assert not Mail.objects.exists()
    assert answer(client, event, "Cat Cole", NEW, "10.0.0.8")[0] == 200  # another network is not held up


def test_a_form_refused_by_its_fields_counts_too(client, event):
    for _ in range(services.PER_NETWORK):
        assert answer(client, event, "Cat Cole", "not an address", "10.0.0.7")[0] == 400
    assert answer(client, event, "Cat Cole", NEW, "10.0.0.7")[0] == 429


@pytest.mark.parametrize("address", ["root@localhost", "x@[127.0.0.1]", "x@intranet", "x@127.0.0.1",
                                     "x@printer.local", "x@example..org", "x@.example.org", "x@example.o"])
def test_an_address_without_a_public_domain_is_refused_on_its_field(event, address):
    with pytest.raises(Refused) as refused:
        services.ask_to_enter(event, name="Cat Cole", email=address, network="10.0.0.1")
    assert refused.value.field == "email"
    assert not Mail.objects.exists()


def test_the_per_address_throttle_counts_across_the_site(event):
    others = [update_settings(make_event(f"Open {n}", ["Ben Baker"], system="swiss"), entries="open")
              for n in range(2)]
    for tournament in [event, *others, event]:
        services.ask_to_enter(tournament, name="Cat Cole", email="cat@example.org", network="10.0.0.1")
    assert Mail.objects.filter(to__iexact="cat@example.org").count() == services.PER_ADDRESS == 3


def test_an_entered_address_re_entering_five_times_gets_at_most_the_limit(event):
    token = services.ask_to_enter(event, name="Cat Cole", email="cat@example.org", network="10.0.0.1")
    services.confirm(event, token)  # a confirmation mailed (counted), then the link of the entry (always sent)
    for n in range(5):
        services.ask_to_enter(event, name=f"Someone {n}", email="CAT@example.org", network=f"10.0.1.{n}")
    links = Mail.objects.filter(to__iexact="cat@example.org", kind=Mail.Kind.LINK).count()
    assert links == 1 + (services.PER_ADDRESS - 1)  # the entry's own, then the two the throttle has left
    assert Entry.objects.filter(state=Entry.REPEATED).count() == 5  # each form answered the same, and kept


def test_the_network_is_kept_as_a_digest_keyed_with_the_sites_secret(event, settings):
    services.ask_to_enter(event, name="Cat Cole", email="cat@example.org", network="10.0.0.1")
    kept = Entry.objects.get().network
    assert kept == digest("entry-network", "10.0.0.1")
    assert kept != hashlib.sha256(b"10.0.0.1").hexdigest()[:32]
    settings.SECRET_KEY = "another site's secret"
    assert digest("entry-network", "10.0.0.1") != kept
