"""Helpers of the event-day tests: a page as it reads.  Events and rounds played come from `tests.factories`."""

from __future__ import annotations

import html
import re


def text(response) -> str:
    """The page as a reader sees its characters (entities unescaped)."""
    return html.unescape(response.content.decode())


def words(response) -> str:
    """The page's words only: tags dropped, runs of white space as one space."""
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split()).replace(" ,", ",").replace(" .", ".").replace(" :", ":")


# What the organiser's and the players' event-day pages say, word for word, each sentence once.  The tests assert
# which of these a page says and with which values (`says(page, "withdrawn", player="Ann Able", round=1)`: the
# decision, who, the values); a change of words is one line here.
SAYS = {
    # rounds: taken back, published, reopened, corrected
    "offers take back": "Take round {round} back to a draft",
    "taken back": "Round {round} is a draft again: players no longer see it.",
    "no rule broken": "The draft breaks no pairing rule",
    "published": "Round {round} is published: players can see their tables.",
    "has results, not taken back": "Round {round} has results (table {table}): a round with results can only be "
                                   "corrected, not taken back.",
    "closed, not taken back": "Round {round} is closed: only a published round with no result yet can be taken "
                              "back to a draft.",
    "later rounds paired on it": "Rounds {rounds} were paired on this round's results",
    "reopened": "Round {round} is open again: correct its results, then close it. Rounds {later} were paired on "
                "the old result; they stand.",
    "not closed": "Round {round} is not closed: its results can be entered and corrected as it is.",
    "corrected, later round stands": "Round {round}, table {table}: {result} (corrected). Round {later} was paired "
                                     "on the old result; it stands.",
    "closed, reopen to correct": "Round {round} is closed. To correct this",
    "reopened, close to finish": "Round {round} is open again (reopened to correct a result): close it to finish "
                                 "the tournament.",
    "finished": "The tournament is finished: all {rounds} announced rounds are paired and closed (raise the number "
                "of rounds to go on). The final standings are out.",
    "paired as a draft": "Round {round} is paired as a draft",
    # pairing by hand
    "no pairing without a rematch": "No pairing avoids a rematch: pair this round by hand",
    "empty draft": "Round {round} is an empty draft",
    "seated": "{first} plays first against {second}.",
    "published despite": "Round {round} is published despite the rules it breaks (kept in the audit log)",
    "publish despite": "Publish round {round} despite the broken rules",
    "nobody plays themself": "Second player: choose someone else: nobody plays themself.",
    "paired again by the engine": "Round {round} is paired again by the engine",
    "taken out": "{player} is taken out of the draft.",
    "taken out, partner left": "{player} is taken out of the draft. Not placed now: {partner}.",
    "excused in the draft": "{player} is excused from round {round}. Not placed now: {partner}.",
    "idle": "Idle this round (all-play-all, odd field): {player}",
    # players: entries, withdrawals, late entries
    "already entered": "Name: {player} is already entered (seed {seed}): tick 'Another player of the same name' if "
                       "this really is someone else.",
    "removed": "{player} is removed from the entries.",
    "entries closed, withdraw": "Entries are closed (round {round} is paired): withdraw {player} instead.",
    "beyond the event": "After round: Round {round} is beyond the event, whose last round is {last}.",
    "withdrawn": "{player} is withdrawn after round {round}.",
    "back in": "{player} is back in: paired again from the next round.",
    "game to play again": "round {round}, table {table} against {opponent}",
    "still a forfeit": "Still a forfeit, its round closed (reopen the round to correct it): round {round}, "
                       "table {table} against {opponent}.",
    "no round to join": "Round {round} is the last of the {announced} announced rounds: a player entered now would "
                        "play no round. Raise the number of rounds in Settings first to let them join at round {next}.",
    "no round to join, draft": "Round {round}, the last of the {announced} announced rounds, is a draft paired "
                               "without anyone entered now: delete the draft, enter the player and pair round "
                               "{round} again to include them, or raise the number of rounds in Settings for them "
                               "to join at round {next}.",
    "result sent for it": "{player} has sent a result for it ({result}",
    # excused absences
    "excused VP": "(you score {vp} VP for it)",
    "asked to be excused": "You asked to be excused from round {round}: the organiser will decide.",
    "asked, waiting": "Round {round}: asked for, waiting for the organiser",
    "asks to be excused": "{player}, round {round}: asks to be excused",
    "requests to decide": "{count} player asks to be excused from a round: approve or decline below.",
    "excused": "{player} is excused from round {round}.",
    "absence cancelled": "{player}'s absence from round {round} is cancelled: they are paired in it.",
    "choose a round": "Round: choose a round still to be paired.",
    # the tournament: hidden, deleted
    "hidden": "{tournament} is hidden from the public list",
    "confirm the deletion": "Confirm: tick 'Delete {tournament} and its players'",
    "deleted": "{tournament} is deleted; its audit log is kept.",
    "begun, not deleted": "{tournament} has {rounds} round paired: a tournament that has begun cannot be deleted",
    "deleted tournaments": "Deleted tournaments Their audit entries stay as the site's record. {tournament} ({slug}): "
                           "deleted by {who}",
}


def says(page: str, family: str, **values) -> bool:
    """Whether the page's text holds the sentence of `family` (in `SAYS`) with these values."""
    return SAYS[family].format(**values) in page
