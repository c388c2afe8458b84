"""An online Swiss that runs itself, end to end on SQLite (docs/online-event.md, The timetable): six random players on a
20 s clock, 3 rounds, a 5 s break; Fay never comes to round 1, is withdrawn after it, and says "I'm back" during
round 2.  Nobody else touches it: the rooms are played through `rooms.services` by `rooms.game.robot`'s player, the
sweeps (flags, the timetable) run as each server process's would, and the outbox's sender delivers the mails to a
real SMTP server on loopback."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.engine.log import replay
from outbox.models import Mail
from tests.outbox.conftest import smtp  # noqa: F401 - the fixture
from tournament.domain.rounds import RoundKind, player_rounds
from tournament.models import Match, Player, Round
from tournament.records import record_of

from .auto_event import run_auto_event

pytestmark = pytest.mark.django_db

NAMES = ["Ann Able", "Ben Baker", "Cat Cole", "Dan Dale", "Eve East", "Fay Ford"]
BREAK_S = 5


def test_an_online_swiss_runs_from_round_one_to_final_standings_by_itself(smtp):  # noqa: F811
    event = run_auto_event(NAMES, rounds=3, clock_s=20, break_s=BREAK_S, absent={"Fay Ford"},
                           back={"Fay Ford": 2})
    fay = Player.objects.get(name="Fay Ford")
    rounds = list(event.rounds.order_by("number"))
    assert [r.status for r in rounds] == [Round.COMPLETE] * 3
    for before, after in zip(rounds, rounds[1:]):  # each round from the last game's end plus the break
        ended = max(m.entered_at for m in before.matches.exclude(entered_at=None))
        assert after.starts_at == ended + timedelta(seconds=BREAK_S)
    games = Match.objects.filter(round__tournament=event, status=Match.PLAYED)
    assert games.exists() and all(replay(game.log).valid for game in games)
    record = record_of(event)
    fay_rounds = {r.round_number: r for r in player_rounds(record, record.rounds)[fay.number]}
    assert (fay_rounds[1].kind, fay_rounds[2].kind) == (RoundKind.FORFEIT_LOSS, RoundKind.ABSENT)
    assert fay_rounds[2].half_points == 0 and fay_rounds[3].kind != RoundKind.ABSENT
    assert event.timetable_stopped == ""
    # Every mail queued was delivered once: each player their game of each round they were paired in, and Fay
    # the notice of her withdrawal.
    games_mailed = Mail.objects.filter(kind=Mail.Kind.GAME)
    assert games_mailed.filter(player=fay).count() == 2  # rounds 1 and 3
    assert games_mailed.filter(player__name="Ann Able").count() == 3
    assert list(Mail.objects.filter(kind=Mail.Kind.NOTICE).values_list("player__name", flat=True)) == ["Fay Ford"]
    assert set(Mail.objects.values_list("state", flat=True)) == {Mail.SENT}
    assert sorted(to for to, _ in smtp.server.received) == sorted(Mail.objects.values_list("to", flat=True))
