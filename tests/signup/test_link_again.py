""""Send my link again" (an address only) while entries are open, closed, full or finished, the same answer for
any address; a finished tournament takes no entries and its confirmation links say so; the organiser's "accept
all" (docs/online-event.md, Entries)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from outbox.models import Mail
from signup import services
from signup.models import Entry
from tests.factories import make_event, page_text
from tournament import services as tm
from tournament.models import Player
from tournament.services import Refused, update_settings

pytestmark = pytest.mark.django_db

ENTERED, NEW = "ann@example.org", "new@example.org"
WIN = [[9] * 6, [5] * 6]


@pytest.fixture
def event(organiser):
    tournament = update_settings(make_event("Online Open", ["Ann Able", "Ben Baker"], organiser=organiser,
                                            play="online", system="swiss", rounds_announced=1), entries="open")
    tournament.players.filter(name="Ann Able").update(email=ENTERED)
    return tournament


def finish(tournament):
    round_ = tm.generate_round(tournament)
    tm.publish_round(round_)
    for match in round_.matches.all():
        tm.enter_result(match, tm.ResultEntry.typed(scores=WIN))
    tm.close_round(round_)


def again(client, event, email: str, network: str = "10.0.0.1") -> tuple[int, str]:
    response = client.post(reverse("tournament:enter", args=[event.slug]),
                           {"again-email": email, "again-website": "", "again": "1"}, REMOTE_ADDR=network)
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", page_text(response))
    return response.status_code, text.replace(email, "ADDRESS")


def links_to(address: str) -> int:
    return Mail.objects.filter(to__iexact=address, kind=Mail.Kind.LINK).count()


@pytest.mark.parametrize("change", [{}, {"entries": ""}, {"entries_max": 2}])
def test_an_entered_address_gets_its_link_again_open_closed_or_full(client, event, change):
    update_settings(event, **change)
    assert 'id="again-form"' in page_text(client.get(reverse("tournament:enter", args=[event.slug])))
    assert again(client, event, "ANN@example.org")[0] == 200
    assert links_to(ENTERED) == 1
    assert Mail.objects.get(kind=Mail.Kind.LINK).player.name == "Ann Able"


def test_the_answer_is_the_same_for_any_address_and_a_new_one_is_sent_nothing(client, event):
    assert again(client, event, ENTERED) == again(client, event, NEW)
    assert again(client, event, ENTERED)[0] == 200
    assert links_to(NEW) == 0 and Mail.objects.filter(to=NEW).count() == 0


def test_a_finished_tournament_still_sends_a_link_again(client, event):
    finish(event)
    assert again(client, event, ENTERED)[0] == 200 and links_to(ENTERED) == 1


def test_links_again_are_held_to_the_per_address_throttle(event):
    sent = [services.send_link_again(event, email=ENTERED, network=f"10.0.0.{n}") for n in range(5)]
    assert sent == [True] * services.PER_ADDRESS + [False] * (5 - services.PER_ADDRESS)
    assert links_to(ENTERED) == services.PER_ADDRESS


def test_asking_for_a_link_again_counts_against_the_network(client, event):
    for n in range(services.PER_NETWORK):
        again(client, event, f"p{n}@example.org", network="10.0.0.7")
    assert again(client, event, ENTERED, network="10.0.0.7")[0] == 429
    assert links_to(ENTERED) == 0


def test_a_finished_tournament_takes_no_entries(client, event):
    finish(event)
    with pytest.raises(Refused) as refused:
        services.ask_to_enter(event, name="Cat Cole", email="cat@example.org", network="10.0.0.1")
    assert "finished" in refused.value.message
    page = page_text(client.get(reverse("tournament:enter", args=[event.slug])))
    assert 'id="entry-form"' not in page and "finished" in page


def test_a_confirmation_link_of_a_tournament_finished_meanwhile_says_so(event):
    token = services.ask_to_enter(event, name="Cat Cole", email="cat@example.org", network="10.0.0.1")
    finish(event)
    with pytest.raises(Refused) as refused:
        services.confirm(event, token)
    assert "finished" in refused.value.message
    assert not Player.objects.filter(name="Cat Cole").exists()


def test_accept_all_from_the_entries_page(org_client, event):
    update_settings(event, entries="approve")
    for name in ("Cat Cole", "Dee Dunn"):
        token = services.ask_to_enter(event, name=name, email=f"{name[:3].lower()}@example.org", network="10.0.0.9")
        services.confirm(event, token)
    page = page_text(org_client.get(reverse("manage:entries", args=[event.slug])))
    assert 'id="accept-all"' in page
    org_client.post(reverse("manage:entries", args=[event.slug]), {"accept_all": "1"})
    assert set(Player.objects.filter(name__in=["Cat Cole", "Dee Dunn"]).values_list("email", flat=True)) == {
        "cat@example.org", "dee@example.org"}
    assert not Entry.objects.filter(state=Entry.WAITING).exists()
