"""Entering by the public form and the mails that follow, in a browser (docs/online-event.md, Entries and Messages): an
entry made, confirmed from the mail, and the private link received; withdrawing and asking to be excused from the
private page; the organiser's messages page during a mail server's outage (queued, then sent)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from outbox import sender
from tests.outbox.conftest import smtp  # noqa: F401 - the fixture: aiosmtpd on loopback
from tournament import services
from tournament.models import Player

from .conftest import log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)


def link_in(text: str, path: str) -> str:
    return re.search(rf"http\S+{path}\S*/", text).group(0)


def test_an_entry_made_confirmed_from_the_mail_and_the_link_received(page, smtp, settings):  # noqa: F811
    settings.SITE_URL = page.base
    tournament = services.create_tournament("Entry Cup", system="swiss", play="online", excused_half_points=1)
    services.update_settings(tournament, entries="open")
    page.goto(f"{page.base}/t/{tournament.slug}/enter/")
    page.fill("#id_name", "Cat Cole")
    page.fill("#id_email", "cat@example.org")
    page.click("button:has-text('Enter')")
    expect(page.locator("#entry-sent")).to_contain_text("cat@example.org")
    sender.deliver_due()
    page.goto(link_in(smtp.server.to("cat@example.org")[0], "/enter/"))
    page.click("button:has-text('Confirm my entry')")
    expect(page.locator("#confirmed")).to_contain_text("You are entered, Cat Cole")
    shot(page, "entry-confirmed")
    sender.deliver_due()
    private = link_in(smtp.server.to("cat@example.org")[1], "/p/")
    assert private.endswith(f"/p/{Player.objects.get(name='Cat Cole').link_token}/")

    page.goto(private)
    expect(page.locator("h1")).to_have_text("Cat Cole")
    page.select_option("#id_excuse_round_number", "1")
    page.click("button:has-text('Ask to be excused')")
    expect(page.locator(".messages")).to_contain_text("You asked to be excused from round 1")
    page.click("summary:has-text('Withdraw from the tournament')")
    page.click("button:has-text('Withdraw')")
    expect(page.locator("#withdrawn")).to_be_visible()
    shot(page, "private-page-withdrawn")
    page.click("button:has-text(\"I'm back\")")
    expect(page.locator(".messages")).to_contain_text("Welcome back")


def test_the_messages_page_during_a_mail_servers_outage(page, smtp, organiser, django_user_model):  # noqa: F811
    organiser.set_password("a long secret")
    organiser.save()
    tournament = services.create_tournament("Outage Cup", organiser, system="swiss")
    services.add_player(tournament, "Ann Able")
    tournament.players.update(email="ann@example.org")
    smtp.stop()
    log_in(page, "org", "a long secret")
    page.goto(f"{page.base}/manage/{tournament.slug}/messages/")
    page.fill("#id_message_subject", "Welcome")
    page.fill("#id_message_text", "Round 1 starts at seven.")
    page.click("button:has-text('Queue the message')")
    # Queued (the page after the post says so) before the sender tries: the click does not wait for the answer.
    expect(page.locator(".messages")).to_contain_text("Your message is queued for 1 player.")
    sender.deliver_due()  # the server is down: the message waits
    page.reload()
    state = page.locator("#mails .mail-state").first
    expect(state).to_have_text("Queued")
    expect(page.locator("#mails .reason").first).to_contain_text("no answer from the mail server")
    shot(page, "messages-outage")
    smtp.start()
    sender.deliver_due(now=timezone.now() + timedelta(seconds=31))
    page.reload()
    expect(page.locator("#mails .mail-state").first).to_have_text("Sent")
    assert len(smtp.server.to("ann@example.org")) == 1


def test_the_private_page_counts_down_each_second_to_the_game(page):
    tournament = services.create_tournament("Countdown Cup", system="swiss", play="online")
    for name in ("Ann Able", "Ben Baker"):
        services.add_player(tournament, name)
    services.publish_round(services.generate_round(tournament), starts_at=timezone.now() + timedelta(minutes=5))
    ann = Player.objects.get(name="Ann Able")
    page.goto(f"{page.base}/p/{ann.link_token}/")
    countdown = page.locator("#next-game [data-starts-ms]")
    expect(countdown).to_have_text(re.compile(r"^4 min (5\d|4\d) s$"))
    first = countdown.text_content()
    expect(countdown).not_to_have_text(first)  # a second later it reads one second less


def test_on_a_phone_the_entry_forms_boxes_are_one_width_and_a_finger_high(page):
    """At 390 px the address box was 177 × 21 px beside 358 × 31 for the name: an email input had none of the
    text inputs' style."""
    tournament = services.create_tournament("Phone Cup", system="swiss", play="online")
    services.update_settings(tournament, entries="open")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{page.base}/t/{tournament.slug}/enter/")
    name, email = page.locator("#id_name").bounding_box(), page.locator("#entry-form #id_email").bounding_box()
    assert email["width"] == name["width"] and email["height"] == name["height"] >= 30
