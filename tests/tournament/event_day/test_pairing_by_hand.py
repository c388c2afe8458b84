"""Pairing a round by hand on the organiser's pages: the stuck round, the draft's check, publishing with a confirmation."""

import pytest

from tournament import services
from tournament.models import AuditEntry, Match, Round

from tests.factories import make_event, play_rounds

from .helpers import says, text

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"]


@pytest.fixture
def stuck(people):
    """Four players, three rounds played: everyone has met everyone, so round 4 has no pairing without a rematch."""
    tournament = make_event("Stuck Open", NAMES, organiser=people["org"], system="swiss", rounds_announced=5)
    play_rounds(tournament, 3)
    return tournament


def players(tournament):
    return {p.name.split()[0]: p for p in tournament.players.all()}


def test_a_stuck_round_is_paired_by_hand_and_published_after_the_confirmation(org_client, stuck):
    base = f"/manage/{stuck.slug}/"
    refused = text(org_client.post(base + "pair/", follow=True))
    assert says(refused, "no pairing without a rematch")
    assert "Pair by hand" in refused  # the way on is offered where the refusal is read

    page = text(org_client.post(base + "pair-by-hand/", follow=True))
    assert says(page, "empty draft", round=4)
    assert "Not placed (4)" in page and not says(page, "no rule broken")

    p = players(stuck)
    org_client.post(base + "round/4/seat/", {"first": p["Ann"].pk, "second": p["Ben"].pk})
    page = text(org_client.post(base + "round/4/seat/", {"first": p["Di"].pk, "second": p["Cy"].pk}, follow=True))
    assert says(page, "seated", first="Di Dunn", second="Cy Cole")
    # Both tables are rematches, each shown on the page (its words: pairing/test_rules_once).
    breaches = services.check_round(Round.objects.get(tournament=stuck, number=4)).absolute
    assert [b.table for b in breaches] == [1, 2]
    assert all(b.text in page for b in breaches)
    assert "Not placed" not in page

    unconfirmed = org_client.post(base + "round/4/publish/", {})
    assert "2 absolute rules" in text(unconfirmed)  # the count of what the confirmation overrides
    assert Round.objects.get(tournament=stuck, number=4).status == Round.DRAFT

    done = text(org_client.post(base + "round/4/publish/", {"confirm": "on"}, follow=True))
    assert says(done, "published despite", round=4)
    assert Round.objects.get(tournament=stuck, number=4).status == Round.PUBLISHED
    entry = AuditEntry.objects.filter(tournament=stuck).first()
    assert entry.action == "round published despite broken rules" and entry.who == "org"
    assert entry.after == {"tables": ["1: Ann Able – Ben Baker", "2: Di Dunn – Cy Cole"],
                           "published despite": [b.text for b in breaches]}


def test_the_draft_names_a_table_wider_than_needed_and_the_bye_rules(org_client, people):
    # Seeds by rating: Ann 1 ... Ed 5.  Round 1: Ed the bye, Ann v Cy and Ben v Di, won by the higher seeds.
    # Before round 2: Ann, Ben and Ed on 1 VP (Ed by the bye), Cy and Di on 0.
    tournament = make_event("Five Open", ["Ann", "Ben", "Cy", "Di", "Ed"], organiser=people["org"], system="swiss",
                            ratings=[2000, 1900, 1800, 1700, 1600])
    round_one = services.generate_round(tournament)
    services.publish_round(round_one)
    for match in round_one.matches.filter(status=Match.PENDING).select_related("first", "second"):
        higher_first = match.first.seed < match.second.seed
        scores = [[9] * 6, [5] * 6] if higher_first else [[5] * 6, [9] * 6]
        services.enter_result(match, services.ResultEntry.typed(scores=scores))
    services.close_round(round_one)
    base = f"/manage/{tournament.slug}/"
    org_client.post(base + "pair-by-hand/")
    p = {x.name: x for x in tournament.players.all()}
    # Ann v Cy and Ben v Di again would be rematches; Ann v Di, Ben v Cy cross from 1 VP to 0; Ed on the bye again.
    org_client.post(base + "round/2/seat/", {"first": p["Ann"].pk, "second": p["Di"].pk})
    org_client.post(base + "round/2/seat/", {"first": p["Ben"].pk, "second": p["Cy"].pk})
    page = text(org_client.post(base + "round/2/bye/", {"player": p["Ed"].pk}, follow=True))
    # The four seated: Ann and Ben on 1 VP, Cy and Di on 0; Ann v Ben and Cy v Di are level and no rematch,
    # so both tables are wider than needed; Ed's second bye breaks an absolute rule at table 3.
    check = services.check_round(tournament.rounds.get(number=2))
    assert [b.table for b in check.absolute] == [3] and "Ed" in check.absolute[0].text
    assert [b.table for b in check.scores] == [1, 2]
    assert check.differences == [2, 2] and check.best == []  # half-points: 1 VP apart at each; the best, all level
    assert all(b.text in page for b in check.breaches)
    # Each name carries its VP in the draft, with a no-break space: "0 VP" never wraps in the narrow columns.
    assert "Ann <span class=\"muted small\">1\u00a0VP</span>" in page
    assert "Di <span class=\"muted small\">0\u00a0VP</span>" in page


def test_seating_refusals_name_the_field(org_client, stuck):
    base = f"/manage/{stuck.slug}/"
    org_client.post(base + "pair-by-hand/")
    ann = players(stuck)["Ann"]
    page = org_client.post(base + "round/4/seat/", {"first": ann.pk, "second": ann.pk})
    assert list(page.context["seat_form"].errors) == ["second"]
    assert says(text(page), "nobody plays themself")  # the label, then why
    page = org_client.post(base + "round/4/seat/", {"first": ann.pk, "second": "999999"})
    assert list(page.context["seat_form"].errors) == ["second"]
    page = org_client.post(base + "round/4/bye/", {})
    assert list(page.context["bye_form"].errors) == ["player"]
    assert not Match.objects.filter(round__number=4, round__tournament=stuck).exists()


def test_an_engine_draft_is_emptied_refilled_and_started_again_from_the_engine(org_client, people):
    tournament = make_event("Edit Open", NAMES, organiser=people["org"], system="swiss")
    base = f"/manage/{tournament.slug}/"
    org_client.post(base + "pair/")
    assert says(text(org_client.get(base + "round/1/")), "no rule broken")
    page = text(org_client.post(base + "round/1/clear/", follow=True))
    assert "Not placed (4): " in page and Match.objects.filter(round__tournament=tournament).count() == 0
    page = text(org_client.post(base + "round/1/from-engine/", follow=True))
    assert says(page, "paired again by the engine", round=1) and says(page, "no rule broken")
    assert Match.objects.filter(round__tournament=tournament).count() == 2
    actions = [e.action for e in AuditEntry.objects.filter(tournament=tournament)[:6]]
    # Each pairing of round 1 closes the entries again (a new draw of the seeds), and says so.
    assert actions == ["round paired", "entries closed", "draft deleted", "draft emptied", "round paired",
                       "entries closed"]


def test_clearing_a_table_leaves_its_partner_unplaced(org_client, people):
    tournament = make_event("Clear Open", NAMES, organiser=people["org"], system="swiss")
    base = f"/manage/{tournament.slug}/"
    org_client.post(base + "pair/")
    match = Match.objects.get(round__tournament=tournament, table=1)
    page = text(org_client.post(base + f"round/1/unseat/{match.first.number}/", follow=True))
    assert says(page, "taken out, partner left", player=match.first.name, partner=match.second.name)
    assert f"Not placed (2): {match.first.name}, {match.second.name}" in page or \
           f"Not placed (2): {match.second.name}, {match.first.name}" in page
    assert Match.objects.get(round__tournament=tournament).table == 1  # the other table is renumbered to 1


def test_a_player_excused_in_the_draft_leaves_the_table_and_the_cancel_puts_them_back_to_place(org_client, people):
    tournament = make_event("Excuse Open", NAMES, organiser=people["org"], system="swiss",
                            ratings=[2000, 1900, 1800, 1700])
    base = f"/manage/{tournament.slug}/"
    org_client.post(base + "pair/")
    di = players(tournament)["Di"]
    page = text(org_client.post(base + "round/1/excuse/", {"player": di.pk}, follow=True))
    # Round 1 was seed 1 v 3 and 2 v 4: Di (seed 4) leaves Ben (seed 2) alone.
    assert says(page, "excused in the draft", player="Di Dunn", round=1, partner="Ben Baker")
    excused = Match.objects.get(round__tournament=tournament, first=di)
    assert excused.status == Match.EXCUSED and excused.table == 2  # after the one table left
    assert tournament.players.get(pk=di.pk).excused_absences.get().approved
    page = text(org_client.post(base + f"round/1/unseat/{di.number}/", follow=True))
    assert says(page, "taken out", player="Di Dunn") and "Not placed (2): Ben Baker, Di Dunn" in page
    assert not tournament.players.get(pk=di.pk).excused_absences.exists()
