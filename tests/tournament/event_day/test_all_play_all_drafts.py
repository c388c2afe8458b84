"""An all-play-all's own draft breaks no rule: the idle player of an odd field and the table's forfeits of a
withdrawn or excused player are its normal course (docs/tournament-rules.md, All-play-all; Byes); a draft edited by hand
still says what it breaks.

Five players, seeds 1-5 by rating (P1 Ada ... P5 Ed).  Berger table for 5 (FIDE's, with a dummy 6):
round 1: 2-5, 3-4, Ada idle; round 2: 1-2, 5-3, Di idle; round 3: 3-1, 4-5, Bo idle.
P3 Cy is excused from round 2 and P5 Ed withdraws after round 2.
"""

import pytest

from tournament import services
from tournament.models import AuditEntry, Match, Round

from tests.factories import make_event, play, play_rounds

from .helpers import says, words

pytestmark = pytest.mark.django_db

NAMES = ["P1 Ada", "P2 Bo", "P3 Cy", "P4 Di", "P5 Ed"]


@pytest.fixture
def robin(people):
    tournament = make_event("Odd Robin", NAMES, ratings=[2000, 1900, 1800, 1700, 1600], organiser=people["org"],
                            system="all-play-all", rounds_announced=7)  # rated: seeds in this order
    return tournament


def by_name(tournament):
    return {p.name: p for p in tournament.players.all()}


def tables(round_):
    return [(m.table, m.first.name, m.second.name if m.second else None, m.status)
            for m in round_.matches.select_related("first", "second").order_by("table")]


def test_the_engines_drafts_break_nothing_and_publish_without_the_confirmation(org_client, robin):
    players = by_name(robin)
    base = f"/manage/{robin.slug}/"
    org_client.post(base + "pair/")
    round_one = robin.rounds.get(number=1)
    assert tables(round_one) == [(1, "P2 Bo", "P5 Ed", "pending"), (2, "P3 Cy", "P4 Di", "pending")]
    page = words(org_client.get(base + "round/1/"))
    assert says(page, "no rule broken")
    assert "Absolute rules this draft breaks" not in page and "Not placed" not in page
    assert says(page, "idle", player="P1 Ada")
    assert "Publish round 1 despite" not in page
    org_client.post(base + "round/1/publish/")
    assert Round.objects.get(pk=round_one.pk).status == Round.PUBLISHED
    play(round_one)

    services.excuse_player(players["P3 Cy"], 2)
    services.withdraw(players["P5 Ed"], 2)
    org_client.post(base + "pair/")
    round_two = robin.rounds.get(number=2)
    # Ed plays first against the excused Cy: Ed wins by forfeit; Di is idle.
    assert tables(round_two) == [(1, "P1 Ada", "P2 Bo", "pending"), (2, "P5 Ed", "P3 Cy", "forfeit")]
    assert services.check_round(round_two).lines == []
    page = words(org_client.get(base + "round/2/"))
    assert says(page, "no rule broken") and "is excused from this round" not in page
    assert services.check_round(round_two).idle == {players["P4 Di"].number} and "Idle this round" in page
    org_client.post(base + "round/2/publish/")
    play(round_two)

    org_client.post(base + "pair/")
    round_three = robin.rounds.get(number=3)
    # Ed has withdrawn: Di wins his game by forfeit; Bo is idle.
    assert tables(round_three) == [(1, "P3 Cy", "P1 Ada", "pending"), (2, "P4 Di", "P5 Ed", "forfeit")]
    page = words(org_client.get(base + "round/3/"))
    assert says(page, "no rule broken") and "does not play this round" not in page
    org_client.post(base + "round/3/publish/")
    assert Round.objects.get(pk=round_three.pk).status == Round.PUBLISHED  # no confirmation asked
    actions = list(AuditEntry.objects.filter(tournament=robin).values_list("action", flat=True))
    assert actions.count("round published") == 3 and "round published despite broken rules" not in actions


def breaches(round_):
    """Each absolute rule the draft breaks: its table (None: a player not placed) and the players it names."""
    names = [p.name for p in round_.tournament.players.order_by("number")]
    return [(b.table, sorted((n for n in names if n in b.text), key=b.text.index))
            for b in services.check_round(round_).absolute]


def test_a_hand_edit_of_an_all_play_all_draft_still_says_what_it_breaks(org_client, robin):
    players = by_name(robin)
    play_rounds(robin, 2)
    round_three = services.generate_round(robin)  # Cy v Ada, Di v Ed; Bo idle
    assert services.check_round(round_three).lines == []
    # Bo, the idle player, put with Ada (they met in round 2): Cy is left with no table.
    services.seat_pair(round_three, players["P2 Bo"], players["P1 Ada"])
    # (The words of each breach: event_day/test_draft_check and pairing/test_rules_once.)
    assert breaches(round_three) == [(None, ["P3 Cy"]), (2, ["P2 Bo", "P1 Ada"])]
    page = words(org_client.get(f"/manage/{robin.slug}/round/3/"))
    assert "Absolute rules this draft breaks" in page and says(page, "publish despite", round=3)
    assert "Idle this round" not in page  # Bo, the table's idle player, is at a table now
    # Cy put with Di, who leaves Ed alone: Ed is not placed, and a second rematch is named.
    services.seat_pair(round_three, players["P3 Cy"], players["P4 Di"])
    assert breaches(round_three) == [(None, ["P5 Ed"]), (1, ["P2 Bo", "P1 Ada"]), (2, ["P3 Cy", "P4 Di"])]  # Cy-Di: round 1


def test_an_all_play_all_draft_offers_no_bye(org_client, robin, people):
    """Its odd field's idle player is the table's: the draft page has no 'Give the bye' panel; a Swiss's has."""
    services.generate_round(robin)
    page = words(org_client.get(f"/manage/{robin.slug}/round/1/"))
    assert services.check_round(robin.rounds.get(number=1)).idle == {by_name(robin)["P1 Ada"].number}
    assert "Idle this round" in page and "Give the bye" not in page
    swiss = make_event("Odd Swiss", NAMES, organiser=people["org"], system="swiss", rounds_announced=3)
    services.generate_round(swiss)
    assert "Give the bye" in words(org_client.get(f"/manage/{swiss.slug}/round/1/"))
