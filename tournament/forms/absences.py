"""Excused absences asked for and marked: the organiser's form (a player and a round) and the player's (a round).

The round is offered among those still to be paired; the service
(`services.absences`) refuses anything else, naming the round field.
"""

from __future__ import annotations

from django import forms

from ..domain.schedule import last_round
from .drafts import PlayerChoiceField
from ..models import Player, Round, Tournament
from ..records import record_of


def rounds_to_come(tournament: Tournament) -> list[int]:
    """The rounds an absence may still be excused from: after the latest published one, up to the last."""
    published = (tournament.rounds.exclude(status=Round.DRAFT).order_by("-number")
                 .values_list("number", flat=True).first() or 0)
    return list(range(published + 1, last_round(record_of(tournament, with_logs=False)) + 1))


class RoundChoice(forms.TypedChoiceField):
    def __init__(self, tournament: Tournament, besides: frozenset[int] = frozenset(), **kwargs):
        super().__init__(label="Round", coerce=int,
                         choices=[(n, f"Round {n}") for n in rounds_to_come(tournament) if n not in besides],
                         error_messages={"required": "choose the round to miss.",
                                         "invalid_choice": "choose a round still to be paired."}, **kwargs)


class RequestExcuseForm(forms.Form):
    """A player's own request, through the private link."""

    def __init__(self, *args, tournament: Tournament, player: Player | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # The player's own form leaves out the rounds they have already asked for.
        asked = frozenset(player.excused_absences.values_list("round_number", flat=True)) if player else frozenset()
        self.fields["round_number"] = RoundChoice(tournament, asked)


class ExcuseForm(RequestExcuseForm):
    """The organiser excuses a player from a round (approved at once)."""

    player = PlayerChoiceField(label="Player", error_messages={
        "required": "choose the player to excuse.", "invalid_choice": "that player is not in this tournament."})

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, tournament=tournament, **kwargs)
        self.fields["player"].offer(tournament)
        self.order_fields(["player", "round_number"])
