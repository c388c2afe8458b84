"""The entry form, the confirmation page, the private page's withdraw and "I'm back", the messages page."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from outbox.models import Mail
from outbox.services import text_to_send
from signup import services
from signup.models import Entry
from signup.views import WRONG_LINKS_LIMIT
from tests.factories import make_event, page_text
from tournament import services as tm
from tournament.models import Player
from tournament.services import update_settings

pytestmark = pytest.mark.django_db

FORM = {"name": "Cat Cole", "club": "", "email": "cat@example.org", "website": ""}


@pytest.fixture
def event(organiser):
    tournament = make_event("Online Open", ["Ann Able", "Ben Baker"], organiser=organiser, system="swiss",
                            play="online")
    return update_settings(tournament, entries="open")


def test_an_entry_made_and_confirmed_through_the_pages(client, event):
    address = reverse("tournament:enter", args=[event.slug])
    sent = client.post(address, FORM)
    assert sent.status_code == 200 and "cat@example.org" in page_text(sent)
    link = re.search(r"http\S+/enter/[\w-]+/", text_to_send(Mail.objects.get(kind=Mail.Kind.CONFIRMATION))).group(0)
    path = link[link.index("/t/"):]
    assert client.get(path).status_code == 200  # a mail scanner opening the link confirms nothing
    assert not Player.objects.filter(name="Cat Cole").exists()
    confirmed = client.post(path)
    assert confirmed.status_code == 200
    assert Player.objects.get(name="Cat Cole").email == "cat@example.org"
    again = client.post(path)
    assert again.status_code == 400 and "used already" in page_text(again)


def test_a_malformed_address_is_named_on_its_field(client, event):
    response = client.post(reverse("tournament:enter", args=[event.slug]), {**FORM, "email": "cat@"})
    assert response.status_code == 400
    assert response.context["form"].errors.keys() == {"email"}
    assert not Entry.objects.exists()


def test_the_trap_field_filled_takes_nothing_and_says_no_more(client, event):
    response = client.post(reverse("tournament:enter", args=[event.slug]), {**FORM, "website": "http://x.example"})
    assert response.status_code == 400
    assert "could not be taken" in page_text(response)
    assert not Entry.objects.exists() and not Mail.objects.exists()


def test_a_closed_form_says_so(client, event):
    update_settings(event, entries="")
    response = client.get(reverse("tournament:enter", args=[event.slug]))
    assert "Entries are closed" in page_text(response)
    assert 'id="entry-form"' not in page_text(response)


def test_the_address_is_on_no_public_page(client, event):
    ann = event.players.get(name="Ann Able")
    ann.email = "ann.secret@example.org"
    ann.save(update_fields=["email"])
    for name in ("tournament:detail", "tournament:standings", "tournament:crosstable"):
        assert "ann.secret" not in page_text(client.get(reverse(name, args=[event.slug])))
    assert "ann.secret" not in page_text(client.get(reverse("tournament:player", args=[event.slug, ann.number])))


def test_withdrawing_and_coming_back_from_the_private_page(client, event):
    ann = event.players.get(name="Ann Able")
    client.post(reverse("player_link_withdraw", args=[ann.link_token]))
    ann.refresh_from_db()
    assert ann.withdrawn_after_round == 0
    page = page_text(client.get(reverse("player_link", args=[ann.link_token])))
    assert "I'm back" in page
    client.post(reverse("player_link_back", args=[ann.link_token]))
    ann.refresh_from_db()
    assert ann.withdrawn_after_round is None


def test_the_messages_page_lists_each_mail_with_its_state_and_answer(org_client, event):
    Mail.objects.create(tournament=event, to="x@example.org", subject="Your link", body="...", kind=Mail.Kind.LINK,
                        state=Mail.FAILED, answer="550 5.1.1 No such mailbox")
    page = page_text(org_client.get(reverse("manage:messages", args=[event.slug])))
    assert "x@example.org" in page and "550 5.1.1 No such mailbox" in page and "Failed" in page


def test_the_arbiters_message_goes_to_every_player_with_an_address(org_client, event):
    event.players.filter(name="Ann Able").update(email="ann@example.org")
    org_client.post(reverse("manage:messages", args=[event.slug]), {"subject": "Welcome", "text": "Play well."})
    assert list(Mail.objects.filter(kind=Mail.Kind.ARBITER).values_list("to", flat=True)) == ["ann@example.org"]


def test_an_entry_waiting_shows_on_the_dashboard_and_is_accepted_from_the_entries_page(org_client, event):
    update_settings(event, entries="approve")
    services.confirm(event, services.ask_to_enter(event, name="Cat Cole", email="cat@example.org", network="10.0.0.9"))
    dashboard = org_client.get(reverse("manage:dashboard", args=[event.slug]))
    assert dashboard.context["entries_waiting"] == 1
    assert "1 entry waits for your acceptance" in page_text(dashboard)  # the reminder's only wording test
    entry = Entry.objects.get(name="Cat Cole")
    org_client.post(reverse("manage:entries", args=[event.slug]), {"entry": entry.pk, "answer": "accept"})
    assert Player.objects.get(name="Cat Cole").email == "cat@example.org"
    assert org_client.get(reverse("manage:dashboard", args=[event.slug])).context["entries_waiting"] == 0


def test_the_organiser_opens_the_form_with_a_maximum(org_client, event):
    update_settings(event, entries="")
    org_client.post(reverse("manage:entries", args=[event.slug]), {"settings": "1", "entries": "open",
                                                                   "entries_max": "2", "entries_close_at": ""})
    event.refresh_from_db()
    assert (event.entries, event.entries_max) == ("open", 2)
    assert "full (2 players)" in page_text(org_client.get(reverse("tournament:enter", args=[event.slug])))
    # the dashboard agrees with the form: the form is set open, but the tournament is full
    assert "Entries (form closed)" in page_text(org_client.get(reverse("manage:dashboard", args=[event.slug])))
    update_settings(event, entries_max=3)
    assert "Entries (form open)" in page_text(org_client.get(reverse("manage:dashboard", args=[event.slug])))


def test_the_public_pages_lead_to_the_form_while_it_is_open(client, event):
    enter = reverse("tournament:enter", args=[event.slug])
    assert f'href="{enter}"' in page_text(client.get(reverse("tournament:standings", args=[event.slug])))
    update_settings(event, entries="")
    assert f'href="{enter}"' not in page_text(client.get(reverse("tournament:standings", args=[event.slug])))


def test_the_private_page_counts_down_to_the_next_online_game(client, event):
    starts = timezone.now().replace(microsecond=0) + timedelta(minutes=12, seconds=30)
    tm.publish_round(tm.generate_round(event), starts_at=starts)
    ann = event.players.get(name="Ann Able")
    page = page_text(client.get(reverse("player_link", args=[ann.link_token])))
    assert "Your game starts in" in page and "12 min " in page  # 12 min 29 s or 30 s, by the time it is read
    assert f'data-starts-ms="{int(starts.timestamp() * 1000)}"' in page


def test_guessed_confirmation_links_are_throttled_per_network_address(client, event):
    for n in range(WRONG_LINKS_LIMIT):
        assert client.post(reverse("tournament:confirm_entry", args=[event.slug, f"guess{n}"])).status_code == 400
    token = services_ask(event)
    held = client.post(reverse("tournament:confirm_entry", args=[event.slug, token]))
    assert held.status_code == 429  # even a right link waits: the address is held for 15 minutes
    assert not Player.objects.filter(name="Cat Cole").exists()
    other = client.post(reverse("tournament:confirm_entry", args=[event.slug, token]), REMOTE_ADDR="10.9.9.9")
    assert other.status_code == 200 and Player.objects.filter(name="Cat Cole").exists()


def services_ask(event) -> str:
    return services.ask_to_enter(event, name="Cat Cole", email="cat@example.org", network="10.0.0.1")
