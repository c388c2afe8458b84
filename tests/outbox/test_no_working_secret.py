"""No working secret in the outbox (docs/online-event.md, Messages): a copy of the database, or of the messages page
as an organiser or an arbiter reads it, confirms nobody and opens no player's page; the mail itself still does."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.apps import apps
from django.core import mail as sent_mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from outbox import sender
from outbox.models import Mail
from outbox.services import Link
from signup import services as signup
from signup.models import Entry
from tests.factories import make_event
from tournament import letters, services
from tournament.models import Player

pytestmark = pytest.mark.django_db

# Any address, or a site path that carries a token (a confirmation or private link stored without its host).
URL = re.compile(r"https?://[^\s\]\[<>\"')]+|/p/[\w-]{8,}[^\s\]\[<>\"')]*|/enter/[\w-]{8,}/")


@pytest.fixture
def seeded(settings, people):
    """An online Swiss with entries by the form, some confirmed and some not, players with addresses, round 1
    published (each player's game and room), a notice and a correction; every message delivered."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    event = make_event("Secret Open", ["Ann Able", "Ben Baker", "Cat Cole"], organiser=people["org"],
                       system="swiss", play="online")
    services.add_role(event, people["arb"], "arbiter")
    for player in event.players.all():
        player.email = f"{player.name.split()[0].lower()}@example.org"
        player.save(update_fields=["email"])
    event = services.update_settings(event, entries="open")
    for name in ("Dan Dale", "Eve Elm", "Fay Ford"):
        token = signup.ask_to_enter(event, name=name, email=f"{name.split()[0].lower()}@example.org",
                                    network=f"10.0.0.{len(name)}")
        if name != "Eve Elm":  # Eve never confirms: her link is the one a copy of the database must not work
            signup.confirm(event, token)
    draft = services.generate_round(event)
    services.publish_round(draft, starts_at=timezone.now() + timedelta(hours=1))
    letters.withdrawn_as_absent(Player.objects.get(name="Ann Able"), 1)
    draft.refresh_from_db()  # published: its start is set
    letters.start_moved(draft)
    while sender.deliver_due():
        pass
    return event


def stored_texts():
    """Every text of every row of every table, as a copy of the database would hold it."""
    for model in apps.get_models():
        fields = [f.attname for f in model._meta.concrete_fields]
        for row in model.objects.values_list(*fields):
            for value in row:
                if isinstance(value, str):
                    yield value
                elif isinstance(value, (dict, list)):
                    yield json.dumps(value)


def try_each(urls) -> list[tuple[str, str, int]]:
    """Each address opened and posted by a stranger: (path, method, status)."""
    stranger = Client()
    answers = []
    for url in sorted(urls):
        path = urlsplit(url).path
        answers += [(path, "GET", stranger.get(path).status_code), (path, "POST", stranger.post(path).status_code)]
    return answers


def state_of_entries():
    return sorted(Entry.objects.values_list("pk", "state")), Player.objects.count()


def test_no_stored_message_nor_messages_page_holds_a_working_link(seeded, client, people):
    page = reverse("manage:messages", args=[seeded.slug])
    found = {url for text in stored_texts() for url in URL.findall(text)}
    pages = []
    for role in ("org", "arb"):
        client.force_login(people[role])
        pages.append(client.get(page).content.decode())
        found |= set(URL.findall(pages[-1]))
    before = state_of_entries()
    answers = try_each(found)
    assert state_of_entries() == before  # nobody confirmed, nobody entered
    assert [a for a in answers if a[0].startswith("/p/") and a[2] == 200] == []  # no private page opened
    assert Mail.objects.filter(state=Mail.SENT).count() == Mail.objects.count() > 10
    for html in pages:  # what each reader sees instead: whose link it is
        assert "[private link of Ann Able]" in html and "[confirmation link of Eve Elm]" in html


def test_the_mail_as_sent_holds_the_working_links(seeded):
    eve = next(m for m in sent_mail.outbox if m.to == ["eve@example.org"])
    confirm_path = urlsplit(URL.search(eve.body).group(0)).path
    Client().post(confirm_path)
    assert Player.objects.filter(tournament=seeded, name="Eve Elm").exists()
    seated = Mail.objects.filter(kind=Mail.Kind.GAME, subject__endswith="your game").first().player
    game = next(m for m in sent_mail.outbox if m.to == [seated.email] and m.subject.endswith("your game"))
    links = {urlsplit(url).path for url in URL.findall(game.body)}
    assert links == {f"/p/{seated.link_token}/play/", f"/p/{seated.link_token}/"}
    assert Client().get(f"/p/{seated.link_token}/").status_code == 200


def test_a_sealed_text_is_not_readable_without_the_secret_key(seeded, settings):
    mail = Mail.objects.filter(kind=Mail.Kind.LINK).first()
    assert mail.sealed and mail.player.link_token not in mail.sealed
    settings.SECRET_KEY = "another-site's-secret-key-" + "x" * 30
    mail.state, mail.claim = Mail.QUEUED, ""
    mail.save()
    sender.deliver_due()
    mail.refresh_from_db()
    assert (mail.state, mail.answer.startswith("not sent:")) == (Mail.FAILED, True)  # failed at once, not retried


def test_a_message_sealed_before_the_key_was_rotated_is_still_sent(seeded, settings):
    mail = Mail.objects.filter(kind=Mail.Kind.LINK).first()
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "the-new-secret-key-" + "y" * 40
    Mail.objects.filter(pk=mail.pk).update(state=Mail.QUEUED, claim="")
    sender.deliver_due()
    mail.refresh_from_db()
    assert mail.state == Mail.SENT
    assert f"/p/{mail.player.link_token}/" in sent_mail.outbox[-1].body


def test_a_link_written_into_plain_text_by_mistake_shows_only_its_mask():
    link = Link("private link of Ann Able", "https://tm.example.org/p/secret-token/")
    assert f"open {link}" == "open [private link of Ann Able]"
    assert "secret-token" not in repr(link)
