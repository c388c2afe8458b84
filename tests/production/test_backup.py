"""A backup as the README says to make one (`manage.py dumpdata`), loaded into an empty database, is the same site.

The dump is taken from the test database (SQLite, or PostgreSQL in .ci/run's
second pass) and loaded into a fresh SQLite file by a separate process, as a
restore on another machine would be.
"""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import Client

from tournament.models import AuditEntry, Match, Player, Submission, Tournament
from tournament.management.commands.demo import DEMO_NAME

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
# The README's backup command, less its output file.
BACKUP = ["dumpdata", "--natural-foreign", "--natural-primary",
          "--exclude", "contenttypes", "--exclude", "auth.permission", "--exclude", "sessions"]


def site_facts() -> dict:
    """What a restore must keep: each tournament's standings, the audit log, roles, private links, logins.

    Runs in this process on the test database and, through RESTORE, in the
    restoring process on the loaded one.
    """
    def standings(slug):
        out = io.StringIO()
        call_command("standings", slug, "--json", stdout=out)
        return json.loads(out.getvalue())

    audit = AuditEntry.objects.order_by("pk").values_list(
        "tournament__slug", "at", "user__username", "who", "action", "subject", "before", "after")
    client = Client(HTTP_HOST="localhost")  # the restoring process is no test run: "testserver" is not allowed there
    return {
        "standings": {t.slug: standings(t.slug) for t in Tournament.objects.order_by("slug")},
        # Django's JSON dump keeps times to the millisecond (the audit page shows seconds).
        "audit": [[slug, at.isoformat(timespec="milliseconds"), *rest] for slug, at, *rest in audit],
        "roles": {t.slug: [sorted(t.organisers.values_list("username", flat=True)),
                           sorted(t.arbiters.values_list("username", flat=True))]
                  for t in Tournament.objects.all()},
        "private_links": {p.link_token: [client.get(f"/p/{p.link_token}/").status_code,
                                         p.name in client.get(f"/p/{p.link_token}/").content.decode()]
                          for p in Player.objects.order_by("pk")[:3]},
        "organiser_logs_in": authenticate(username="demo", password="demo") is not None,
    }


RESTORE = """
import json, sys
import django
django.setup()
from django.core.management import call_command
from tests.production.test_backup import site_facts
call_command("migrate", verbosity=0)
call_command("loaddata", sys.argv[1], verbosity=0)
print(json.dumps(site_facts()))
"""


def a_whole_site(client) -> Tournament:
    """The demo (results, move logs, withdrawals, an organiser and an arbiter, its audit), a result entered
    by the organiser's page and one sent through a player's private link."""
    call_command("demo", stdout=io.StringIO())
    tournament = Tournament.objects.get(name=DEMO_NAME)
    entered, sent = (Match.objects.filter(round__tournament=tournament, status=Match.PENDING)
                     .select_related("first").order_by("table")[:2])
    scores = {f"{side}_{c}": n for side, n in (("first", 11), ("second", 6)) for c in "ROYGBP"}
    client.force_login(get_user_model().objects.get(username="demo"))
    saved = client.post(f"/manage/{tournament.slug}/match/{entered.pk}/",
                        {"status": "played", "version": entered.version, **scores})
    assert saved.status_code == 302
    client.logout()
    assert client.post(f"/p/{sent.first.link_token}/game/{sent.pk}/send/",
                       {"version": sent.version, **scores}).status_code == 302
    assert Submission.objects.filter(match=sent).exists() and AuditEntry.objects.count() > 1
    return tournament


def test_a_dumped_site_loads_into_an_empty_database_with_the_same_standings_audit_and_links(client, tmp_path):
    a_whole_site(client)
    before = json.loads(json.dumps(site_facts()))
    backup = tmp_path / "site-backup.json"
    call_command(*BACKUP, "--output", str(backup), verbosity=0)

    env = {name: value for name, value in os.environ.items()
           if not name.startswith("DJANGO_") and name not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="tournament.settings", DATABASE_URL=f"sqlite:///{tmp_path / 'restored.sqlite3'}")
    restored = subprocess.run([sys.executable, "-c", RESTORE, str(backup)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)
    assert restored.returncode == 0, restored.stderr[-3000:]
    after = json.loads(restored.stdout.strip().splitlines()[-1])

    assert after["standings"] == before["standings"] and before["standings"]
    assert after["audit"] == before["audit"] and len(before["audit"]) > 1
    assert after["roles"] == before["roles"] == {t.slug: [["demo"], ["arbiter"]] for t in Tournament.objects.all()}
    assert after["private_links"] == before["private_links"]
    assert all(answer == [200, True] for answer in after["private_links"].values())
    assert after["organiser_logs_in"]
