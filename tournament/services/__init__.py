"""The organiser's actions, each one transaction: views call these and nothing else writes.

Every refusal is a `Refused` with a sentence for the organiser (and the form
field it concerns, where there is one).  Nothing is half-written: each
function runs inside `transaction.atomic()`, and generating a round locks the
tournament row, so two clicks at once make one round.

The actions live in one module per concern; this package names them all, so
callers write `services.enter_result(...)` whichever module holds it:

- `entries`: tournaments, their settings, entries, reinstating, closing the entries;
- `events`: a tournament shown in the public list or hidden, deleted before round 1;
- `players`: a player's name, rating and club edited, an entry removed, a withdrawal and its pending game; the
  player's own withdrawal and "I'm back" through their private link;
- `drafts`: a round paired by hand, its check, publishing it (with a confirmation when it breaks a rule);
- `changes`: a published round taken back to a draft, a closed round reopened;
- `absences`: excused absences, marked by the organiser or asked for through a private link and approved;
- `roles`: organisers and arbiters, renewing a player's private link;
- `links`: whose a private link is (`player_of_link`), or that it was replaced (imported from it by name);
- `rounds`: generating, checking, editing, publishing, deleting and closing rounds;
- `results`: checking and entering a match's result, and reading it back;
- `submissions`: results the players send through their private links;
- `timetable`: an online event that runs itself (closing, pairing, publishing, absent players; stop, "Go on").
"""

from .entries import (
    add_player,
    create_tournament,
    entries_closed,
    import_players,
    import_tournament,
    reinstate,
    update_settings,
)
from .changes import clocks_to_start, later_rounds, move_start, reopen_round, stand_note, take_back
from .drafts import (check_round, clear_draft, draft_warnings, excuse_in_draft, give_bye, publish_draft, repair_with_engine, seat_pair,
                     start_by_hand, unplaced, unseat)
from .absences import approve_excuse, cancel_excuse, excuse_player, request_excuse
from .events import delete_tournament, set_listed
from .players import (FORFEIT, PLAY, come_back, edit_player, games_to_play, may_come_back, remove_player, withdraw,
                      withdraw_myself, withdrawn_words)
from .refused import Refused
from ..domain.entry import ResultEntry
from .results import check_played_result, enter_result, result_summary
from .roles import ROLES, add_role, remove_role, renew_link
from .rounds import close_round, delete_draft, generate_round, publish_round, swap_players
from .submissions import (HELD_DIFFERS, HELD_DISPUTED, answer_submission, current_match, held_over_submission,
                          no_game_reason, player_link_forms, shown_submission, submission_states, submit_result)

__all__ = [
    "ROLES", "Refused",
    "add_player", "create_tournament", "entries_closed", "import_players", "import_tournament", "reinstate",
    "update_settings",
    "clocks_to_start", "later_rounds", "move_start", "reopen_round", "stand_note", "take_back",
    "check_round", "clear_draft", "excuse_in_draft", "give_bye", "publish_draft", "repair_with_engine", "seat_pair", "start_by_hand",
    "unplaced", "unseat",
    "approve_excuse", "cancel_excuse", "excuse_player", "request_excuse",
    "delete_tournament", "set_listed",
    "FORFEIT", "PLAY", "come_back", "edit_player", "games_to_play", "may_come_back", "remove_player", "withdraw",
    "withdraw_myself", "withdrawn_words",
    "add_role", "remove_role", "renew_link",
    "close_round", "delete_draft", "draft_warnings", "generate_round", "publish_round", "swap_players",
    "ResultEntry", "check_played_result", "enter_result", "result_summary",
    "HELD_DIFFERS", "HELD_DISPUTED", "answer_submission", "current_match", "held_over_submission", "no_game_reason",
    "player_link_forms", "shown_submission", "submission_states", "submit_result",
]
