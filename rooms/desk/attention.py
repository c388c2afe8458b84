"""Which rooms need the arbiter, and why (docs/online-event.md, "Presence and attention").

Pure: the desk gives each room's state at `at_ms` and gets the reasons to look at it, in words; the desk lists
the rooms with a reason first.
"""

from __future__ import annotations

from .presence import ago_text, presence_text

ABSENT_AFTER_MS = 60_000  # a player not connected this long after the start
IDLE_AFTER_MS = 120_000  # a player to move with no decision this long

ABSENT, IDLE, PAUSED, REFUSED = "absent", "idle", "paused", "refused"


def needs(*, status: str, names, starts_at_ms: int, presence, on_turn: int | None, last_event_ms: int | None,
          pause_note: dict | None, result_refused: str, at_ms: int) -> list[dict]:
    """The reasons the room needs the arbiter at `at_ms`, each {"kind", "words"}: a player not connected 60 s after
    the start; a player to move with no decision for 120 s; a pause (its reason, by whom, since when); a result
    refused (the refusal).  Empty when it needs nobody."""
    reasons = []
    if status != "finished" and at_ms - starts_at_ms >= ABSENT_AFTER_MS:
        for name, seat in zip(names, presence):
            if not seat["connected"]:
                reasons.append({"kind": ABSENT, "words": f"{name}: {presence_text(seat, at_ms)}"})
    if status == "playing" and on_turn is not None and last_event_ms is not None \
            and at_ms - last_event_ms >= IDLE_AFTER_MS:
        reasons.append({"kind": IDLE, "words": f"{names[on_turn]} to move: nothing for "
                                               f"{ago_text(at_ms - last_event_ms)}"})
    if status == "paused":
        note = pause_note or {}
        by = f" by {note['by']}" if note.get("by") else ""
        since = f" {ago_text(at_ms - note['at_ms'])} ago" if note.get("at_ms") is not None else ""
        whole = " (the whole round)" if note.get("round") else ""
        reasons.append({"kind": PAUSED, "words": f"paused{by}{since}{whole}: {note.get('reason') or 'no reason'}"})
    if result_refused:
        reasons.append({"kind": REFUSED, "words": f"result refused: {result_refused}"})
    return reasons


def attention_first(rows: list[dict]) -> list[dict]:
    """The desk's rows with those that need the arbiter first, each group in table order."""
    return sorted(rows, key=lambda row: (not row["attention"], row["table"]))
