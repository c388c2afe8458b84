"""The names rule (`domain.names.checked_text`): what a player's name or a club may be, normalised."""

from __future__ import annotations

import pytest

from tournament.domain import names
from tournament.domain.limits import MAX_PLAYER_TEXT
from tournament.domain.names import NameFault, checked_text, name_key

# The names of the attack on the entry form (docs/online-event.md, Entries), each with what refuses it.
REFUSED = [
    ("Win at evil.de now", names.ADDRESS),
    ("Go bit.ly/abc", names.ADDRESS),
    ("evil\u3002com", names.ADDRESS),  # an ideographic full stop: a browser's dot all the same
    ("evil\uff0ecom", names.ADDRESS),  # a full-width one
    ("see http://x", names.ADDRESS),
    ("www.x", names.ADDRESS),
    ("ann@mail", names.ADDRESS),
    ("Ann\u200b Able", names.INVISIBLE),  # drawn exactly as Ann Able
    ("\u200b\u200b", names.INVISIBLE),  # an invisible player
    ("Ann \u202eelbA", names.INVISIBLE),  # an unclosed right-to-left override
    ("Ann \u2066Able", names.INVISIBLE),  # an isolate
    ("Ann\u3164", names.INVISIBLE),  # a Hangul filler: a letter that draws nothing
    ("Ann\u2028Able", names.INVISIBLE),  # a line separator: refused, not folded into a space
    ("Ann\u2029Able", names.INVISIBLE),  # a paragraph separator
    ("Ann\x07Able", names.CONTROL),  # BEL
    ("Ann\x1b[31mAble", names.CONTROL),  # ESC
    ("Ann\nAble", names.CONTROL),
    ("<b>x</b>", names.MARKUP),
    ("Ann > Ben", names.MARKUP),  # either bracket alone
    ("1234 !", names.NO_LETTER),
    ("   ", names.EMPTY),
    ("N" * 121, names.LONG),
]

PASS = ["Seán O'Brien", "Zoë Ðorđević", "李小龍", "J. R. Smith", "J.R.R. Tolkien", "Anne-Marie St. John",
        "Ólafur Arnalds", "Player 7"]


@pytest.mark.parametrize("text, kind", REFUSED)
def test_the_attacks_names_are_refused_each_for_its_reason(text, kind):
    with pytest.raises(NameFault) as fault:
        checked_text(text)
    assert fault.value.kind == kind


@pytest.mark.parametrize("text, kind", REFUSED[:-2])
def test_a_club_gets_the_same_checks(text, kind):
    with pytest.raises(NameFault) as fault:
        checked_text(text, "club", required=False)
    assert fault.value.kind == kind


@pytest.mark.parametrize("text", PASS)
def test_real_names_pass_as_they_are(text):
    assert checked_text(text) == text


def test_a_name_is_normalised_nfkc_with_its_spaces_folded():
    assert checked_text("  Ａｎｎ\u00a0 Able  ") == "Ann Able"  # full-width letters, a no-break space
    assert checked_text("\ufb01ona") == "fiona"  # the fi ligature


def test_no_club_is_no_club_but_every_player_needs_a_name():
    assert checked_text("  ", "club", required=False) == ""
    with pytest.raises(NameFault):
        checked_text("", "name")


def test_names_equal_once_normalised_and_case_folded_are_one_name():
    assert name_key(checked_text("ＡＮＮ  ABLE")) == name_key(checked_text("ann able"))
    assert name_key("  Ann   Able ") == name_key("ann able")  # the search's words, typed with stray spaces


def test_a_name_of_the_longest_length_passes():
    assert checked_text("N" * MAX_PLAYER_TEXT) == "N" * MAX_PLAYER_TEXT


def test_markup_and_addresses_are_the_unwelcome_kinds():
    assert {kind for _, kind in REFUSED if kind in names.UNWELCOME} == {names.ADDRESS, names.MARKUP}
