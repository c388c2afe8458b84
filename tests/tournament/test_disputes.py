"""Disputes: the result in words before confirming, a disputing player's own scores, and the arbiter
filling the result in from either player's submission."""

import html

import pytest

from tests.factories import field_errors, make_event, page_text, played_form, score_fields
from tournament import services
from tournament.models import AuditEntry, Match, Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(people):
    event = make_event("Dispute Open", ["Ann Able", "Ben Baker"], organiser=people["org"], system="swiss",
                       rounds_announced=2, publish_round_one=True)
    services.add_role(event, people["arb"], "arbiter")
    return event.rounds.get().matches.select_related("first", "second").get()


def link(player):
    return f"/p/{player.link_token}/"


def send(client, match, player, first, second):
    """`player` sends a result: `first` and `second` are the first and the second player's six scores."""
    return client.post(f"{link(player)}game/{match.pk}/send/", {"version": 0, **score_fields(first, second)})


def test_the_confirm_page_says_the_result_in_words_before_the_button(client, game):
    # The second player sends: lowest colours 4 (first) against 5 (second), so the second player wins.
    send(client, game, game.second, [4, 9, 9, 9, 9, 9], [5, 6, 6, 6, 6, 6])
    page = page_text(client.get(link(game.first)))
    words = f"{game.second.name} wins, 5 v 4 in the lowest colour"
    assert words in page and page.index(words) < page.index("It is right: confirm")


def test_a_player_who_disputes_sends_their_own_scores_and_the_arbiter_sees_both(client, people, game):
    send(client, game, game.second, [4] * 6, [5] * 6)  # second's claim: 4 v 5, the second player wins
    sent = Submission.objects.get()
    own = {f"own-{name}": value for name, value in score_fields([6] * 6, [5] * 6).items()}
    answer = client.post(f"{link(game.first)}game/{game.pk}/answer/", {
        "submission": sent.pk, "answer": "dispute", "note": "I had 6 in every colour", "own-version": 0, **own},
        follow=True)
    assert answer.status_code == 200  # the dispute, as stored below, is the decision; the arbiter's page follows
    theirs = Submission.objects.exclude(pk=sent.pk).get()
    assert theirs.by == game.first and theirs.status == Submission.DISPUTED and theirs.scores == [[6] * 6, [5] * 6]
    sent.refresh_from_db()
    assert sent.status == Submission.DISPUTED and sent.note == "I had 6 in every colour"
    entry = AuditEntry.objects.get(action="result disputed")
    assert entry.after["reason"] == "I had 6 in every colour" and "scores sent with it" in entry.after

    client.force_login(people["arb"])
    url = f"/manage/{game.round.tournament.slug}/match/{game.pk}/"
    page = page_text(client.get(url))
    # Both results, each as who won on which lowest colours (their words: domain/test_result_words).
    assert f"{game.second.name} wins, 5 v 4" in page and f"{game.first.name} wins, 6 v 5" in page
    assert page.count("Use this result") == 2
    filled = page_text(client.get(f"{url}?use={theirs.pk}"))
    assert f"Filled in from the result {game.first.name} sent" in filled
    assert 'name="first_R" value="6"' in filled and 'name="second_P" value="5"' in filled
    client.post(url, played_form(game, [6] * 6, [5] * 6))
    game.refresh_from_db()
    assert game.status == Match.PLAYED and game.scores == [[6] * 6, [5] * 6]
    assert set(Submission.objects.values_list("status", flat=True)) == {Submission.SETTLED}


def test_a_disputing_player_s_own_ran_out_of_time_tick_is_kept_with_their_scores(client, game):
    """The second player sends 4 v 5 with nobody out of time; the first disputes, sending 6 v 5 and that the second
    player ran out of time: the scores sent with the dispute keep that tick (they lost it to the sent result's)."""
    send(client, game, game.second, [4] * 6, [5] * 6)
    sent = Submission.objects.get()
    own = {f"own-{name}": value for name, value in score_fields([6] * 6, [5] * 6).items()}
    client.post(f"{link(game.first)}game/{game.pk}/answer/", {
        "submission": sent.pk, "answer": "dispute", "note": "Ben's flag fell", "own-version": 0,
        "own-second_flagged": "on", **own})
    theirs = Submission.objects.exclude(pk=sent.pk).get()
    assert theirs.scores == [[6] * 6, [5] * 6]
    assert (theirs.first_flagged, theirs.second_flagged) == (False, True)


def test_a_dispute_with_wrong_own_scores_keeps_what_was_typed_and_saves_nothing(client, game):
    send(client, game, game.second, [4] * 6, [5] * 6)
    sent = Submission.objects.get()
    own = {f"own-{name}": value for name, value in score_fields([19] + [6] * 5, [5] * 6).items()}
    response = client.post(f"{link(game.first)}game/{game.pk}/answer/", {
        "submission": sent.pk, "answer": "dispute", "note": "wrong", "own-version": 0, **own})
    assert set(field_errors(response)) == {"first_R"}  # its words: test_results_grid
    assert 'value="19"' in page_text(response)  # kept as typed
    sent.refresh_from_db()
    assert sent.status == Submission.WAITING and Submission.objects.count() == 1


def test_use_names_only_an_open_submission_of_this_match(client, people, game):
    client.force_login(people["arb"])
    url = f"/manage/{game.round.tournament.slug}/match/{game.pk}/"
    assert "Filled in from" not in page_text(client.get(f"{url}?use=999"))
    assert "Filled in from" not in page_text(client.get(f"{url}?use=abc"))


@pytest.fixture
def vic_and_fay(people):
    """Vic Wren first and Fay Fox second (round 1's colours are drawn: the match is set so), round 1 published."""
    event = make_event("Wren Cup", ["Vic Wren", "Fay Fox"], organiser=people["org"], system="swiss",
                       rounds_announced=2, publish_round_one=True)
    services.add_role(event, people["arb"], "arbiter")
    match = event.rounds.get().matches.select_related("first", "second").get()
    if match.first.name != "Vic Wren":
        Match.objects.filter(pk=match.pk).update(first=match.second, second=match.first)
        match.refresh_from_db()
    return match


def test_a_dispute_says_who_disputed_and_quotes_their_own_note(client, people, vic_and_fay):
    match = vic_and_fay
    vic, fay = match.first, match.second
    send(client, match, vic, [9] * 6, [3] * 6)
    send(client, match, vic, [5] * 6, [4] * 6)  # sent again: it replaces the first
    waiting = Submission.objects.get(status=Submission.WAITING)
    own = {f"own-{name}": value for name, value in score_fields([5] * 6, [6] + [5] * 5).items()}
    client.post(f"{link(fay)}game/{match.pk}/answer/", {
        "submission": waiting.pk, "answer": "dispute", "note": "My red was 6 not 4, I won", "own-version": 0, **own})

    quoted = "“My red was 6 not 4, I won”"
    vic_page = page_text(client.get(link(vic)))
    assert f"Fay Fox disputed the result you sent: {quoted}. An arbiter will settle it." in vic_page
    assert "Vic Wren sent" not in vic_page and "You sent</h3>" in vic_page
    fay_page = page_text(client.get(link(fay)))
    assert f"You disputed the result Vic Wren sent: {quoted}. An arbiter will settle it." in fay_page
    assert "Vic Wren sent</h3>" in fay_page and "You sent, with your dispute</h3>" in fay_page

    client.force_login(people["arb"])
    dashboard = page_text(client.get(f"/manage/{match.round.tournament.slug}/"))
    assert f"disputed by Fay Fox: {quoted}" in dashboard and "the scores sent with the dispute" not in dashboard
    url = f"/manage/{match.round.tournament.slug}/match/{match.pk}/"
    page = page_text(client.get(url))
    entries = [part.split("</p>")[0] for part in page.split("<p><strong>")[1:]]
    assert [entry.split("</strong>")[0] for entry in entries] == ["Fay Fox", "Vic Wren", "Vic Wren"]  # newest first
    assert '<span class="badge">Sent with Fay Fox&#x27;s dispute</span>' in entries[0]
    assert f"Fay Fox wrote: {quoted}" in entries[0]
    assert '<span class="badge">Disputed by Fay Fox</span>' in entries[1] and f"Fay Fox wrote: {quoted}" in entries[1]
    assert '<span class="badge">Replaced by Vic Wren&#x27;s later one</span>' in entries[2] and "wrote" not in entries[2]
    assert "the scores sent with the dispute" not in page and "Settled by an arbiter" not in page

    client.post(url, played_form(match, [5] * 6, [6] + [5] * 5))
    entries = [part.split("</p>")[0] for part in page_text(client.get(url)).split("<p><strong>")[1:]]
    assert "Disputed by Fay Fox, then settled by an arbiter or organiser" in entries[1]
    assert "Replaced by Vic Wren&#x27;s later one" in entries[2]


def test_a_note_ending_in_its_own_stop_closes_the_sentence_once(client, people, vic_and_fay):
    """'I won.' quoted: “I won.” An arbiter... (was “I won.”. with a second stop)."""
    match = vic_and_fay
    vic, fay = match.first, match.second
    send(client, match, vic, [9] * 6, [3] * 6)
    waiting = Submission.objects.get(status=Submission.WAITING)
    client.post(f"{link(fay)}game/{match.pk}/answer/", {"submission": waiting.pk, "answer": "dispute",
                                                        "note": "My red was 6, I won."})
    for page in (html.unescape(page_text(client.get(link(vic)))), html.unescape(page_text(client.get(link(fay))))):
        assert ": \u201cMy red was 6, I won.\u201d An arbiter will settle it." in page
        assert ".\u201d." not in page
