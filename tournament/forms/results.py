"""The result forms: a played game's scores, ticks and log, shared by the organiser's form and a player's own;
the organiser's forfeits and ways past a log's identity; a player's dispute.

Each hands a `ResultEntry` (`entry()`) to the services; a refusal comes back on the field it names
(`SERVICE_FIELDS`, through `submitting.refusal_shown`).
"""

from __future__ import annotations

from django import forms

from games.colours import COLOURS

from ..domain.entry import ResultEntry
from ..domain.results import MAX_SCORE
from .organiser import MAX_LOG_BYTES, SIDES, _text_of, _within
from ..models import Match
from ..records import player_labels


class ScoresForm(forms.Form):
    """What the organiser's result form and a player's share: a played game's six scores each, the 'ran out of
    time' ticks, an optional move log (pasted or uploaded), and the match's version the form was filled from.

    Fields `first_R` ... `second_P` hold the scores in colour order R O Y G B P.
    A clean form has `scores` (two lists, or None when a log alone gives
    them), `flagged` and `log_text`; `entry()` is its `ResultEntry`.
    """

    # The service's field names, as this form spells them (None: above the form).
    SERVICE_FIELDS = {"log": "log_text", "scores": None, "flagged": None}

    first_flagged = forms.BooleanField(required=False)
    second_flagged = forms.BooleanField(required=False)
    log_text = forms.CharField(label="Move log (JSON, optional)", required=False,
                               widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}))
    log_file = forms.FileField(label="or upload the move log", required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, match: Match, **kwargs):
        kwargs.setdefault("initial", self.initial_for(match))
        super().__init__(*args, **kwargs)
        self.match = match
        # Each player as the pages show them: a same-named pair told apart (records.player_labels).
        labels = player_labels(match.round.tournament)
        self.players = {"first": labels[match.first_id], "second": labels[match.second_id]}
        for side in SIDES:
            for colour in COLOURS:
                self.fields[f"{side}_{colour.letter}"] = forms.IntegerField(
                    label=f"{self.players[side]}, {colour.letter} {colour.name}",
                    required=False, min_value=0, max_value=MAX_SCORE,
                    error_messages={
                        "invalid": f"a score is a whole number from 0 to {MAX_SCORE}.",
                        "min_value": "a score is at least 0.",
                        "max_value": f"a score is at most {MAX_SCORE}.",
                    },
                    widget=forms.NumberInput(attrs={"min": 0, "max": MAX_SCORE, "inputmode": "numeric", "class": "score"}),
                )
            self.fields[f"{side}_flagged"].label = f"{self.players[side]} ran out of time"

    @staticmethod
    def scores_initial(scores, flagged) -> dict:
        """The twelve score fields and the two ticks filled in with a result (first player's first)."""
        initial = {f"{side}_{colour.letter}": value
                   for side, row in zip(SIDES, scores) for colour, value in zip(COLOURS, row)}
        initial.update(first_flagged=flagged[0], second_flagged=flagged[1])
        return initial

    @staticmethod
    def initial_for(match: Match) -> dict:
        """What the form starts from: the match's version, and the scores on record."""
        initial = {"version": match.version}
        if match.status == Match.PLAYED and match.scores:
            initial.update(ScoresForm.scores_initial(match.scores, (match.first_flagged, match.second_flagged)))
        return initial

    def score_rows(self):
        """The score fields, per player, for the template's grid."""
        return [
            {"player": getattr(self.match, side), "side": side, "flag": self[f"{side}_flagged"],
             "cells": [{"field": self[f"{side}_{c.letter}"], "letter": c.letter, "colour": c.name} for c in COLOURS]}
            for side in SIDES
        ]

    def score_errors(self):
        """Each score field's error, with the field named, for the summary above the grid."""
        return [f"{self.fields[name].label}: {error}" for name in self.score_field_names()
                for error in self.errors.get(name, [])]

    def score_field_names(self):
        return [f"{side}_{c.letter}" for side in SIDES for c in COLOURS]

    def entry(self) -> ResultEntry:
        """The clean form's result, as a player sends it (the organiser's form says more: `ResultForm.entry`)."""
        data = self.cleaned_data
        return ResultEntry.from_player(data["scores"], data["flagged"], data["log_text"])

    def clean(self):
        cleaned = super().clean()
        self._clean_played(cleaned)
        return cleaned

    def _clean_played(self, cleaned):
        cleaned["log_text"] = self._log_text(cleaned)
        names = self.score_field_names()
        if any(name in self.errors for name in ("log_text", "log_file")):
            return
        values = [cleaned.get(name) for name in names]
        typed = [name for name in names if name in self.errors]  # a box with a wrong value is not an empty one
        if all(v is None for v in values) and not typed:
            if not cleaned["log_text"]:
                raise forms.ValidationError("Enter six scores for each player, or give a move log.")
            cleaned["scores"] = None  # the log gives them
        else:
            for name, value in zip(names, values):  # every fault at once, each on its own box
                if value is None and name not in typed:
                    self.add_error(name, "enter a score (or leave all twelve empty and give a move log).")
            cleaned["scores"] = [values[:6], values[6:]]
        cleaned["flagged"] = [cleaned.get("first_flagged", False), cleaned.get("second_flagged", False)]

    def _log_text(self, cleaned) -> str | None:
        upload, text = cleaned.get("log_file"), (cleaned.get("log_text") or "").strip()
        if upload is not None:
            if text:
                self.add_error("log_file", "Paste the move log or upload it, not both.")
                return None
            try:
                return _text_of(_within(upload, MAX_LOG_BYTES, "a move log"), "The move log")
            except forms.ValidationError as error:
                self.add_error("log_file", error)
                return None
        if len(text.encode()) > MAX_LOG_BYTES:
            self.add_error("log_text", f"The move log is longer than {MAX_LOG_BYTES:,} bytes (1 MB).")
            return None
        return text or None


class PlayerResultForm(ScoresForm):
    """A player's own result through their private link: a played game only (forfeits, and the ways past a
    log's identity, are the arbiter's: `ResultForm`)."""


class ResultForm(ScoresForm):
    """A match's result as an organiser or arbiter enters it: played (the `ScoresForm`, and the two ways past a
    log's identity) or forfeit (who was present), and the tick that corrects a result already entered.
    A clean forfeit has `winner`."""

    BOTH_ABSENT = "none"
    SERVICE_FIELDS = {**ScoresForm.SERVICE_FIELDS, "forfeit_winner": "present"}

    status = forms.ChoiceField(label="Result", choices=[(Match.PLAYED, "Played"), (Match.FORFEIT, "Forfeit")],
                               initial=Match.PLAYED, widget=forms.RadioSelect)
    log_names_are_players = forms.BooleanField(
        required=False, label="The log's players are these two players under other names",
        help_text="For a log from an online platform that names players by user names; "
                  "the log's first player is still the one who played first.")
    first_is_second = forms.BooleanField(
        required=False, help_text="When the players sat the wrong way round: the record then shows who really "
                                  "played first.  Type each player's scores on their own line as usual.")
    present = forms.ChoiceField(label="Who was present?", required=False, widget=forms.RadioSelect)
    correct = forms.BooleanField(label="Correct this result", required=False)

    field_order = ["status", "first_flagged", "second_flagged", "log_text", "log_file", "log_names_are_players",
                   "first_is_second", "present", "correct", "version"]

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, match=match, **kwargs)
        self.has_result = match.has_result
        players = self.players
        self.fields["first_is_second"].label = f"Swap who played first: {players['second']} played first"
        self.fields["present"].choices = [
            ("first", f"{players['first']} (wins by forfeit)"),
            ("second", f"{players['second']} (wins by forfeit)"),
            (self.BOTH_ABSENT, "Both absent (nobody wins)"),
        ]

    @staticmethod
    def initial_for(match: Match) -> dict:
        """What the form starts from: the result on record, so a correction changes only what is wrong."""
        initial = ScoresForm.initial_for(match)
        initial["status"] = Match.FORFEIT if match.status == Match.FORFEIT else Match.PLAYED
        if match.status == Match.FORFEIT:
            winner = match.forfeit_winner_id
            initial["present"] = ResultForm.BOTH_ABSENT if winner is None else (
                "first" if winner == match.first_id else "second")
        return initial

    def entry(self) -> ResultEntry:
        """The clean form's result, for `services.enter_result` (with `guard()`)."""
        data = self.cleaned_data
        if data["status"] == Match.FORFEIT:
            return ResultEntry.forfeit(data["winner"])
        return ResultEntry.typed(data["scores"], data["flagged"], data["log_text"],
                                 log_names_are_players=bool(data.get("log_names_are_players")),
                                 first_is_second=bool(data.get("first_is_second")))

    def guard(self) -> dict:
        """`enter_result`'s guard for a clean form: whether it corrects a result, and the version it was filled from."""
        return {"correction": bool(self.cleaned_data.get("correct")), "version": self.cleaned_data["version"]}

    def clean(self):
        cleaned = forms.Form.clean(self)
        # A form of an older version goes on to the service, which says who changed the result since.
        if self.has_result and not cleaned.get("correct") and cleaned.get("version") == self.match.version:
            self.add_error("correct", "This match already has a result: tick 'Correct this result' to overwrite it.")
        if cleaned.get("status") == Match.FORFEIT:
            self._clean_forfeit(cleaned)
        elif cleaned.get("status") == Match.PLAYED:
            self._clean_played(cleaned)
        return cleaned

    def _clean_forfeit(self, cleaned):
        present = cleaned.get("present")
        if not present:
            self.add_error("present", "Choose the player who was present, or 'Both absent'.")
            return
        cleaned["winner"] = None if present == self.BOTH_ABSENT else getattr(self.match, present)


class DisputeForm(forms.Form):
    note = forms.CharField(label="What is wrong with it?", max_length=300,
                           widget=forms.Textarea(attrs={"rows": 2}))
