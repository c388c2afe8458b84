"""The faulty move of a refused log, shown on the board: for `/logs/check/` and the result form.

    from games.faulty_move import faulty_move, render_faulty_move

    faulty = faulty_move(text_or_log_or_report)   # None for a valid log or a fault of the whole object
    {% include "games/_faulty_move.html" with faulty=faulty %}

    html = render_faulty_move(text_or_log_or_report)  # the same, as HTML ("" when there is nothing to draw)

It takes the log's text (str or bytes), the parsed log, or the `Report` that
`check_text`/`replay` returned (which keeps the log it replayed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.engine.clock import minutes
from games.engine.board import written_cell
from games.engine.fault import FaultScene, scene_before_fault
from games.engine.log import Report, check_text, replay

from .board_svg import fault_svg


@dataclass
class FaultyMove:
    """What the include shows: the code, where, why, the event in words, the board and any clock readings."""

    scene: FaultScene
    svg: SafeString
    readings: list[dict]  # for bad-clock: {"event", "seconds", "clock", "marked"} per reading of the player

    @property
    def report(self) -> Report:
        return self.scene.report

    @property
    def clock_name(self) -> str | None:
        player = self.scene.clock_player
        return None if player is None else self.scene.names[player]

    @property
    def off_board(self) -> list[str]:
        """The faulty placement's cells outside the playing area, as "[q, r]"."""
        return [written_cell(*cell, separator=", ") for cell in self.scene.placement if self.scene.off_board(cell)]


def faulty_move(log: Any) -> FaultyMove | None:
    """The board before a refused log's faulty event, ready for `games/_faulty_move.html`; None if nothing to draw."""
    report = log if isinstance(log, Report) else check_text(log) if isinstance(log, (str, bytes)) else replay(log)
    if report.valid or report.event is None or report.log is None:
        return None
    scene = scene_before_fault(report.log, report)
    if scene is None:
        return None
    readings = [
        {"event": r.event, "seconds": r.seconds, "clock": minutes(r.seconds), "marked": r.faulty}
        for r in scene.readings
    ]
    return FaultyMove(scene=scene, svg=mark_safe(fault_svg(scene)), readings=readings)


def render_faulty_move(log: Any) -> SafeString:
    """`faulty_move` rendered with its include; empty when there is nothing to draw."""
    faulty = faulty_move(log)
    return mark_safe(render_to_string("games/_faulty_move.html", {"faulty": faulty})) if faulty else SafeString("")
