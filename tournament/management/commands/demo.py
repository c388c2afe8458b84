"""`python manage.py demo [--if-empty]`: a demo event to click through.

A 24-player Swiss of 7 announced rounds: 4 rounds played, round 5 in
progress with half its results in; about a third of the games have move
logs.  Also an organiser account `demo` / `demo` and an arbiter account
`arbiter` / `arbiter` (for trying the site out on your own machine only).
"""

import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.models import Tournament
from tournament.records import import_record
from tournament.simulate import simulate
from tournament.tfile import parse

DEMO_NAME = "MSO Demo Open (Ingenious)"


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
        tournament = import_record(parse(demo_file()))
        User = get_user_model()
        user, created = User.objects.get_or_create(username="demo", defaults={"is_staff": True})
        if created:
            user.set_password("demo")
            user.save()
        tournament.organisers.add(user)
        arbiter, created = User.objects.get_or_create(username="arbiter")
        if created:
            arbiter.set_password("arbiter")
            arbiter.save()
        tournament.arbiters.add(arbiter)
        self.stdout.write(f"Demo tournament created: /t/{tournament.slug}/ "
                          "(organiser login: demo / demo; arbiter login: arbiter / arbiter)")
