"""What each person sees in the pages: the top bar says Organiser or Arbiter, and no link leads to a refusal."""

import re

import pytest

from tests.factories import make_event, page_text
from tournament import services
from tournament.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(people):
    tournament = make_event("Roles Open", ("Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eng"),
                            organiser=people["org"], system="swiss", publish_round_one=True)
    services.add_role(tournament, people["arb"], "arbiter", user=people["org"])
    played = tournament.rounds.get().matches.exclude(second=None).first()
    services.enter_result(played, services.ResultEntry.typed(scores=[[5] * 6, [4] * 6]))
    return tournament


def manage_links(html: str) -> set[str]:
    """The /manage/ addresses a page links to or posts its forms to."""
    return set(re.findall(r'(?:href|action)="(/manage/[^"#?]*)', html))


def test_the_top_bar_names_the_role(client, people, event):
    client.force_login(people["org"])
    assert '">Organiser</a>' in page_text(client.get("/"))
    client.force_login(people["arb"])
    home = page_text(client.get("/"))
    assert '">Arbiter</a>' in home and '">Organiser</a>' not in home
    client.force_login(people["other_org"])  # staff, organising nothing yet: may create tournaments
    assert '">Organiser</a>' in page_text(client.get("/"))


def test_someone_with_no_role_sees_no_manage_link_only_log_out(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("visitor"))
    home = page_text(client.get("/"))
    assert 'href="/manage/"' not in home and "Log out" in home


def test_every_manage_link_an_arbiter_is_shown_opens(client, people, event):
    client.force_login(people["arb"])
    index = page_text(client.get("/manage/"))
    assert "New tournament" not in index and "Import a tournament file" not in index
    match = event.rounds.get().matches.exclude(second=None).first()
    seen, to_visit = set(), ["/manage/", f"/manage/{event.slug}/", f"/manage/{event.slug}/round/1/",
                             f"/manage/{event.slug}/round/1/results/", f"/manage/{event.slug}/match/{match.pk}/"]
    while to_visit:
        url = to_visit.pop()
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        # 405: a form's address, answering only its POST; the role is checked before the method
        assert response.status_code in (200, 302, 405), f"{url} answers {response.status_code} to an arbiter"
        if response.status_code == 200 and response.get("Content-Type", "").startswith("text/html"):
            to_visit += [link for link in manage_links(page_text(response)) if link.startswith(f"/manage/{event.slug}/")
                         or link == "/manage/"]
    assert f"/manage/{event.slug}/print/standings.pdf" in seen  # the sheets an arbiter may print were followed
    assert f"/manage/{event.slug}/links/" not in seen and f"/manage/{event.slug}/print/links.pdf" not in seen


def test_an_organiser_sees_the_organisers_links(client, people, event):
    client.force_login(people["org"])
    dashboard = page_text(client.get(f"/manage/{event.slug}/"))
    assert f'href="/manage/{event.slug}/links/"' in dashboard
    assert "New tournament" in page_text(client.get("/manage/"))


def test_refusals_and_missing_pages_are_the_sites_own_pages(client, people, event):
    client.force_login(people["arb"])
    refused = client.get(f"/manage/{event.slug}/settings/")
    assert refused.status_code == 403
    text = page_text(refused)
    assert "You may not open this page" in text and "Only the tournament&#x27;s organisers may do this." in text
    assert "Log out" in text  # the site's bar, not a bare "403 Forbidden"
    missing = client.get("/t/no-such-event/")
    assert missing.status_code == 404 and "There is no such page" in page_text(missing)
    assert "Nothing is at /no/such/page/" in page_text(client.get("/no/such/page/"))


def test_a_replaced_private_link_says_so_and_an_unknown_one_says_it_is_none(client, event):
    ann = event.players.get(name="Ann Able")
    old = ann.link_token
    services.renew_link(ann)
    replaced = client.get(f"/p/{old}/")
    assert replaced.status_code == 410
    assert "This private link was replaced" in page_text(replaced)
    unknown = client.get("/p/not-a-token-at-all/")
    assert unknown.status_code == 404
    assert "There is no such private link: check the address, or ask the organiser for yours." in page_text(unknown)
    ann.refresh_from_db()
    assert client.get(f"/p/{ann.link_token}/").status_code == 200
