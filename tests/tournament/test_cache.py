"""The public pages come from the cache until something they show changes (tournament/serving/cache.py)."""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Match
from tournament.records import import_record
from tournament.serving import cache as page_cache
from tournament.tfile.simulate import simulate
from tournament.tfile import parse

from tests.factories import make_event, matches

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("own_page_cache")]


@pytest.fixture
def event():
    """A four-player Swiss event with round 1 published and no results yet."""
    return make_event("X", ("Ann Able", "Ben Baker", "Cy Cole", "Dai Evans"), system="swiss", publish_round_one=True)


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response


def test_a_second_look_at_the_standings_comes_from_the_cache(client, event, django_assert_max_num_queries):
    url = f"/t/{event.slug}/standings/"
    first = page(client, url)
    assert first["X-Page-Cache"] == "miss"
    with django_assert_max_num_queries(2):
        second = page(client, url)
    assert second["X-Page-Cache"] == "hit"
    assert second.content == first.content


def test_every_public_page_is_cached(client, event):
    services.enter_result(matches(event)[0], services.ResultEntry.forfeit(matches(event)[0].first))
    for url in ("/", f"/t/{event.slug}/", f"/t/{event.slug}/round/1/", f"/t/{event.slug}/players/1/",
                f"/t/{event.slug}/standings/", f"/t/{event.slug}/crosstable/", f"/t/{event.slug}/screen/"):
        assert page(client, url)["X-Page-Cache"] == "miss", url
        assert page(client, url)["X-Page-Cache"] == "hit", url


def test_a_result_shows_at_once_on_pairings_and_standings(client, event):
    pairings_url, standings_url = f"/t/{event.slug}/round/1/", f"/t/{event.slug}/standings/"
    before = page(client, pairings_url).content.decode()
    standings_before = page(client, standings_url).content.decode()
    assert "to come" in before
    match = matches(event)[0]
    services.enter_result(match, services.ResultEntry.typed(scores=[[5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]]))
    after = page(client, pairings_url)
    assert after["X-Page-Cache"] == "miss"
    assert "1–0" in after.content.decode()  # the first player's lowest colour, 5, beats 4
    standings_after = page(client, standings_url)
    assert standings_after["X-Page-Cache"] == "miss"
    assert standings_after.content.decode() != standings_before


def test_the_query_string_is_part_of_the_key(client, event):
    url = f"/t/{event.slug}/standings/"
    page(client, url)
    for _ in range(2):  # the miss, then the hit, both keep the CSV's file name
        exported = page(client, f"{url}?_export=csv")
        assert exported["Content-Disposition"] == f'attachment; filename="{event.slug}-standings.csv"'
        assert exported.content.decode().startswith("Place,Player")
    assert exported["X-Page-Cache"] == "hit"
    assert page(client, f"{url}?sort=-vp")["X-Page-Cache"] == "miss"


def test_publishing_a_round_shows_it(client):
    tournament = make_event("X", ("Ann Able", "Ben Baker"), system="swiss")
    round_ = services.generate_round(tournament)
    assert "Round 1" not in page(client, f"/t/{tournament.slug}/").content.decode()  # the draft is not shown
    services.publish_round(round_)
    assert "Round 1" in page(client, f"/t/{tournament.slug}/").content.decode()


def test_adding_withdrawing_and_importing_players_show_at_once(client, event):
    url = f"/t/{event.slug}/standings/"
    page(client, url)
    services.add_player(event, "Eve Fox")
    assert "Eve Fox" in page(client, url).content.decode()
    services.withdraw(event.players.get(name="Ann Able"), 1)
    assert "(withdrawn)" in page(client, url).content.decode()
    services.import_players(event, [("Fay Gray", 1500, "")])
    assert "Fay Gray" in page(client, url).content.decode()


def test_a_deleted_draft_round_disappears(client):
    tournament = make_event("X", ("Ann Able", "Ben Baker", "Cy Cole"), system="swiss", publish_round_one=True)
    for match in Match.objects.filter(round__tournament=tournament).exclude(status=Match.BYE):
        services.enter_result(match, services.ResultEntry.forfeit(match.first))
    services.close_round(tournament.rounds.get())
    services.publish_round(services.generate_round(tournament))
    assert "Round 2" in page(client, f"/t/{tournament.slug}/").content.decode()
    round_two = tournament.rounds.get(number=2)
    round_two.status = round_two.DRAFT  # back to a draft, as if never published
    round_two.save()
    services.delete_draft(round_two)
    assert "Round 2" not in page(client, f"/t/{tournament.slug}/").content.decode()


def test_importing_a_tournament_shows_it_on_the_front_page(client, event):
    assert "Simulated swiss of 6" not in page(client, "/").content.decode()
    imported = services.import_tournament(parse(simulate(6, 2, seed=1)))
    assert "Simulated swiss of 6" in page(client, "/").content.decode()
    assert "Round 2" in page(client, f"/t/{imported.slug}/").content.decode()


def test_a_slug_taken_over_by_another_tournament_shows_the_newcomer(client):
    first = import_record(parse(simulate(6, 1, seed=1)))
    slug = first.slug
    assert "Round 1" in page(client, f"/t/{slug}/").content.decode()
    first.slug = "renamed"
    first.save()
    assert client.get(f"/t/{slug}/").status_code == 404
    assert "Round 1" in page(client, "/t/renamed/").content.decode()
    import_record(parse(simulate(6, 2, seed=2)), slug=slug)
    assert "Round 2" in page(client, f"/t/{slug}/").content.decode()


def test_staff_are_not_served_the_anonymous_page(client, event):
    url = f"/t/{event.slug}/standings/"
    assert "Log in" in page(client, url).content.decode()
    staff = get_user_model().objects.create_user("arbiter", password="x", is_staff=True)
    client.force_login(staff)
    staff_page = page(client, url)
    assert "Organiser" in staff_page.content.decode() and "X-Page-Cache" not in staff_page
    client.logout()
    anonymous = page(client, url)
    assert anonymous["X-Page-Cache"] == "hit" and "Organiser" not in anonymous.content.decode()


def test_saving_an_old_copy_of_the_tournament_does_not_bring_back_old_pages(client, event):
    stale_copy = type(event).objects.get(pk=event.pk)  # loaded before the result below
    url = f"/t/{event.slug}/round/1/"
    page(client, url)
    services.enter_result(matches(event)[0], services.ResultEntry.forfeit(matches(event)[0].first))
    with_result = page(client, url).content.decode()
    assert "forfeit" in with_result.lower()
    stale_copy.name = "X renamed"
    stale_copy.save()  # must not write its old data_version back
    renamed = page(client, url)
    assert renamed["X-Page-Cache"] == "miss"
    assert "X renamed" in renamed.content.decode() and "forfeit" in renamed.content.decode().lower()


def test_an_unchanged_page_costs_one_query_and_a_304_until_a_result_changes_it(client, event,
                                                                                django_assert_num_queries):
    url = f"/t/{event.slug}/standings/"
    first = page(client, url)
    etag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]  # kept, but asked about again before each use
    with django_assert_num_queries(1):
        unchanged = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged["ETag"] == etag and not unchanged.content
    assert client.get(url, HTTP_IF_NONE_MATCH=f'W/{etag}, "other"').status_code == 304
    services.enter_result(matches(event)[0], services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]))
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert client.get(f"/t/{event.slug}/", HTTP_IF_NONE_MATCH=etag).status_code == 200  # another page's tag


def test_staff_pages_and_private_links_carry_no_etag(client, event):
    client.force_login(get_user_model().objects.create_user("staff", is_staff=True))
    assert not client.get(f"/t/{event.slug}/standings/").has_header("ETag")
    client.logout()
    link = client.get(f"/p/{event.players.first().link_token}/")
    assert not link.has_header("ETag") and "no-store" in link["Cache-Control"]


def test_a_new_release_never_serves_an_old_releases_pages(client, event, monkeypatch, tmp_path):
    """After an upgrade, pages stored by the old code (in Redis they outlive a restart) and the ETags browsers
    hold are not used: the key holds a digest of the code and templates."""
    url = f"/t/{event.slug}/standings/"
    old = page(client, url)
    assert page(client, url)["X-Page-Cache"] == "hit"
    assert client.get(url, HTTP_IF_NONE_MATCH=old["ETag"]).status_code == 304
    monkeypatch.setattr(page_cache, "release", lambda: "next-release")
    new = page(client, url)
    assert new["X-Page-Cache"] == "miss"
    assert new["ETag"] != old["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=old["ETag"]).status_code == 200


def test_the_release_digest_follows_the_templates(monkeypatch, tmp_path):
    (tmp_path / "templates").mkdir()
    page_file = tmp_path / "templates" / "page.html"
    page_file.write_text("<p>one</p>")
    monkeypatch.setattr(page_cache, "RELEASE_PARTS", ("templates",))
    monkeypatch.setattr(page_cache, "__file__", str(tmp_path / "tournament" / "cache.py"))
    page_cache.release.cache_clear()
    try:
        first = page_cache.release()
        page_cache.release.cache_clear()
        assert page_cache.release() == first  # the same files, the same digest
        page_file.write_text("<p>two</p>")
        page_cache.release.cache_clear()
        assert page_cache.release() != first
    finally:
        page_cache.release.cache_clear()
