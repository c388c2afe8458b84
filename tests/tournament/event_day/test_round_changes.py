"""A published round taken back to a draft and re-paired; a closed round reopened to correct a result."""

import pytest

from tournament import services
from tournament.models import AuditEntry, Match, Round

from tests.factories import make_event, play

from .helpers import says, text

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"]


@pytest.fixture
def event(people):
    """Four players by rating (Ann seed 1 ... Di seed 4), round 1 published with no result."""
    return make_event("Change Open", NAMES, organiser=people["org"], system="swiss", ratings=[2000, 1900, 1800, 1700],
                      publish_round_one=True)


def test_a_published_round_with_no_result_is_taken_back_and_paired_again(org_client, event):
    base = f"/manage/{event.slug}/"
    assert says(text(org_client.get(base)), "offers take back", round=1)
    page = text(org_client.post(base + "round/1/take-back/", follow=True))
    assert says(page, "taken back", round=1) and says(page, "no rule broken")
    assert Round.objects.get(tournament=event).status == Round.DRAFT
    assert "Ann Able" not in text(org_client.get(f"/t/{event.slug}/"))  # the public pages no longer show it
    entry = AuditEntry.objects.filter(tournament=event).first()
    assert entry.action == "round taken back to a draft"
    assert len(entry.before) == 2 and all(" – " in line for line in entry.before)

    org_client.post(base + "round/1/from-engine/")
    page = text(org_client.post(base + "round/1/publish/", follow=True))
    assert says(page, "published", round=1)
    assert Round.objects.get(tournament=event).status == Round.PUBLISHED


def test_a_round_with_a_result_or_a_later_round_is_not_taken_back(org_client, event):
    base = f"/manage/{event.slug}/"
    round_one = Round.objects.get(tournament=event)
    first = round_one.matches.order_by("table").first()
    services.enter_result(first, services.ResultEntry.typed(scores=[[9] * 6, [5] * 6]))
    page = text(org_client.post(base + "round/1/take-back/", {"back": "round"}, follow=True))
    assert says(page, "has results, not taken back", round=1, table=1)
    play(round_one)
    services.publish_round(services.generate_round(event))
    page = text(org_client.post(base + "round/1/take-back/", {"back": "round"}, follow=True))
    assert says(page, "closed, not taken back", round=1)
    services.enter_result(Round.objects.get(tournament=event, number=2).matches.first(), services.ResultEntry.forfeit())
    page = text(org_client.post(base + "round/2/take-back/", follow=True))
    assert says(page, "has results, not taken back", round=2, table=1)


def test_a_closed_round_is_reopened_and_the_later_rounds_are_named(org_client, event):
    base = f"/manage/{event.slug}/"
    round_one = Round.objects.get(tournament=event)
    play(round_one)
    round_two = services.generate_round(event)
    services.publish_round(round_two)
    play(round_two)
    services.publish_round(services.generate_round(event))  # round 3 under way
    page = text(org_client.get(base + "round/1/"))
    assert says(page, "later rounds paired on it", rounds="2, 3")
    page = text(org_client.post(base + "round/1/reopen/", follow=True))
    assert says(page, "reopened", round=1, later="2 and 3")
    assert Round.objects.get(pk=round_one.pk).status == Round.PUBLISHED
    entry = AuditEntry.objects.filter(tournament=event).first()
    assert (entry.action, entry.after) == ("round reopened", {"later rounds (they stand)": [2, 3]})
    # Corrected, then closed again: rounds 2 and 3 keep their tables.
    tables = list(Match.objects.filter(round__number__in=(2, 3), round__tournament=event).values_list("first", "second"))
    match = round_one.matches.order_by("table").first()
    services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [9] * 6]), correction=True)
    org_client.post(base + "round/1/close/")
    assert Round.objects.get(pk=round_one.pk).status == Round.COMPLETE
    assert list(Match.objects.filter(round__number__in=(2, 3), round__tournament=event)
                .values_list("first", "second")) == tables
    page = text(org_client.post(base + "round/1/reopen/", follow=True))
    assert "Round 1 is open again" in page
    page = text(org_client.post(base + "round/1/reopen/", follow=True))
    assert says(page, "not closed", round=1)


def test_a_correction_on_the_result_page_names_the_later_rounds_that_stand(org_client, event):
    round_one = Round.objects.get(tournament=event)
    play(round_one)
    services.publish_round(services.generate_round(event))
    org_client.post(f"/manage/{event.slug}/round/1/reopen/")
    match = round_one.matches.select_related("first", "second").order_by("table").first()
    data = {"status": "forfeit", "present": "second", "correct": "on", "version": match.version}
    page = text(org_client.post(f"/manage/{event.slug}/match/{match.pk}/", data, follow=True))
    assert says(page, "corrected, later round stands", round=1, table=1, later=2,
                result=f"{match.first.name} 0–1 {match.second.name} (forfeit)")


def test_a_closed_rounds_result_is_corrected_only_after_reopening_it(org_client, event):
    round_one = event.rounds.get(number=1)
    play(round_one)
    match = round_one.matches.order_by("table").first()
    with pytest.raises(services.Refused) as refused:
        services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [9] * 6]), correction=True)
    assert refused.value.code == "round-closed"
    page = text(org_client.get(f"/manage/{event.slug}/match/{match.pk}/"))
    assert says(page, "closed, reopen to correct", round=1) and "Save the correction" not in page
    services.reopen_round(round_one)
    page = text(org_client.get(f"/manage/{event.slug}/match/{match.pk}/"))
    assert "Save the correction" in page
    services.enter_result(match, services.ResultEntry.typed(scores=[[5] * 6, [9] * 6]), correction=True)
    match.refresh_from_db()
    assert match.scores == [[5] * 6, [9] * 6]
