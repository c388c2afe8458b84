"""`python manage.py demo [--if-empty]`: a demo event to click through.

A 24-player Swiss of 7 announced rounds: 4 rounds played, round 5 in
progress with half its results in; about a third of the games have move
logs.  Beside it, an online Swiss with its entry form open and the timetable on
(docs/online-event.md): a few players entered by the form, their mails on the
organiser's messages page, never sent, whatever the mail settings (their
addresses are made up, and a real mailbox may sit at one).  Also an organiser account `demo` / `demo` (one who
may create tournaments too, with DEBUG on) and an arbiter account `arbiter` / `arbiter` (for trying the site out
on your own machine only).
"""

import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from outbox.services import never_mail
from tournament import services
from tournament.models import Tournament
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

DEMO_NAME = "MSO Demo Open (Ingenious)"
ONLINE_NAME = "Online Demo Swiss (entries open)"
ONLINE_ENTRANTS = [("Ada Lovelace", "Analytical"), ("Blaise Pascal", "Clermont"), ("Carl Gauss", "Brunswick"),
                   ("Dora Maar", "")]


def demo_file(seed: int = 2026) -> dict:
    file = simulate(24, 5, seed=seed, forfeit_chance=0.03, withdraw_chance=0.02, log_chance=0.35, pending_last=True)
    file["name"] = DEMO_NAME
    file["settings"]["rounds"] = 7
    rng = random.Random(seed)
    last = file["rounds"][-1]["matches"]
    for match in last[: len(last) // 2]:
        if match["status"] == "pending":
            rows = [[rng.randint(4, 18) for _ in range(6)] for _ in range(2)]
            match.update(status="played", scores=rows, flagged=[False, rng.random() < 0.2], log=None)
    return file


class Command(BaseCommand):
    help = "Create the demo tournament (and a demo organiser account)."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true", help="only when there is no tournament yet")

    @transaction.atomic
    def handle(self, *args, if_empty, **options):
        if if_empty and Tournament.objects.exists():
            return
        # Through the services like any import, so the audit shows how the demo came to be;
        # the command, not the demo account, is who did it.
        tournament = services.import_tournament(parse(demo_file()), user=None)
        services.add_role(tournament, _demo_organiser(), "organiser")
        services.add_role(tournament, _account("arbiter"), "arbiter")
        online = online_demo(_account("demo"))
        services.add_role(online, _account("arbiter"), "arbiter")
        self.stdout.write(f"Demo tournament created: /t/{tournament.slug}/ "
                          "(organiser login: demo / demo; arbiter login: arbiter / arbiter)")
        self.stdout.write(f"Online demo with entries open: /t/{online.slug}/enter/ (its mails: "
                          f"/manage/{online.slug}/messages/)")


def online_demo(organiser) -> Tournament:
    """An online Swiss, timetable on (a 5-minute break), its entry form open: players entered as the form enters
    them (confirmation and link mails in the outbox, shown on the messages page as the demo's, never sent: each
    made-up address is marked so before its first mail, and so stays for the rounds' mails to come)."""
    from signup import services as signup

    online = services.create_tournament(ONLINE_NAME, None, system=Tournament.SWISS, rounds_announced=5,
                                        clock_s=600, play="online", auto=True, round_break_s=300)
    services.add_role(online, organiser, "organiser")
    online = services.update_settings(online, entries="open", entries_max=64)
    addresses = [f"{name.split()[0].lower()}@example.org" for name, _ in ONLINE_ENTRANTS]
    never_mail(addresses)
    for (name, club), address in zip(ONLINE_ENTRANTS, addresses):
        token = signup.ask_to_enter(online, name=name, club=club, email=address, network="demo")
        signup.confirm(online, token)
    return online


def _demo_organiser():
    """The `demo` account: organiser of the demo's tournaments and, on one's own machine (DEBUG: `make run`), staff,
    so that it may create a tournament as a new organiser would.  With DEBUG off (a server others reach) not staff:
    its password is public, and anyone could create tournaments with it."""
    demo = _account("demo")
    if demo.is_staff != settings.DEBUG:
        demo.is_staff = settings.DEBUG
        demo.save(update_fields=["is_staff"])
    return demo


def _account(username: str, **defaults):
    """The account of that name, made with the name as its password if it does not exist yet."""
    user, created = get_user_model().objects.get_or_create(username=username, defaults=defaults)
    if created:
        user.set_password(username)
        user.save()
    return user
