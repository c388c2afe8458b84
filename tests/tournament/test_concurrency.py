"""Two people at once: one round from two clicks, one result from two saves (real threads, PostgreSQL).

SQLite serialises writers by locking the whole file, so these run only on
PostgreSQL: .ci/run runs them with DATABASE_URL set; elsewhere they skip and say so.
"""

import threading

import pytest
from django.db import connection, connections

from tournament import services
from tournament.models import AuditEntry, Match, Round, Submission
from tournament.services import Refused

from tests.factories import refusal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL; .ci/run does): SQLite cannot run concurrent writers")


def at_once(*calls):
    """Run the calls in threads released together; return each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            outcomes[i] = call()
        except Exception as error:  # noqa: BLE001 - the outcome is what is tested
            outcomes[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def small_event():
    tournament = services.create_tournament("Busy Night", system="swiss")
    for i in range(8):
        services.add_player(tournament, f"Player {i + 1}", rating=2000 - i)
    return tournament


def test_two_pair_next_clicks_make_one_round():
    tournament = small_event()
    outcomes = at_once(lambda: services.generate_round(tournament), lambda: services.generate_round(tournament))
    made = [o for o in outcomes if isinstance(o, Round)]
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(made) == 1 and len(refused) == 1, outcomes
    assert refused[0].message == refusal(services.generate_round, tournament).message  # as a later click is told
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Match.objects.filter(round__tournament=tournament).count() == 4


def test_two_saves_of_one_result_keep_one_and_tell_the_other():
    tournament = small_event()
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    match = round_.matches.first()
    first_entry = [[9] * 6, [3] * 6]
    second_entry = [[2] * 6, [8] * 6]
    outcomes = at_once(
        lambda: services.enter_result(match, services.ResultEntry.typed(scores=first_entry), version=0),
        lambda: services.enter_result(match, services.ResultEntry.typed(scores=second_entry), version=0),
    )
    saved = [o for o in outcomes if isinstance(o, Match)]
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(saved) == 1 and len(refused) == 1, outcomes
    # Both forms showed version 0: the second is told the first was kept (by the command line, here).
    assert refused[0].message.startswith("This result was changed by command line or system at ")
    assert refused[0].message.endswith("; here it is now. Your entry was not saved.")
    match.refresh_from_db()
    assert match.scores == saved[0].scores and match.version == 1


def test_two_corrections_from_the_same_version_keep_one():
    tournament = small_event()
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    match = round_.matches.first()
    services.enter_result(match, services.ResultEntry.typed(scores=[[9] * 6, [3] * 6]))
    outcomes = at_once(
        lambda: services.enter_result(match,
                                      services.ResultEntry.typed(scores=[[4] * 6, [5] * 6]),
                                      correction=True, version=1),
        lambda: services.enter_result(match,
                                      services.ResultEntry.typed(scores=[[6] * 6, [5] * 6]),
                                      correction=True, version=1),
    )
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(refused) == 1 and refused[0].message.startswith("This result was changed by"), outcomes
    match.refresh_from_db()
    assert match.version == 2


def test_six_clicks_on_a_players_send_keep_one_result_and_one_audit_entry():
    """Six simultaneous sends once stored six submissions and six audit entries."""
    tournament = small_event()
    round_ = services.generate_round(tournament)
    services.publish_round(round_)
    match = round_.matches.select_related("first", "second").first()
    sent = services.ResultEntry.from_player(scores=[[12] * 6, [7] * 6])
    outcomes = at_once(*[lambda: services.submit_result(match.first, match, sent)] * 6)
    assert all(isinstance(o, Submission) for o in outcomes), outcomes
    assert sorted(o.already_in for o in outcomes) == [False] + [True] * 5
    assert len({o.pk for o in outcomes}) == 1
    assert Submission.objects.filter(match=match).count() == 1
    assert AuditEntry.objects.filter(tournament=tournament, action="result sent").count() == 1
