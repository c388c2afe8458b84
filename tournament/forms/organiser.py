"""The organiser's forms: each checks what was typed and hands plain values to a service.

A service may still refuse (`services.Refused`); `submitting.refusal_shown`
puts its sentence on the field it names, or above the form when it names none.
"""

from __future__ import annotations

from django import forms

from games.colours import COLOURS

from ..domain.records import DEFAULT_SETTINGS
from ..domain.limits import MAX_RATING
from ..domain.values import RATING_RULE, is_rating
from ..domain.results import MAX_SCORE
from ..records import player_labels
from ..models import Match, Tournament
from .players_csv import PlayersFileFault, decode_players_file, read_players
from ..tfile import FileFault, load_text

# What the site itself writes must come back in (README, "Limits"): its compact export of a 500-player,
# 9-round event with every game logged is about 12 MB, with a third logged 3.8 MB.
MAX_TOURNAMENT_FILE_BYTES = 25_000_000
MAX_LOG_BYTES = 1_000_000  # a complete 2-player log is about 15 kB
MAX_CSV_BYTES = 1_000_000
SIDES = ("first", "second")


def _within(upload, limit: int, what: str):
    """The upload, once it is no bigger than `limit` bytes; else a `ValidationError` saying how big it may be."""
    if upload.size > limit:
        raise forms.ValidationError(
            f"The file is {upload.size:,} bytes; {what} may be at most {limit:,} bytes ({limit // 1_000_000} MB)."
        )
    return upload


def _text_of(upload, what: str) -> str:
    upload.seek(0)  # a form rebuilt after a refusal reads the same upload again
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise forms.ValidationError(f"{what} is not UTF-8 text (byte {error.start}).") from None


# --- tournaments -------------------------------------------------------------------------


class TournamentForm(forms.Form):
    """The settings of a new tournament (`shared/spec/tournament.md`); names match the model's fields."""

    name = forms.CharField(max_length=200)
    system = forms.ChoiceField(choices=Tournament.SystemChoice.choices, initial=Tournament.AUTO,
                               help_text="Fixed when round 1 is paired.")
    rounds_announced = forms.IntegerField(label="Announced rounds", min_value=1, max_value=99,
                                          initial=DEFAULT_SETTINGS.rounds,
                                          help_text="The MSO asks for 7 to 9 in a Swiss.")
    bye_half_points = forms.TypedChoiceField(label="Bye VP", coerce=int, choices=Tournament.HALF_POINT_CHOICES,
                                             initial=DEFAULT_SETTINGS.bye_half_points, widget=forms.RadioSelect)
    progressive = forms.ChoiceField(label="Progressive tie-breaks", choices=Tournament.ProgressiveChoice.choices, initial=Tournament.ProgressiveChoice.SUM,
                                    widget=forms.RadioSelect)
    clock_s = forms.IntegerField(label="Clock (seconds per player)", min_value=1, max_value=24 * 3600,
                                 initial=DEFAULT_SETTINGS.clock_s)
    late_entry_half_points = forms.TypedChoiceField(label="Late-entry VP per missed round", coerce=int,
                                                    choices=Tournament.HALF_POINT_CHOICES,
                                                    initial=DEFAULT_SETTINGS.late_entry_half_points, widget=forms.RadioSelect)
    # Not required, so a form posted without it (an older page) keeps the default.
    excused_half_points = forms.TypedChoiceField(label="Excused absence VP", coerce=int, required=False,
                                                 empty_value=DEFAULT_SETTINGS.excused_half_points,
                                                 choices=Tournament.HALF_POINT_CHOICES, initial=DEFAULT_SETTINGS.excused_half_points,
                                                 widget=forms.RadioSelect,
                                                 help_text="What a player excused from a round scores for it.")
    # Not required, so a form posted without it (an older page) keeps the tables.
    play = forms.ChoiceField(label="Games played", choices=Tournament.PlayChoice.choices, required=False,
                             initial=Tournament.PlayChoice.TABLE, widget=forms.RadioSelect,
                             help_text="Online: each game of a round published from now on is played in the site's "
                                       "game room, with the server's clock, and its result is the game's.")

    def clean_play(self):
        return self.cleaned_data.get("play") or Tournament.PlayChoice.TABLE

    def settings(self) -> dict:
        return {key: value for key, value in self.cleaned_data.items() if key not in ("name", "confirm_history")}

    def ask_to_confirm_history(self) -> None:
        """The tick a change of VP already scored needs (`services.update_settings`): on the settings page only."""
        self.fields["confirm_history"] = forms.BooleanField(
            label="Change what was already scored", required=False,
            help_text="Needed when a new bye, late-entry or excused VP would change rounds already paired.")


class RoleForm(forms.Form):
    """Give an existing account a role in the tournament."""

    username = forms.CharField(label="User name", max_length=150)
    role = forms.ChoiceField(choices=[("organiser", "Organiser (everything)"),
                                      ("arbiter", "Arbiter (results and logs)")], initial="arbiter")

    def clean_username(self):
        from django.contrib.auth import get_user_model

        name = self.cleaned_data["username"].strip()
        try:
            self.cleaned_data["person"] = get_user_model().objects.get_by_natural_key(name)
        except get_user_model().DoesNotExist:
            raise forms.ValidationError(f"There is no account named {name!r}: create it first (README, 'Accounts').") from None
        return name


class TournamentFileForm(forms.Form):
    """An `ingenious-tournament/1` file; a clean form holds the parsed record in `cleaned_data["record"]`."""

    file = forms.FileField(label="Tournament file (JSON)")

    def clean_file(self):
        upload = _within(self.cleaned_data["file"], MAX_TOURNAMENT_FILE_BYTES, "a tournament file")
        upload.seek(0)
        try:
            self.cleaned_data["record"] = load_text(upload.read())
        except FileFault as fault:
            raise forms.ValidationError(f"The file has a fault at {fault}" if fault.place else f"The file has a fault: {fault}") from None
        return upload


# --- players ---------------------------------------------------------------------------------


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=120)
    rating = forms.IntegerField(required=False, widget=forms.NumberInput(attrs={"min": 0, "max": MAX_RATING}))
    club = forms.CharField(max_length=120, required=False)
    duplicate_ok = forms.BooleanField(required=False, label="Another player of the same name (not the same person twice)")

    def clean_rating(self):  # the players file's and the tournament file's rule (values.is_rating)
        if self.cleaned_data["rating"] is not None and not is_rating(self.cleaned_data["rating"]):
            raise forms.ValidationError(f"A rating is {RATING_RULE}, or empty.")
        return self.cleaned_data["rating"]


class PlayersCsvForm(forms.Form):
    """A CSV of name,rating,club lines; a clean form holds its (name, rating, club) rows in `cleaned_data["rows"]`.

    The file's text also travels in a hidden field once it has been read, so that a file refused for its
    duplicate names is entered by ticking the box and pressing the button again, without choosing it again
    (a browser never keeps a chosen file).
    """

    file = forms.FileField(label="Players CSV (name,rating,club)", required=False)
    text = forms.CharField(widget=forms.HiddenInput, required=False, strip=False, max_length=MAX_CSV_BYTES)
    duplicate_ok = forms.BooleanField(
        required=False, label="They are other people of the same name",
        help_text="Only for names already entered, or twice in the file, that really are other people.")

    def clean(self):
        cleaned = super().clean()
        upload, text = cleaned.get("file"), cleaned.get("text") or ""
        if "file" in self.errors:
            return cleaned
        if upload is not None:
            try:
                # open() reads from the start: a form rebuilt after a refusal reads the same upload again.
                text = decode_players_file(_within(upload, MAX_CSV_BYTES, "a players file").open().read())
            except (forms.ValidationError, PlayersFileFault) as error:
                self.add_error("file", getattr(error, "faults", error))  # a fault's sentences, or the size
                return cleaned
        elif not text:
            self.add_error("file", "Choose a players file.")
            return cleaned
        try:
            cleaned["rows"] = self.parse(text)
        except forms.ValidationError as error:
            self.add_error("file", error)
            return cleaned
        cleaned["text"] = text
        return cleaned

    def keep_text(self) -> None:
        """After a refusal of the rows read: the page's form holds the file's text, sent again with the tick."""
        self.data = self.data.copy()
        self.data[self.add_prefix("text")] = self.cleaned_data.get("text", "")

    @staticmethod
    def parse(text: str) -> list[tuple[str, int | None, str]]:
        """Rows of name, rating, club (a header line is allowed), checked as the tournament file is
        (`players_csv`); faults are one `ValidationError` with a sentence per fault, naming line and field."""
        try:
            return [(row.name, row.rating, row.club) for row in read_players(text)]
        except PlayersFileFault as fault:
            raise forms.ValidationError(fault.faults) from None


class WithdrawForm(forms.Form):
    after_round = forms.IntegerField(label="after round", min_value=0, max_value=999,
                                     help_text="The last round the player takes part in (0: before round 1).")
    pending = forms.ChoiceField(
        label="Their game still to play", required=False, widget=forms.RadioSelect,
        choices=[("forfeit", "Forfeit it: the opponent wins"),
                 ("play", "Let it be played: the player withdraws after that round")])


# --- results ---------------------------------------------------------------------------------


class ResultForm(forms.Form):
    """A match's result: played (six scores each, flags, an optional log) or forfeit.

    Fields `first_R` ... `second_P` hold the scores in colour order R O Y G B P.
    A clean played form has `scores` (two lists, or None when a log alone
    gives them), `flagged` and `log_text`; a clean forfeit has `winner`.
    """

    BOTH_ABSENT = "none"
    # The service's field names, as this form spells them (None: above the form).
    SERVICE_FIELDS = {"log": "log_text", "forfeit_winner": "present", "scores": None, "flagged": None}

    status = forms.ChoiceField(label="Result", choices=[(Match.PLAYED, "Played"), (Match.FORFEIT, "Forfeit")],
                               initial=Match.PLAYED, widget=forms.RadioSelect)
    first_flagged = forms.BooleanField(required=False)
    second_flagged = forms.BooleanField(required=False)
    log_text = forms.CharField(label="Move log (JSON, optional)", required=False,
                               widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}))
    log_file = forms.FileField(label="or upload the move log", required=False)
    log_names_are_players = forms.BooleanField(
        required=False, label="The log's players are these two players under other names",
        help_text="For a log from an online platform that names players by user names; "
                  "the log's first player is still the one who played first.")
    first_is_second = forms.BooleanField(
        required=False, help_text="When the players sat the wrong way round: the record then shows who really "
                                  "played first.  Type each player's scores on their own line as usual.")
    present = forms.ChoiceField(label="Who was present?", required=False, widget=forms.RadioSelect)
    correct = forms.BooleanField(label="Correct this result", required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, match: Match, **kwargs):
        kwargs.setdefault("initial", self.initial_for(match))
        super().__init__(*args, **kwargs)
        self.match = match
        self.has_result = match.has_result
        # Each player as the pages show them: a same-named pair told apart (records.player_labels).
        labels = player_labels(match.round.tournament)
        players = {"first": labels[match.first_id], "second": labels[match.second_id]}
        for side in SIDES:
            for colour in COLOURS:
                self.fields[f"{side}_{colour.letter}"] = forms.IntegerField(
                    label=f"{players[side]}, {colour.letter} {colour.name}",
                    required=False, min_value=0, max_value=MAX_SCORE,
                    error_messages={
                        "invalid": f"a score is a whole number from 0 to {MAX_SCORE}.",
                        "min_value": "a score is at least 0.",
                        "max_value": f"a score is at most {MAX_SCORE}.",
                    },
                    widget=forms.NumberInput(attrs={"min": 0, "max": MAX_SCORE, "inputmode": "numeric", "class": "score"}),
                )
            self.fields[f"{side}_flagged"].label = f"{players[side]} ran out of time"
        self.fields["first_is_second"].label = f"Swap who played first: {players['second']} played first"
        self.fields["present"].choices = [
            ("first", f"{players['first']} (wins by forfeit)"),
            ("second", f"{players['second']} (wins by forfeit)"),
            (self.BOTH_ABSENT, "Both absent (nobody wins)"),
        ]

    @staticmethod
    def scores_initial(scores, flagged) -> dict:
        """The twelve score fields and the two ticks filled in with a result (first player's first)."""
        initial = {f"{side}_{colour.letter}": value
                   for side, row in zip(SIDES, scores) for colour, value in zip(COLOURS, row)}
        initial.update(first_flagged=flagged[0], second_flagged=flagged[1])
        return initial

    @staticmethod
    def initial_for(match: Match) -> dict:
        """What the form starts from: the result on record, so a correction changes only what is wrong."""
        initial = {"version": match.version, "status": Match.FORFEIT if match.status == Match.FORFEIT else Match.PLAYED}
        if match.status == Match.PLAYED and match.scores:
            initial.update(ResultForm.scores_initial(match.scores, (match.first_flagged, match.second_flagged)))
        if match.status == Match.FORFEIT:
            winner = match.forfeit_winner_id
            initial["present"] = ResultForm.BOTH_ABSENT if winner is None else (
                "first" if winner == match.first_id else "second")
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

    def entry(self) -> dict:
        """The keyword arguments of `services.enter_result` for a clean form."""
        data = self.cleaned_data
        entry = {"status": data["status"], "correction": bool(data.get("correct")), "version": data["version"]}
        if data["status"] == Match.FORFEIT:
            entry["forfeit_winner"] = data["winner"]
        else:
            entry.update(scores=data["scores"], flagged=data["flagged"], log_text=data["log_text"],
                         log_names_are_players=bool(data.get("log_names_are_players")),
                         first_is_second=bool(data.get("first_is_second")))
        return entry

    def score_field_names(self):
        return [f"{side}_{c.letter}" for side in SIDES for c in COLOURS]

    def clean(self):
        cleaned = super().clean()
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


class PlayerResultForm(ResultForm):
    """A player's own result through their private link: a played game only (forfeits are for arbiters)."""

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, match=match, **kwargs)
        for name in ("status", "present", "correct", "log_names_are_players", "first_is_second"):
            del self.fields[name]  # forfeits and the ways past a log's identity are the arbiter's
        self.has_result = False

    def clean(self):
        self.cleaned_data["status"] = Match.PLAYED
        return super().clean()


class DisputeForm(forms.Form):
    note = forms.CharField(label="What is wrong with it?", max_length=300,
                           widget=forms.Textarea(attrs={"rows": 2}))
