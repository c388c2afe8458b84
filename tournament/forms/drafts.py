"""The draft editor's forms: players put at a table or on the bye, two players swapped, and publishing the draft.

Each checks what was typed and hands plain values to a service
(`services.drafts`); a service's refusal goes on the
field it names (`submitting.refusal_shown`).
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils import timezone
from django.forms.models import ModelChoiceIterator

from ..domain.names import player_order
from ..models import Player, Round
from ..records import player_labels


class _ByName(ModelChoiceIterator):
    """The choices in name order as every list by name has it (`player_order`: "Łukasz" before "Zoë")."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for player in sorted(self.queryset, key=player_order):
            yield self.choice(player)


class PlayerChoiceField(forms.ModelChoiceField):
    """A choice among players, in name order, each as the pages show them (a same-named pair told apart by
    `records.player_labels`); `with_seed` adds the seed, as the draft editor's lists have it."""

    iterator = _ByName

    def __init__(self, *args, with_seed: bool = False, **kwargs):
        super().__init__(Player.objects.none(), *args, **kwargs)
        self.with_seed, self.labels = with_seed, {}

    def offer(self, tournament, players=None) -> None:
        """Offer `players` (the tournament's, by default) under their labels among the tournament's players."""
        self.queryset = tournament.players.all() if players is None else players
        self.labels = player_labels(tournament)

    def label_from_instance(self, player) -> str:
        label = self.labels.get(player.pk, player.name)
        return f"{label} · seed {player.seed}" if self.with_seed else label


class _TournamentPlayers:
    """Player fields whose choices are the round's tournament's players, by name."""

    def _players(self, tournament, *names):
        for name in names:
            self.fields[name].offer(tournament)


def player_field(label: str, required: str) -> PlayerChoiceField:
    """A choice among the tournament's players (set by `_TournamentPlayers`), its errors in words."""
    return PlayerChoiceField(label=label, with_seed=True, error_messages={
        "required": required, "invalid_choice": "that player is not in this tournament."})


class SeatForm(_TournamentPlayers, forms.Form):
    """Two players at a new table of the draft, the first named playing first."""

    first = player_field("First player", "choose the player who plays first.")
    second = player_field("Second player", "choose the player who plays second.")

    def __init__(self, *args, round_: Round, **kwargs):
        kwargs.setdefault("auto_id", "id_seat_%s")
        super().__init__(*args, **kwargs)
        self._players(round_.tournament, "first", "second")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("first") is not None and cleaned.get("first") == cleaned.get("second"):
            self.add_error("second", "choose someone else: nobody plays themself.")
        return cleaned


def one_player_form(label: str, required: str, prefix: str) -> type[forms.Form]:
    """A form that picks one of the tournament's players for a draft (the bye, an excused absence)."""

    class OnePlayerForm(_TournamentPlayers, forms.Form):
        player = player_field(label, required)

        def __init__(self, *args, round_: Round, **kwargs):
            kwargs.setdefault("auto_id", f"id_{prefix}_%s")
            super().__init__(*args, **kwargs)
            self._players(round_.tournament, "player")

    return OnePlayerForm


ByeForm = one_player_form("Give the bye to", "choose the player who gets the bye.", "bye")
ExcuseInDraftForm = one_player_form("Excuse from this round", "choose the player to excuse.", "excused")


class SwapForm(forms.Form):
    """Two players of a draft round whose places are exchanged."""

    player_a = PlayerChoiceField(label="Swap")
    player_b = PlayerChoiceField(label="with")

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        ids = [pk for pair in round_.matches.values_list("first_id", "second_id") for pk in pair if pk]
        players = round_.tournament.players.filter(pk__in=ids)
        self.fields["player_a"].offer(round_.tournament, players)
        self.fields["player_b"].offer(round_.tournament, players)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("player_a") and cleaned.get("player_a") == cleaned.get("player_b"):
            raise forms.ValidationError("Choose two different players.")
        return cleaned


class StartForm(forms.Form):
    """A published online round's start moved (docs/online-event.md, "Start time"): the new time, or "Start now"."""

    starts_at = forms.DateTimeField(
        required=False, label="New start time",
        input_formats=["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local", "step": "1"}, format="%Y-%m-%dT%H:%M"),
        help_text=f"{settings.TIME_ZONE} time; empty or already past means now.")


class PublishForm(forms.Form):
    """Publishing a draft: the confirmation a draft breaking an absolute rule needs and, for a round played
    online (`online`), its start time in the site's time zone (docs/online-play.md, Setting up)."""

    confirm = forms.BooleanField(required=False, label="I have read the absolute rules this draft breaks: publish it all the same")
    starts_at = forms.DateTimeField(
        required=False, label="Start time",
        input_formats=["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local", "step": "1"}, format="%Y-%m-%dT%H:%M"),
        help_text=f"When the clocks start ({settings.TIME_ZONE} time). The game rooms open at once; "
                  "empty or already past means now.")

    def __init__(self, *args, online: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if online:
            self.fields["starts_at"].initial = timezone.localtime().replace(second=0, microsecond=0)
        else:
            del self.fields["starts_at"]
