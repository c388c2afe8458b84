"""A player's entry on event day: edited, entered twice by mistake, removed, withdrawn with its rules."""

import pytest
from django.test import Client

from tournament import services
from tournament.models import AuditEntry, Match, Player, Round, Submission

from tests.factories import field_errors, make_event, play, play_rounds

from .helpers import says, text

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"]


@pytest.fixture
def event(people):
    """Four players seeded by rating (Ann 1 ... Di 4), a Swiss of 5 announced rounds, nothing paired."""
    return make_event("Entry Open", NAMES, organiser=people["org"], system="swiss", rounds_announced=5,
                      ratings=[2000, 1900, 1800, 1700])


def player(event, name) -> Player:
    return event.players.get(name=name)


def test_an_entry_is_edited_audited_and_the_public_pages_follow(org_client, event):
    ann = player(event, "Ann Able")
    url = f"/manage/{event.slug}/players/{ann.number}/"
    page = text(org_client.post(url, {"name": "Ann Abel", "rating": "2050", "club": "Leeds"}, follow=True))
    assert "Ann Abel's entry is saved." in page
    ann.refresh_from_db()
    assert (ann.name, ann.rating, ann.club) == ("Ann Abel", 2050, "Leeds")
    entry = AuditEntry.objects.filter(tournament=event).first()
    assert (entry.action, entry.before, entry.after) == (
        "player edited", {"name": "Ann Able", "rating": 2000, "club": ""},
        {"name": "Ann Abel", "rating": 2050, "club": "Leeds"})
    services.publish_round(services.generate_round(event))
    assert "Ann Abel" in text(Client().get(f"/t/{event.slug}/"))


def test_bad_input_on_an_entry_names_the_field(org_client, event):
    ann = player(event, "Ann Able")
    url = f"/manage/{event.slug}/players/{ann.number}/"
    page = org_client.post(url, {"name": "", "rating": "high", "club": ""})
    assert set(field_errors(page)) == {"name", "rating"}
    assert "Name: This field is required." in text(page)  # each error under its field's label
    page = org_client.post(url, {"name": "  BEN baker ", "rating": "", "club": ""})
    assert list(field_errors(page)) == ["name"] and "Ben Baker" in field_errors(page)["name"][0]
    assert says(text(page), "already entered", player="Ben Baker", seed=2)
    assert player(event, "Ann Able")  # unchanged
    org_client.post(url, {"name": "Ben Baker", "rating": "", "club": "", "duplicate_ok": "on"})
    assert event.players.filter(name="Ben Baker").count() == 2


def test_a_name_entered_twice_asks_for_confirmation_and_the_mistake_is_removed(org_client, event):
    add = f"/manage/{event.slug}/players/add/"
    page = org_client.post(add, {"name": "ann able", "rating": "", "club": ""})
    assert list(field_errors(page)) == ["name"] and "Ann Able" in field_errors(page)["name"][0]
    assert 'name="duplicate_ok"' in text(page)  # the box to tick is offered
    assert event.players.count() == 4
    org_client.post(add, {"name": "ann able", "rating": "", "club": "", "duplicate_ok": "on"})
    twin = event.players.get(name="ann able")
    page = text(org_client.post(f"/manage/{event.slug}/players/{twin.number}/remove/", follow=True))
    assert says(page, "removed", player="ann able") and event.players.count() == 4
    assert AuditEntry.objects.filter(tournament=event).first().action == "player removed"
    services.generate_round(event)
    ann = player(event, "Ann Able")
    page = text(org_client.post(f"/manage/{event.slug}/players/{ann.number}/remove/", follow=True))
    assert says(page, "entries closed, withdraw", round=1, player="Ann Able")
    assert event.players.filter(pk=ann.pk).exists()  # still entered: once paired, a withdrawal, not a removal


def test_a_withdrawal_beyond_the_event_or_before_a_result_is_refused(org_client, event):
    ann = player(event, "Ann Able")
    url = f"/manage/{event.slug}/players/{ann.number}/withdraw/"
    page = org_client.post(url, {"after_round": "99"})
    assert list(field_errors(page)) == ["after_round"]
    assert says(text(page), "beyond the event", round=99, last=5)
    play_rounds(event, 2)
    page = org_client.post(url, {"after_round": "1"})
    assert list(field_errors(page)) == ["after_round"] and "round 2" in field_errors(page)["after_round"][0]
    assert player(event, "Ann Able").withdrawn_after_round is None
    org_client.post(url, {"after_round": "2"})
    assert player(event, "Ann Able").withdrawn_after_round == 2


@pytest.fixture
def round_two_out(event):
    """Round 1 played and closed, round 2 published with no result."""
    round_one = services.generate_round(event)
    services.publish_round(round_one)
    play(round_one)
    round_two = services.generate_round(event)
    services.publish_round(round_two)
    return round_two


def test_a_withdrawal_in_a_round_already_paired_asks_about_the_pending_game(org_client, event, round_two_out):
    ann = player(event, "Ann Able")
    game = round_two_out.matches.get(first=ann) if round_two_out.matches.filter(first=ann).exists() else \
        round_two_out.matches.get(second=ann)
    opponent = game.second if game.first == ann else game.first
    url = f"/manage/{event.slug}/players/{ann.number}/withdraw/"
    page = org_client.post(url, {"after_round": "1"})
    assert list(field_errors(page)) == ["pending"]  # the question, on the choice between forfeit and play
    assert f"table {game.table}, against {opponent.name}" in field_errors(page)["pending"][0]
    assert "Forfeit it: the opponent wins" in text(page)
    assert player(event, "Ann Able").withdrawn_after_round is None
    page = text(org_client.post(url, {"after_round": "1", "pending": "forfeit"}, follow=True))
    assert says(page, "withdrawn", player="Ann Able", round=1)
    game.refresh_from_db()
    assert game.status == Match.FORFEIT and game.forfeit_winner == opponent


def test_a_pending_game_left_to_be_played_makes_that_round_the_last(org_client, event, round_two_out):
    ben = player(event, "Ben Baker")
    url = f"/manage/{event.slug}/players/{ben.number}/withdraw/"
    page = text(org_client.post(url, {"after_round": "1", "pending": "play", "from_player": "1"}, follow=True))
    assert says(page, "withdrawn", player="Ben Baker", round=2)
    assert Match.objects.filter(round=round_two_out, status=Match.PENDING).count() == 2
    entry = AuditEntry.objects.filter(tournament=event).first()
    assert entry.after == {"withdrawn after round": 2, "game still to play": "left to be played"}
    assert Round.objects.get(pk=round_two_out.pk).status == Round.PUBLISHED


def test_undoing_a_withdrawal_puts_its_forfeit_back_to_be_played(org_client, event, round_two_out):
    """Ann withdrawn by mistake after round 1, her round-2 game forfeited; the undo makes it a game to play again
    (round 2 is still open), says so, and the standings lose the opponent's forfeit win."""
    ann = player(event, "Ann Able")
    game = round_two_out.matches.get(pk__in=[m.pk for m in round_two_out.matches.all()
                                             if ann.pk in (m.first_id, m.second_id)])
    opponent = game.second if game.first == ann else game.first
    org_client.post(f"/manage/{event.slug}/players/{ann.number}/withdraw/", {"after_round": "1", "pending": "forfeit"})
    game.refresh_from_db()
    assert game.status == Match.FORFEIT
    page = text(org_client.post(f"/manage/{event.slug}/players/{ann.number}/reinstate/", follow=True))
    assert says(page, "back in", player="Ann Able")
    assert says(page, "game to play again", round=2, table=game.table, opponent=opponent.name)  # named
    game.refresh_from_db()
    assert game.status == Match.PENDING and game.forfeit_winner is None
    entry = AuditEntry.objects.filter(tournament=event, action="player reinstated").first()
    assert entry.after == {"withdrawn after round": None,
                           "forfeits to be played again": f"round 2, table {game.table} against {opponent.name}"}


def test_undoing_a_withdrawal_leaves_a_forfeit_in_a_closed_round_and_says_so(org_client, event, round_two_out):
    ann = player(event, "Ann Able")
    org_client.post(f"/manage/{event.slug}/players/{ann.number}/withdraw/", {"after_round": "1", "pending": "forfeit"})
    play(round_two_out)  # the other game played, round 2 closed
    game = round_two_out.matches.get(status=Match.FORFEIT)
    opponent = game.second if game.first_id == ann.pk else game.first
    page = text(org_client.post(f"/manage/{event.slug}/players/{ann.number}/reinstate/", follow=True))
    assert says(page, "still a forfeit", round=2, table=game.table, opponent=opponent.name)
    game.refresh_from_db()
    assert game.status == Match.FORFEIT
    assert player(event, "Ann Able").withdrawn_after_round is None


def test_no_late_entry_once_the_last_announced_round_is_paired(org_client, people):
    """A 2-round Swiss: during round 2 and once it is closed (finished) a newcomer would join at round 3, which the
    event does not have; they are refused, saying to raise the rounds first, and nothing is entered."""
    event = make_event("Short Open", NAMES, organiser=people["org"], system="swiss", rounds_announced=2)
    round_one = services.generate_round(event)
    services.publish_round(round_one)
    play(round_one)
    round_two = services.generate_round(event)
    services.publish_round(round_two)
    add = f"/manage/{event.slug}/players/add/"
    refused = {"round": 2, "announced": 2, "next": 3}
    assert says(text(org_client.post(add, {"name": "Gina Late", "rating": "", "club": ""})), "no round to join", **refused)
    play(round_two)
    assert says(text(org_client.post(add, {"name": "Gina Late", "rating": "", "club": ""})), "no round to join", **refused)
    assert not event.players.filter(name="Gina Late").exists()
    services.update_settings(event, rounds_announced=3)
    org_client.post(add, {"name": "Gina Late", "rating": "", "club": ""})
    assert event.players.get(name="Gina Late").joined_round == 3


def test_a_late_entry_while_the_last_round_is_a_draft_is_told_what_can_work(org_client, people):
    """Round 2 of 2 is a draft: publishing it first would not let the newcomer join (there is no round 3), so the
    message offers only what works."""
    event = make_event("Draft End Open", NAMES, organiser=people["org"], system="swiss", rounds_announced=2)
    round_one = services.generate_round(event)
    services.publish_round(round_one)
    play(round_one)
    services.generate_round(event)
    page = org_client.post(f"/manage/{event.slug}/players/add/", {"name": "Gina Late", "rating": "", "club": ""})
    assert says(text(page), "no round to join, draft", round=2, announced=2, next=3)
    assert "publish it first" not in text(page)
    assert not event.players.filter(name="Gina Late").exists()


def test_withdrawing_a_player_whose_game_has_a_result_sent_says_so(org_client, event, round_two_out):
    """Ann's opponent has sent a result of their round-2 game: the withdrawal's question says it may have been
    played, so that nobody forfeits a game already played."""
    ann = player(event, "Ann Able")
    game = next(m for m in round_two_out.matches.select_related("first", "second")
                if ann.pk in (m.first_id, m.second_id))
    opponent = game.second if game.first == ann else game.first
    scores = [[9] * 6, [5] * 6] if game.first == opponent else [[5] * 6, [9] * 6]
    services.submit_result(opponent, game, services.ResultEntry.from_player(scores=scores, flagged=[False, False]))
    page = org_client.post(f"/manage/{event.slug}/players/{ann.number}/withdraw/", {"after_round": "1"})
    question = field_errors(page)["pending"][0]
    assert says(question, "result sent for it", player=opponent.name, result=f"{opponent.name} wins, 9 v 5")
    assert player(event, "Ann Able").withdrawn_after_round is None


def test_undoing_a_withdrawal_gives_back_the_result_sent_for_the_forfeited_game(org_client, event, round_two_out):
    """The opponent had sent a result of Ann's round-2 game; she is withdrawn (the game forfeited, the sent result
    settled with it) by mistake; the undo puts the game back to pending and the sent result waiting to be
    confirmed again, as it was."""
    ann = player(event, "Ann Able")
    game = next(m for m in round_two_out.matches.select_related("first", "second")
                if ann.pk in (m.first_id, m.second_id))
    opponent = game.second if game.first == ann else game.first
    sent = services.submit_result(opponent, game,
                                  services.ResultEntry.from_player(scores=[[7] * 6, [6] * 6], flagged=[False, False]))
    org_client.post(f"/manage/{event.slug}/players/{ann.number}/withdraw/", {"after_round": "1", "pending": "forfeit"})
    sent.refresh_from_db()
    assert sent.status == Submission.SETTLED
    org_client.post(f"/manage/{event.slug}/players/{ann.number}/reinstate/")
    sent.refresh_from_db()
    assert (sent.status, sent.answered_at) == (Submission.WAITING, None)
    services.answer_submission(ann, sent, agree=True)  # Ann confirms it: the result counts
    game.refresh_from_db()
    assert game.status == Match.PLAYED and game.scores == [[7] * 6, [6] * 6]
