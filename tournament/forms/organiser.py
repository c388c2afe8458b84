"""The organiser's forms: each checks what was typed and hands plain values to a service.

A service may still refuse (`services.Refused`); `submitting.refusal_shown`
puts its sentence on the field it names, or above the form when it names none.
"""

from __future__ import annotations

from django import forms

from ..domain.records import DEFAULT_SETTINGS
from ..domain.limits import MAX_RATING, MAX_ROUND_BREAK_S
from ..domain.timetable import is_time_zone
from ..domain.values import RATING_RULE, is_rating
from ..models import Tournament
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
    """The settings of a new tournament (`docs/tournament-rules.md`); names match the model's fields."""

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

    auto = forms.BooleanField(label="Run the rounds by the timetable", required=False,
                              help_text="Online only: each round closes when its last game ends, and the next is "
                                        "paired and published to start after the break.")
    round_break_s = forms.IntegerField(label="Break between rounds (seconds)", required=False, min_value=0,
                                       max_value=MAX_ROUND_BREAK_S, initial=DEFAULT_SETTINGS.round_break_s,
                                       help_text="From a round's last game's end to the next round's start.")

    round_lead_s = forms.IntegerField(label="Published before the start (seconds)", required=False, min_value=0,
                                      max_value=MAX_ROUND_BREAK_S, initial=DEFAULT_SETTINGS.round_lead_s,
                                      help_text="Each round is paired and published this long before it starts "
                                                "(never more than the break): players may withdraw or come back "
                                                "until then.")
    starts_at = forms.DateTimeField(label="The event starts", required=False,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local", "step": "1"},
                                                               format="%Y-%m-%dT%H:%M:%S"),
                                    help_text="Optional, with the timetable on: entries close and round 1 is "
                                              "published by themselves before it (in the tournament's time zone).")
    time_zone = forms.CharField(label="Time zone", required=False, max_length=64,
                                help_text="An IANA name such as Europe/London; empty for the site's. Every time "
                                          "the pages and mails show is in it.")

    def clean_round_break_s(self):
        value = self.cleaned_data.get("round_break_s")
        return DEFAULT_SETTINGS.round_break_s if value is None else value

    def clean_round_lead_s(self):
        value = self.cleaned_data.get("round_lead_s")
        return DEFAULT_SETTINGS.round_lead_s if value is None else value

    def clean_time_zone(self):
        name = (self.cleaned_data.get("time_zone") or "").strip()
        if name and not is_time_zone(name):
            raise forms.ValidationError("Not a time zone this site knows: an IANA name such as Europe/London.")
        return name

    # A clock outside these bounds is saved only when confirmed: a 10 s clock is more often a slip than a wish.
    USUAL_CLOCK_S = (60, 3_600)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.is_bound and self._unusual_clock(self.data.get(self.add_prefix("clock_s"))):
            self.fields["confirm_clock"] = forms.BooleanField(
                label="Yes, this clock is meant", required=False,
                help_text=f"Clocks are usually {self.USUAL_CLOCK_S[0]} to {self.USUAL_CLOCK_S[1]:,} seconds per player.")
            self.order_fields([*[name for name in self.fields if name != "confirm_clock"][
                :list(self.fields).index("clock_s") + 1], "confirm_clock"])

    def _unusual_clock(self, value) -> bool:
        try:
            seconds = int(str(value).strip())
        except (TypeError, ValueError):
            return False
        return not self.USUAL_CLOCK_S[0] <= seconds <= self.USUAL_CLOCK_S[1]

    def clean(self):
        cleaned = super().clean()
        if "confirm_clock" in self.fields and cleaned.get("clock_s") is not None and not cleaned.get("confirm_clock"):
            self.add_error("clock_s", f"{cleaned['clock_s']:,} s per player is unusual: tick 'Yes, this clock is "
                                      "meant' to keep it.")
        return cleaned

    def clean_play(self):
        return self.cleaned_data.get("play") or Tournament.PlayChoice.TABLE

    def settings(self) -> dict:
        return {key: value for key, value in self.cleaned_data.items()
                if key not in ("name", "confirm_history", "confirm_clock")}

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
