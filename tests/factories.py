"""Plain functions that build what many tests start from, and read back what the pages and forms send.

Fixtures that wrap these live in `tests/conftest.py` (the ones every folder
shares) or beside the tests that need a particular event, calling the factory
with that event's own names and settings, so a test's data stays in sight.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from tournament import services
from tournament.models import Match, Round, Tournament
from tournament.tfile import FORMAT

FIRST_WINS = [[9] * 6, [3] * 6]  # L 9 against 3: the first player wins, D +6 and -6


def make_event(name: str, names: Sequence[str], *, ratings: Sequence[int | None] | None = None, organiser=None,
               user=None, publish_round_one: bool = False, **settings) -> Tournament:
    """A tournament made through `tournament.services`, as the organiser's pages make one.

    `organiser` becomes the tournament's organiser; `user` is recorded in the audit as the one who
    entered the players and paired and published round 1 (None: nobody, as a command does).
    `ratings`, if given, go with `names` one for one. With `publish_round_one`, round 1 is paired
    and published, with no results yet. `settings` are the tournament's (`system`, `rounds_announced`...).
    """
    tournament = services.create_tournament(name, organiser, **settings)
    for name_, rating in zip(names, ratings if ratings is not None else [None] * len(names), strict=True):
        services.add_player(tournament, name_, rating=rating, user=user)
    if publish_round_one:
        services.publish_round(services.generate_round(tournament, user=user), user=user)
    return tournament


def matches(tournament: Tournament) -> list[Match]:
    """The tournament's matches in table order, with both players loaded."""
    return list(Match.objects.filter(round__tournament=tournament).select_related("first", "second").order_by("table"))


def page_text(response) -> str:
    """A response's page as text."""
    return response.content.decode()


def score_fields(first, second) -> dict:
    """The result form's twelve score fields (`first_R` ... `second_P`) for two rows of six."""
    return {f"{side}_{c}": v for side, row in (("first", first), ("second", second)) for c, v in zip("ROYGBP", row)}


def played_form(match: Match, first, second, **extra) -> dict:
    """What the organiser's result form posts for a played game with these scores, at the match's version."""
    return {"status": "played", "version": match.version, **score_fields(first, second), **extra}


def play(round_: Round, scores=FIRST_WINS) -> None:
    """Publish the round if still a draft, enter `scores` (first player's row, second's) at every table still
    pending, nobody out of time, and close the round."""
    round_.refresh_from_db()  # the caller's copy may predate its publication
    if round_.status == Round.DRAFT:
        services.publish_round(round_)
    for match in round_.matches.filter(status=Match.PENDING):
        services.enter_result(match, services.ResultEntry.typed(scores=scores, flagged=[False, False]))
    services.close_round(round_)


def play_rounds(tournament: Tournament, count: int, scores=FIRST_WINS) -> None:
    """Pair, publish, play (see `play`) and close the next `count` rounds."""
    for _ in range(count):
        play(services.generate_round(tournament), scores)


def refusal(call, *args, **kwargs) -> services.Refused:
    """The `Refused` that `call(*args, **kwargs)` raises (the test fails if it raises none)."""
    with pytest.raises(services.Refused) as refused:
        call(*args, **kwargs)
    return refused.value


class _Rollback(Exception):
    pass


@contextmanager
def rolled_back():
    """Run one example in a savepoint that is always rolled back, with the cache emptied: every example of a
    property test starts from the same database."""
    cache.clear()
    try:
        with transaction.atomic():
            yield
            raise _Rollback
    except _Rollback:
        pass


def typable(moment: datetime) -> datetime:
    """`moment`, or the same time an hour later while it falls in the hour that the end of summer time repeats: a
    time typed in the site's zone there could be either, and the forms refuse it ("may be ambiguous").  The tests
    that type a start in a form pass it through this, so they pass on any date."""
    zone = ZoneInfo(settings.TIME_ZONE)
    while (local := moment.astimezone(zone)).utcoffset() != local.replace(fold=1 - local.fold).utcoffset():
        moment += timedelta(hours=1)
    return moment


def typed(moment: datetime, seconds: bool = True) -> str:
    """A datetime-local input's value for `moment`, in the site's time zone (to the second or the minute)."""
    local = moment.astimezone(ZoneInfo(settings.TIME_ZONE))
    return local.strftime("%Y-%m-%dT%H:%M:%S" if seconds else "%Y-%m-%dT%H:%M")


# Tournament files (the JSON of docs/tournament-file.md) built by hand, for the readers, sheets and exports.

WIN = [[10, 10, 10, 10, 10, 10], [5, 10, 10, 10, 10, 10]]  # first's lowest colour 10 > 5: first wins
LOSS = [WIN[1], WIN[0]]  # first loses
DRAW = [[8, 9, 10, 11, 12, 13], [13, 12, 11, 10, 9, 8]]  # same sorted lists: draw


def tournament(players, rounds, **settings):
    return {
        "format": FORMAT,
        "name": "Hand Cup",
        "settings": {"system": "swiss", "rounds": 5, "bye_vp": 1, **settings},
        "players": players,
        "rounds": [{"number": n, "matches": m} for n, m in enumerate(rounds, start=1)],
    }


def played(first, second, scores):
    # A copy of the scores: a test that damages a file's scores (test_command_bad_file) must not damage WIN itself.
    return {"first": first, "second": second, "status": "played", "scores": [list(side) for side in scores],
            "flagged": [False, False], "log": None}


def bye(player):
    return {"first": player, "second": None, "status": "bye"}


def forfeit(first, second, winner):
    return {"first": first, "second": second, "status": "forfeit", "winner": winner}


# Seven players with every mark a result can leave: draws, a bye and an excused absence, forfeits won and
# lost, a game both players forfeited (round 3), a late entry (Gus), a withdrawal (Flo), and in round 4 a
# round under way.
SEVEN = [
    {"id": 1, "name": "Ann Able"},
    {"id": 2, "name": "Ben Baker"},
    {"id": 3, "name": "Cy Cole"},
    {"id": 4, "name": "Di Dunn", "excused_rounds": [2]},
    {"id": 5, "name": "Ed Eng"},
    {"id": 6, "name": "Flo Fry", "withdrawn_after_round": 1},
    {"id": 7, "name": "Gus Gray", "joined_round": 2},
]
SEVEN_ROUNDS = [
    [played(1, 2, WIN), played(3, 4, DRAW), forfeit(5, 6, 5)],  # Gus has not joined yet
    [played(1, 3, LOSS), played(2, 7, DRAW), bye(5), {"first": 4, "second": None, "status": "excused"}],
    [played(3, 5, WIN), played(2, 1, WIN), forfeit(4, 7, None)],  # Di and Gus both absent
    [{"first": 1, "second": 3, "status": "pending"}, played(2, 5, WIN), played(4, 7, DRAW)],  # under way
]


def seven_players(rounds: int, **settings) -> dict:
    """The file of SEVEN over the first `rounds` of SEVEN_ROUNDS, with these settings (bye_vp...)."""
    return tournament(SEVEN, SEVEN_ROUNDS[:rounds], **settings)


def pair_next(path: Path, *options: str) -> tuple[int, str, str]:
    """(exit status, standard output, standard error) of `pair_next FILE --json OPTIONS`, run in this process (a
    Django start-up saved per call; tests/tournament/test_next_round_absences runs it once as a real process)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("pair_next", str(path), "--json", *options, stdout=out, stderr=err)
        status = 0
    except CommandError as error:
        status, err = error.returncode, io.StringIO(str(error))
    except SystemExit as exit_:
        status = exit_.code
    return status, out.getvalue(), err.getvalue()


def messages_of(response) -> list[str]:
    """The messages a page told (a refusal shown at a button, a change done), in the order told."""
    return [str(message) for message in get_messages(response.wsgi_request)]


def field_errors(response) -> dict[str, list[str]]:
    """The errors of the page's bound forms, by field (`__all__`: above the form): which field a refusal names.
    Forms are looked for in the context and one level into its lists and dicts (a form on each player's row)."""
    from django import forms

    contexts = response.context if isinstance(response.context, list) else [response.context]
    values = [value for context in contexts for value in context.flatten().values()]
    values += [item for value in values if isinstance(value, (list, tuple)) for item in value]
    values += [item for value in values if isinstance(value, dict) for item in value.values()]
    bound = {id(value): value for value in values if isinstance(value, forms.BaseForm) and value.is_bound}
    errors: dict[str, list[str]] = {}
    for form in bound.values():
        for name, messages in form.errors.items():
            errors.setdefault(name, []).extend(messages)
    return errors
