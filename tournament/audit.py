"""The audit trail: every change to a result, a pairing, a player or the settings, as it happened.

Services call `record()` inside their own transaction, so an entry exists
exactly when its change does.  Entries are plain snapshots (`before`,
`after`) in words and numbers an organiser reads back, not model
references, so a later change cannot alter what an entry says.
"""

from __future__ import annotations

import re

from games.colours import COLOURS

from .models import AuditEntry, Match, Player, Tournament
from .domain.names import display_names

SETTINGS = ("name", "system", "rounds_announced", "bye_half_points", "progressive", "clock_s",
            "late_entry_half_points", "excused_half_points", "play", "auto", "round_break_s",
            "round_lead_s", "starts_at", "time_zone", "entries", "entries_close_at", "entries_max", "entries_rating")


def who(actor) -> tuple[object | None, str]:
    """(user or None, words) for whoever made a change: a user, a player by their link, or nobody (a command)."""
    if isinstance(actor, Player):
        return None, f"{actor.name} (private link)"
    if isinstance(actor, str):  # a part of the site acting by itself, such as "game room"
        return None, actor
    if actor is not None and getattr(actor, "is_authenticated", False):
        return actor, actor.get_username()
    return None, "command line or system"


def record(tournament: Tournament, actor, action: str, subject: str = "", before=None, after=None) -> AuditEntry:
    user, words = who(actor)
    return AuditEntry.objects.create(tournament=tournament, tournament_name=tournament.name,
                                     tournament_slug=tournament.slug, user=user, who=words[:200], action=action,
                                     subject=subject[:200], before=before, after=after)


def unsaved(tournament: Tournament, actor, action: str, subject: str = "", before=None, after=None) -> AuditEntry:
    """The entry `record` would write, not yet written: for a change of thousands, written with `bulk_create`."""
    user, words = who(actor)
    return AuditEntry(tournament=tournament, tournament_name=tournament.name, tournament_slug=tournament.slug,
                      user=user, who=words[:200], action=action, subject=subject[:200], before=before, after=after)


def settings_of(tournament: Tournament) -> dict:
    """The settings as the audit keeps them (a time as ISO 8601 text)."""
    values = {field: getattr(tournament, field) for field in SETTINGS}
    return {field: value.isoformat() if hasattr(value, "isoformat") else value for field, value in values.items()}


def player_of(player: Player) -> dict:
    return {"name": player.name, "rating": player.rating, "club": player.club, "joined round": player.joined_round,
            "withdrawn after round": player.withdrawn_after_round}


def match_subject(match: Match) -> str:
    return f"Round {match.round.number}, table {match.table}"


_MATCH_SUBJECT = re.compile(r"Round (\d+), table (\d+)")


def game_of(entry: AuditEntry) -> tuple[int, int] | None:
    """The round and table of an entry that gave a match's result with a move log (the audit page links that game's
    replay and analysis), else None.  Read back from `match_subject`'s words and `result_of`'s "log"."""
    found = _MATCH_SUBJECT.fullmatch(entry.subject or "")
    if found and isinstance(entry.after, dict) and entry.after.get("log") == "given":
        return int(found[1]), int(found[2])
    return None


def scores_of(match: Match, scores, flagged) -> dict:
    """Each player's six scores in one line ("R5 O6 ..."), by name, with a ran-out-of-time mark."""
    labels = labels_now(match.round.tournament)
    return {labels.get(person.pk, person.name): " ".join(f"{c.letter}{v}" for c, v in zip(COLOURS, row))
            + (" (ran out of time)" if flag else "") for person, row, flag in zip((match.first, match.second), scores, flagged)}


def labels_now(tournament: Tournament) -> dict[int, str]:
    """Each player's name as the pages show it (`domain.names.display_names`: "Sam Smith (York)" beside another
    Sam Smith), read afresh: the audit says who, as the pages do, even of a player entered in this transaction."""
    return display_names(Player.objects.filter(tournament=tournament).only("id", "name", "seed", "rating", "club"))


def result_of(match: Match) -> dict | None:
    """The result of a match as the audit shows it; None while pending."""
    if match.status == Match.PLAYED:
        result = {"status": "played", **scores_of(match, match.scores, [match.first_flagged, match.second_flagged])}
        if match.log is not None:
            result["log"] = "given"
        return result
    if match.status == Match.FORFEIT:
        winner = (labels_now(match.round.tournament).get(match.forfeit_winner_id, match.forfeit_winner.name)
                  if match.forfeit_winner else "nobody (both absent)")
        return {"status": "forfeit", "won by": winner}
    return None


def tables_of(round_) -> list[str]:
    """A round's pairing, one line a table."""
    lines, labels = [], labels_now(round_.tournament)  # two players of one name told apart
    # Plain values, not models: a 500-player round's 250 matches and their players are not built to be read once.
    tables = round_.matches.order_by("table").values_list("table", "status", "first_id", "first__name", "second_id",
                                                          "second__name")
    for table, status, first_id, first_name, second_id, second_name in tables:
        second = (labels.get(second_id, second_name) if second_id is not None
                  else "excused" if status == Match.EXCUSED else "bye")
        lines.append(f"{table}: {labels.get(first_id, first_name)} – {second}")
    return lines


def changed(before: dict, after: dict) -> tuple[dict, dict]:
    """Only the keys whose values differ, on both sides."""
    keys = [key for key in after if before.get(key) != after[key]]
    return {key: before.get(key) for key in keys}, {key: after[key] for key in keys}


def changed_lines(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    """The lines only before, and the lines only after: what an edit of a round's tables changed."""
    return [line for line in before if line not in after], [line for line in after if line not in before]
