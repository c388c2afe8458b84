"""A change costs what it changes: each kind of write makes exactly the public pages that show it fresh.

Every page of a six-player Swiss is read once (so each is cached), then one
write is made, and each page read again: `X-Page-Cache: miss` says it was
rendered afresh.  A page rendered afresh that shows nothing new costs a
render; one not rendered that does show the change is a stale page: both are
bugs here.  The sets below are worked out from what each page shows
(tournament/serving/versions.py), not from the code.
"""

import pytest

import tournament.pages.views
from tournament import services
from tournament.models import Match, Player

from tests.factories import make_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("own_page_cache")]

NAMES = ("Ann Able", "Ben Baker", "Cy Cole", "Dai Evans", "Eve Fox", "Fay Gray")
SCORES = [[5, 6, 7, 8, 9, 10], [4, 18, 18, 18, 18, 18]]  # the first player wins: lowest 5 beats 4


@pytest.fixture
def event():
    """Round 1 played and closed, round 2 published with no results yet."""
    tournament = make_event("V", NAMES, system="swiss", rounds_announced=4, publish_round_one=True)
    round_one = tournament.rounds.get(number=1)
    for match in round_one.matches.filter(status=Match.PENDING):
        services.enter_result(match, services.ResultEntry.typed(scores=SCORES))
    services.close_round(round_one)
    services.publish_round(services.generate_round(tournament))
    return tournament


def pages(event) -> dict[str, str]:
    slug = event.slug
    found = {"home": "/", "latest": f"/t/{slug}/", "round 1": f"/t/{slug}/round/1/", "round 2": f"/t/{slug}/round/2/",
             "standings": f"/t/{slug}/standings/", "crosstable": f"/t/{slug}/crosstable/",
             "screen": f"/t/{slug}/screen/"}
    for player in event.players.all():
        found[player.name] = f"/t/{slug}/players/{player.number}/"
    return found


def rendered_after(client, event, write) -> set[str]:
    """The pages rendered afresh on the first look after `write` (every page cached before it)."""
    urls = pages(event)
    for url in urls.values():
        assert client.get(url).status_code == 200
    for url in urls.values():
        assert client.get(url)["X-Page-Cache"] == "hit", url
    write()
    rendered = set()
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200
        if response["X-Page-Cache"] == "miss":
            rendered.add(name)
    return rendered


EVERY_RANKING = {"home", "standings", "crosstable", "screen"}
EVERY_PAGE = EVERY_RANKING | {"latest", "round 1", "round 2"} | set(NAMES)


def game_in(event, number) -> Match:
    return Match.objects.filter(round__tournament=event, round__number=number, status=Match.PENDING) \
        .select_related("first", "second").order_by("table").first()


def test_a_result_in_the_current_round_leaves_round_one_and_the_other_players_pages_alone(client, event):
    match = game_in(event, 2)
    rendered = rendered_after(client, event, lambda: services.enter_result(match,
                                                                           services.ResultEntry.typed(scores=SCORES)))
    assert rendered == EVERY_RANKING | {"latest", "round 2", match.first.name, match.second.name}


def test_a_corrected_result_in_round_one_shows_on_round_one_and_on_round_two_s_vp_before_the_round(client, event):
    round_one = event.rounds.get(number=1)
    services.reopen_round(round_one)
    match = round_one.matches.select_related("first", "second").order_by("table").first()
    swapped = [SCORES[1], SCORES[0]]
    rendered = rendered_after(client, event, lambda: services.enter_result(match,
                                                                           services.ResultEntry.typed(scores=swapped),
                                                                           correction=True))
    assert rendered == EVERY_RANKING | {"latest", "round 1", "round 2", match.first.name, match.second.name}
    # ... and round 1's page shows it: table 1 now won by the second player.
    table_one = client.get(f"/t/{event.slug}/round/1/").content.decode().split("<tbody>")[1].split("</tr>")[0]
    assert "0–1" in table_one and "1–0" not in table_one


def test_a_withdrawal_a_name_and_a_setting_show_on_every_page(client, event):
    ann, ben = event.players.get(name="Ann Able"), event.players.get(name="Ben Baker")
    for write in (lambda: services.edit_player(ann, name="Ann Abel", rating=None, club=""),
                  lambda: services.update_settings(event, name="V renamed"),
                  lambda: services.withdraw(ben, 2, pending=services.FORFEIT)):
        every_page = set(pages(event))
        assert rendered_after(client, event, write) == every_page


def test_a_new_private_link_changes_no_public_page(client, event):
    ann = event.players.get(name="Ann Able")
    assert rendered_after(client, event, lambda: services.renew_link(ann)) == set()


def test_a_draft_is_on_no_public_page_until_published(client, event):
    round_two = event.rounds.get(number=2)
    for match in round_two.matches.filter(status=Match.PENDING):
        services.enter_result(match, services.ResultEntry.typed(scores=SCORES))
    services.close_round(round_two)
    draft = services.start_by_hand(event)
    players = list(event.players.order_by("seed"))
    rendered = rendered_after(client, event, lambda: services.seat_pair(draft, players[0], players[1]))
    assert rendered == set()
    rendered = rendered_after(client, event, lambda: services.clear_draft(draft))
    assert rendered == set()
    services.seat_pair(draft, players[0], players[1])
    services.seat_pair(draft, players[2], players[3])
    services.seat_pair(draft, players[4], players[5])
    assert rendered_after(client, event, lambda: services.publish_draft(draft, despite_breaches=True)) == EVERY_PAGE


def test_stored_versions_are_never_written_back_by_an_old_copy(client, event):
    """A row read before a result moved its versions, saved afterwards, keeps the newer versions."""
    match = game_in(event, 2)
    old_player = Player.objects.get(pk=match.first_id)
    old_round = match.round
    services.enter_result(match, services.ResultEntry.typed(scores=SCORES))
    moved = Player.objects.get(pk=match.first_id).data_version
    old_player.save()
    old_round.save()
    assert Player.objects.get(pk=match.first_id).data_version == moved
    assert old_round.__class__.objects.get(pk=old_round.pk).data_version > old_round.data_version


def test_a_result_sent_through_a_private_link_shows_once_the_opponent_confirms_it(client, event):
    match = game_in(event, 2)
    sent = []
    assert rendered_after(client, event, lambda: sent.append(
        services.submit_result(match.first, match,
                               services.ResultEntry.from_player(scores=SCORES)))) == set()  # waiting: on no public page
    rendered = rendered_after(client, event, lambda: services.answer_submission(match.second, sent[0], agree=True))
    assert rendered == EVERY_RANKING | {"latest", "round 2", match.first.name, match.second.name}


def test_closing_a_round_and_an_excused_absence_show_on_every_page(client, event):
    round_two = event.rounds.get(number=2)
    for match in round_two.matches.filter(status=Match.PENDING):
        services.enter_result(match, services.ResultEntry.typed(scores=SCORES))
    every_page = set(pages(event))
    assert rendered_after(client, event, lambda: services.close_round(round_two)) == every_page
    cy = event.players.get(name="Cy Cole")
    assert rendered_after(client, event, lambda: services.excuse_player(cy, 3)) == every_page


def test_the_standings_report_is_built_once_per_change_for_all_the_pages_that_read_it(client, event, monkeypatch):
    built = []
    real = tournament.pages.views.standings_report
    monkeypatch.setattr(tournament.pages.views, "standings_report", lambda record: built.append(1) or real(record))
    slug = event.slug
    for url in (f"/t/{slug}/standings/", f"/t/{slug}/crosstable/", f"/t/{slug}/screen/"):
        assert client.get(url)["X-Page-Cache"] == "miss"
    assert len(built) == 1
    services.enter_result(game_in(event, 2), services.ResultEntry.typed(scores=SCORES))
    for url in (f"/t/{slug}/standings/", f"/t/{slug}/crosstable/", f"/t/{slug}/screen/"):
        assert client.get(url)["X-Page-Cache"] == "miss"
    assert len(built) == 2
