"""The public entry form, and the organiser's entries settings."""

from __future__ import annotations

from django import forms

from tournament.domain.limits import MAX_PLAYER_TEXT, MAX_RATING
from tournament.models import Tournament


class EntryForm(forms.Form):
    name = forms.CharField(max_length=MAX_PLAYER_TEXT, help_text="As it will appear in the pairings and standings.")
    club = forms.CharField(max_length=MAX_PLAYER_TEXT, required=False)
    email = forms.EmailField(label="Email address", help_text="Your confirmation link and your private link go "
                                                              "here. Nobody else sees it.")
    rating = forms.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                help_text="Leave empty if you have none.")
    # A trap for robots: hidden from people (and from screen readers), filled in by form-filling programs.
    website = forms.CharField(required=False, label="Leave this empty",
                              widget=forms.TextInput(attrs={"tabindex": "-1", "autocomplete": "off"}))

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if not tournament.entries_rating:
            del self.fields["rating"]


class LinkAgainForm(forms.Form):
    """"Send my link again": an address only (and the same trap as the entry form)."""

    email = forms.EmailField(label="Email address", help_text="The address you entered with.")
    website = forms.CharField(required=False, label="Leave this empty",
                              widget=forms.TextInput(attrs={"tabindex": "-1", "autocomplete": "off"}))


class EntriesSettingsForm(forms.ModelForm):
    """Open or close the entry form, with its closing time and maximum (docs/online-event.md, Entries)."""

    class Meta:
        model = Tournament
        fields = ["entries", "entries_close_at", "entries_max", "entries_rating"]
        labels = {"entries": "Entry form", "entries_close_at": "Closing time", "entries_max": "At most this many players",
                  "entries_rating": "Ask for a rating"}
        widgets = {"entries_close_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entries"].choices = [("", "Closed")] + list(Tournament._meta.get_field("entries").choices)
        self.fields["entries"].required = False
        self.fields["entries_close_at"].help_text = "Optional: entries close by themselves then."
        self.fields["entries_max"].help_text = "Optional."
