"""The site as it runs for real: `make serve` with DEBUG off, and two of them sharing PostgreSQL and Redis.

An MSO runs many events at once, in one venue and online, so the site runs
as several processes on several machines.  These start real servers
(`make serve` in child processes, on 127.0.0.1) on the test database and
the Redis server of REDIS_URL; .ci/run provides both, and elsewhere they skip.
"""

import csv
import io

import pytest
from django.core.management import call_command

from tournament.models import Match, Player, Tournament
from tournament.management.commands.demo import DEMO_NAME

pytestmark = [pytest.mark.two_instances, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def demo() -> Tournament:
    call_command("demo", stdout=io.StringIO())
    return Tournament.objects.get(name=DEMO_NAME)


def games_played(page) -> dict[str, str]:
    """Player name -> the "Games" column of the standings, from the page's CSV download."""
    assert page.status == 200, page.status
    rows = list(csv.DictReader(io.StringIO(page.text)))
    assert rows and "Games" in rows[0], f"no Games column in the standings CSV: {page.text[:200]}"
    return {row["Player"]: row["Games"] for row in rows}


def test_make_serve_with_debug_off_serves_the_site_its_static_files_and_its_health(serve):
    tournament = demo()
    player = tournament.players.order_by("number").first()
    (server,) = serve(1)

    assert server.get("/").status == 200
    assert tournament.name in server.get(f"/t/{tournament.slug}/standings/").text
    style = server.get("/static/admin/css/base.css")
    assert style.status == 200 and style.headers["content-type"].startswith("text/css")
    # The admin links its style sheet by a hashed name, which browsers may keep for ever.
    login = server.get("/admin/login/")
    hashed = login.text.split('href="/static/admin/css/base.', 1)[1].split('"', 1)[0]
    hashed_style = server.get(f"/static/admin/css/base.{hashed}")
    assert hashed_style.status == 200 and "immutable" in hashed_style.headers["cache-control"]
    health = server.get("/healthz")
    assert (health.status, health.json()) == (200, {"database": "ok", "cache": "ok"})
    assert "no-store" in health.headers["cache-control"]

    # A player's private link works, and its token stays out of the access log.
    assert player.name in server.get(f"/p/{player.link_token}/").text
    assert '"GET /p/[private]/ HTTP/1.1" 200' in server.wait_for_output("/p/[private]/")
    assert player.link_token not in server.stdout.read_text() + server.stderr.read_text()


def test_a_result_entered_through_one_instance_is_on_the_others_standings_at_once(serve, redis_server):
    tournament = demo()
    first_instance, second_instance = serve(2)
    standings = f"/t/{tournament.slug}/standings/"

    # The second instance renders the standings into Redis; the first serves that very page without rendering it.
    rendered = second_instance.get(standings)
    assert (rendered.status, rendered.from_cache) == (200, "miss")
    shared = first_instance.get(standings)
    assert (shared.from_cache, shared.text) == ("hit", rendered.text)
    assert any(redis_server.scan_iter(match="*public-page:*")), "no public page stored in Redis"
    before = games_played(second_instance.get(standings + "?_export=csv"))

    # The organiser enters a pending result through the first instance.
    match = (Match.objects.filter(round__tournament=tournament, status=Match.PENDING)
             .select_related("first", "second").order_by("round__number", "table").first())
    organiser = first_instance.visitor()
    organiser.log_in("demo", "demo")
    scores = {f"{side}_{colour}": points for side, points in (("first", 12), ("second", 7)) for colour in "ROYGBP"}
    sent = organiser.fill_in(f"/manage/{tournament.slug}/match/{match.pk}/", status="played", **scores)
    assert sent.status == 302, f"the result form answered {sent.status}"
    assert Match.objects.get(pk=match.pk).status == Match.PLAYED

    # The second instance's standings show it at once: one more game for each of the two players.
    fresh = second_instance.get(standings)
    assert fresh.from_cache == "miss" and fresh.text != rendered.text
    after = games_played(second_instance.get(standings + "?_export=csv"))
    for player in (match.first, match.second):
        assert int(after[player.name]) == int(before[player.name]) + 1, player.name
    others = Player.objects.filter(tournament=tournament).exclude(pk__in=[match.first_id, match.second_id])
    assert all(after[p.name] == before[p.name] for p in others)
    # ... and the first instance serves the new page from the shared cache.
    assert (first_instance.get(standings).from_cache, first_instance.get(standings).text) == ("hit", fresh.text)
