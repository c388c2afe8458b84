"""Nothing rewrites what already happened without a word: impossible player histories in a
file, settings that would drop played rounds or change VP already scored, and the seed order fixed at round 1."""

from __future__ import annotations

import copy
import json

import pytest
from django.utils.html import escape

from tournament import services
from tournament.models import AuditEntry, Round
from tournament.records import import_record
from tournament.tfile import FileFault, load_text

from tests.factories import field_errors, make_event, matches

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Dai Evans", "Eve Fox"]
RATINGS = [2000, 1900, 1800, 1700, 1600]
FILE = {
    "format": "ingenious-tournament/1", "name": "History Cup", "settings": {"system": "swiss", "rounds": 3},
    "players": [{"id": 1, "name": "Ann Able"}, {"id": 2, "name": "Ben Baker"}, {"id": 3, "name": "Cy Cole"}],
    "rounds": [{"number": 1, "matches": [{"first": 1, "second": 2, "status": "forfeit", "winner": 1},
                                         {"first": 3, "second": None, "status": "bye"}]}],
}


def fault(change) -> FileFault:
    file = copy.deepcopy(FILE)
    change(file)
    with pytest.raises(FileFault) as refused:
        load_text(json.dumps(file))
    return refused.value


# --- the tournament file --------------------------------------------------------------------------


def test_a_player_cannot_join_after_withdrawing():
    def joined_after_withdrawing(file):
        file["players"][2].update(withdrawn_after_round=1, joined_round=3)

    assert fault(joined_after_withdrawing).place == "players[2].joined_round"  # round 3: past round 2, the latest
    # Entered for round 2 and gone before playing it; or gone before round 1: both could happen.
    for withdrawn, joined in ((1, 2), (0, 1)):
        file = copy.deepcopy(FILE)
        file["players"][2].update(withdrawn_after_round=withdrawn, joined_round=joined)
        assert load_text(json.dumps(file)).players[2].joined_round == joined


def test_a_round_with_no_match_is_refused_while_anyone_plays_in_it_and_past_the_announced_rounds():
    assert fault(lambda file: file["rounds"].append({"number": 2, "matches": []})).place == "rounds[1].matches"

    def all_withdrawn(file, rounds):
        for player in file["players"]:
            player["withdrawn_after_round"] = 1
        file["rounds"].extend({"number": n, "matches": []} for n in range(2, rounds + 1))

    # Everyone withdrew after round 1: rounds 2 and 3 of the 3 announced may be empty; a 4th may not, nor 5,000.
    file = copy.deepcopy(FILE)
    all_withdrawn(file, 3)
    assert [len(r.matches) for r in load_text(json.dumps(file)).rounds] == [2, 0, 0]
    assert fault(lambda file: all_withdrawn(file, 4)).place == "rounds[3].matches"  # round 4 of 3 announced
    assert fault(lambda file: all_withdrawn(file, 5000)).place == "rounds[3].matches"


# --- a late entry who has not joined yet --------------------------------------------------------------


def test_a_late_entry_withdraws_after_the_round_before_joining_at_the_earliest():
    event = make_event("Late Cup", NAMES[:4], ratings=RATINGS[:4], system="swiss", publish_round_one=True)
    for match in matches(event):
        services.enter_result(match, services.ResultEntry.forfeit(match.first))
    services.close_round(event.rounds.get(number=1))
    late = services.add_player(event, "Lou Late", rating=1500)
    assert late.joined_round == 2
    with pytest.raises(services.Refused) as refused:
        services.withdraw(late, after_round=0)
    late.refresh_from_db()
    assert late.withdrawn_after_round is None
    services.withdraw(late, after_round=1)
    late.refresh_from_db()
    assert late.withdrawn_after_round == 1


# --- the settings ------------------------------------------------------------------------------------


@pytest.fixture
def five(django_user_model):
    """Five players by rating, a Swiss; round 1 paired and published: the bye (1 VP) to the lowest, Eve Fox."""
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    event = make_event("Bye Cup", NAMES, ratings=RATINGS, organiser=organiser, system="swiss", rounds_announced=4,
                       publish_round_one=True)
    return event


def test_the_announced_rounds_stay_at_least_the_rounds_paired(five):
    for match in matches(five):
        if match.second:
            services.enter_result(match, services.ResultEntry.forfeit(match.first))
    services.close_round(five.rounds.get(number=1))
    services.generate_round(five)  # round 2, a draft
    with pytest.raises(services.Refused) as refused:
        services.update_settings(five, rounds_announced=1)
    assert (refused.value.message, refused.value.field) == (
        "Round 2 has been paired: the event has at least 2 rounds.", "rounds_announced")
    services.update_settings(five, rounds_announced=2)
    five.refresh_from_db()
    assert five.rounds_announced == 2


def test_a_new_bye_vp_is_refused_naming_the_byes_it_would_change_until_confirmed(five):
    bye = next(m for m in matches(five) if m.second is None)
    assert bye.first.name == "Eve Fox"
    with pytest.raises(services.Refused) as refused:
        services.update_settings(five, bye_half_points=1)
    assert refused.value.field == "confirm_history"
    assert "would score ½ VP instead of 1: round 1, Eve Fox." in refused.value.message  # the byes it would change
    five.refresh_from_db()
    assert five.bye_half_points == 2
    services.update_settings(five, bye_half_points=1, confirm_history=True)
    five.refresh_from_db()
    assert five.bye_half_points == 1
    entry = AuditEntry.objects.filter(tournament=five, action="settings changed").get()
    assert (entry.before, entry.after) == ({"bye_half_points": 2}, {"bye_half_points": 1})


def test_vp_settings_change_freely_while_nothing_was_scored_with_them(five):
    services.update_settings(five, late_entry_half_points=1, excused_half_points=2)  # no late entry, no absence
    five.refresh_from_db()
    assert (five.late_entry_half_points, five.excused_half_points) == (1, 2)


def test_the_settings_page_asks_for_the_tick_and_says_what_changes(client, five):
    client.force_login(five.organisers.get())
    fields = {"name": "Bye Cup", "rounds_announced": 4, "bye_half_points": 0, "progressive": "sum",
              "clock_s": 600, "late_entry_half_points": 0, "excused_half_points": 0}
    page = client.post(f"/manage/{five.slug}/settings/", fields)
    assert page.status_code == 200
    # The refusal on the form names the VP and the bye it would change (its words: the service test above).
    said = [m for messages in field_errors(page).values() for m in messages]
    assert len(said) == 1 and "0 VP instead of 1: round 1, Eve Fox." in said[0]
    assert escape(said[0]) in page.content.decode()
    assert client.post(f"/manage/{five.slug}/settings/", {**fields, "confirm_history": "on"}).status_code == 302
    five.refresh_from_db()
    assert five.bye_half_points == 0


# --- the seeds fixed at round 1 ------------------------------------------------------------------------


def test_closing_the_entries_is_audited_with_the_seeds_before_and_after(django_user_model):
    organiser = django_user_model.objects.create_user("org", is_staff=True)
    # Entered lowest rating first: the seeds follow the entries until round 1 orders them by rating.
    event = make_event("Seed Cup", NAMES[::-1], ratings=RATINGS[::-1], organiser=organiser, system="swiss")
    services.generate_round(event, user=organiser)
    entry = AuditEntry.objects.get(tournament=event, action="entries closed")
    assert (entry.who, entry.subject) == ("org", "5 players seeded")
    assert entry.before["seeds"] == ["1: Eve Fox", "2: Dai Evans", "3: Cy Cole", "4: Ben Baker", "5: Ann Able"]
    assert entry.after["seeds"] == ["1: Ann Able", "2: Ben Baker", "3: Cy Cole", "4: Dai Evans", "5: Eve Fox"]
    assert (entry.before["system"], entry.after["system"]) == ("swiss", "swiss")
    assert Round.objects.filter(tournament=event).count() == 1
