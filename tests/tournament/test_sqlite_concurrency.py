"""Several people saving at once on the default set-up: SQLite under `manage.py runserver`, real threads.

The PostgreSQL tests of the same (tests/test_concurrency.py) run the services
in threads; SQLite's trouble was in the connection itself ("database is
locked" when a deferred transaction tried to write while another held the
lock), so these go the whole way: a `runserver` child process on a SQLite
file with the settings' own options, organisers and players in threads, each
with its own session, all released at the same instant.  Every answer must be
a page or a redirect, never a 500, and every result sent must be kept.
"""

from __future__ import annotations

import json
import threading

import pytest

from tests.production.servers import Visitor, _FormReader, manage, runserver, sqlite_environment

ORGANISERS = ("ann", "bob", "cy", "dee")
ROUNDS_OF_SAVES = 10

SETUP = """
import json
from django.contrib.auth import get_user_model
from tournament import services
users = []
for name in %(organisers)r:
    user = get_user_model().objects.create_user(name, password=name + "-pw", is_staff=True)
    users.append(user)
tournament = services.create_tournament("Busy Night", users[0], system="swiss", rounds_announced=7)
for user in users[1:]:
    services.add_role(tournament, user, "organiser", user=users[0])
for i in range(%(players)d):
    services.add_player(tournament, f"Player {i + 1:02d}", rating=2000 - i, user=users[0])
round_ = services.generate_round(tournament, user=users[0])
services.publish_round(round_, user=users[0])
matches = [{"pk": m.pk, "first": m.first.link_token, "second": m.second.link_token}
           for m in round_.matches.select_related("first", "second").order_by("table")]
print(json.dumps({"slug": tournament.slug, "matches": matches}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A runserver on a fresh SQLite file: 4 organisers, 90 players, round 1 published (45 games to come: 40 for the first test)."""
    folder = tmp_path_factory.mktemp("sqlite-site")
    env = sqlite_environment(folder / "db.sqlite3")
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    event = json.loads(manage(env, "shell", "-c", SETUP % {"organisers": ORGANISERS, "players": 90})
                       .strip().splitlines()[-1])
    with runserver(env, folder) as (port, output, _pid):
        yield {"port": port, "slug": event["slug"], "matches": event["matches"], "output": output}


def _post_form_of(visitor: Visitor, page: str, changes: dict, action: str | None = None, form_field="version"):
    """Open the page and ready its form (the one with `form_field`; CSRF token, version): a call that sends it,
    as typed with `changes`, to `action` (the page itself by default)."""
    answer = visitor.get(page)
    assert answer.status == 200, f"GET {page}: {answer.status}"
    reader = _FormReader()
    reader.feed(answer.text)
    form = next(f for f in reader.forms if form_field in f)
    return lambda: visitor.post(action or page, {**{k: v for k, v in form.items() if v}, **changes})


def _at_once(calls):
    """Each call in its own thread, released together; the pages they got, in order."""
    barrier = threading.Barrier(len(calls))
    pages = [None] * len(calls)

    def run(i):
        barrier.wait()
        try:
            pages[i] = calls[i]()
        except Exception as error:  # noqa: BLE001 - shown in the assertion
            pages[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return pages


def _scores(n: int) -> dict:
    """A game won by the first player: R..P of the first all (n % 10 + 8), of the second all 5."""
    first = n % 10 + 8
    return {**{f"first_{c}": first for c in "ROYGBP"}, **{f"second_{c}": 5 for c in "ROYGBP"}}


def _logged_in(port: int, name: str) -> Visitor:
    visitor = Visitor(port)
    visitor.log_in(name, f"{name}-pw")
    return visitor


def test_four_organisers_save_four_results_at_once_ten_times_over_and_all_are_kept(site):
    organisers = [_logged_in(site["port"], name) for name in ORGANISERS]
    answers, sent = [], {}
    for batch in range(ROUNDS_OF_SAVES):
        calls = []
        for i, visitor in enumerate(organisers):
            match = site["matches"][batch * len(organisers) + i]
            scores = _scores(batch * 4 + i)
            sent[match["pk"]] = scores["first_R"]
            calls.append(_post_form_of(visitor, f"/manage/{site['slug']}/match/{match['pk']}/",
                                       {"status": "played", **scores}))
        answers += _at_once(calls)
    statuses = [getattr(page, "status", page) for page in answers]
    assert statuses == [302] * 40, statuses  # each saved and sent back to the dashboard
    # Each result as the organiser typed it, on the organisers' own page of it.
    for pk, first in sent.items():
        page = organisers[0].get(f"/manage/{site['slug']}/match/{pk}/")
        assert "Result on record: <strong>" in page.text, pk
        assert f'name="first_R" value="{first}"' in page.text, pk


def test_two_organisers_saving_the_same_result_at_once_keep_one_and_tell_the_other_who_changed_it(site):
    ann, bob = _logged_in(site["port"], "ann"), _logged_in(site["port"], "bob")
    match = site["matches"][-1]
    path = f"/manage/{site['slug']}/match/{match['pk']}/"
    pages = _at_once([_post_form_of(ann, path, {"status": "played", **_scores(1)}),
                      _post_form_of(bob, path, {"status": "played", **_scores(2)})])
    assert sorted(getattr(page, "status", page) for page in pages) == [200, 302], pages
    kept, told = (0, 1) if pages[0].status == 302 else (1, 0)
    winner = ("ann", "bob")[kept]
    assert f"This result was changed by {winner} at " in pages[told].text
    assert "Your entry was not saved." in pages[told].text
    kept_first = _scores(1 + kept)["first_R"]
    assert f'name="first_R" value="{kept_first}"' in ann.get(path).text


def test_the_two_players_sending_different_results_at_once_get_one_sent_and_the_other_told(site):
    match = site["matches"][-2]
    calls = [_post_form_of(Visitor(site["port"]), f"/p/{token}/", _scores(n), f"/p/{token}/game/{match['pk']}/send/")
             for token, n in ((match["first"], 3), (match["second"], 4))]
    pages = _at_once(calls)
    assert sorted(getattr(page, "status", page) for page in pages) == [200, 302], pages
    told = pages[0] if pages[0].status == 200 else pages[1]
    assert "has already sent a result" in told.text  # the refusal's words: test_refusal_wordings


def test_six_clicks_on_a_players_send_keep_one_result_and_tell_the_rest_it_is_in(site):
    """Six simultaneous clicks on "Send" once stored six submissions and six audit entries."""
    match = site["matches"][-3]
    player = Visitor(site["port"])
    send = _post_form_of(player, f"/p/{match['first']}/", _scores(5), f"/p/{match['first']}/game/{match['pk']}/send/")
    pages = _at_once([send] * 6)
    assert [getattr(page, "status", page) for page in pages] == [302] * 6, pages
    ann = _logged_in(site["port"], "ann")
    audit = ann.get(f"/manage/{site['slug']}/audit/").text
    subject = f"Round 1, table {site['matches'].index(match) + 1}<"
    assert [row for row in audit.split("<tr>") if "result sent" in row and subject in row] != []
    assert len([row for row in audit.split("<tr>") if "result sent" in row and subject in row]) == 1
    page = player.get(f"/p/{match['first']}/").text  # the last answer's message: the first or a repeat
    assert "Your result is sent" in page or "Your result is already in, as you sent it" in page


def test_a_double_click_on_create_makes_two_tournaments_not_a_500(site):
    ann = _logged_in(site["port"], "ann")
    fields = {"name": "Double Click Cup", "system": "auto", "rounds_announced": "7", "bye_half_points": "2",
              "progressive": "sum", "clock_s": "600", "late_entry_half_points": "0"}
    pages = _at_once([_post_form_of(ann, "/manage/new/", fields, form_field="name")] * 2)
    assert [getattr(page, "status", page) for page in pages] == [302, 302], pages
    assert sorted(page.headers["location"] for page in pages) == ["/manage/double-click-cup-2/",
                                                                  "/manage/double-click-cup/"]
