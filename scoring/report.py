"""One standings report per tournament record: what every standings page, sheet and file reads (pure, no Django).

    report = standings_report(record)
    report.lines          the standings, best first (`scoring.standings.Standing`)
    report.notes          a note per group level on VP (`scoring.ties.TieNote`): what head-to-head decided
    report.unapplied      players whose H2H number placed nobody (greyed or struck through)
    report.progress       where the tournament stands ("after round 4", finished)
    report.crosstable     the n × n grid, made when first read
    report.round_chart    the round-by-round chart, made when first read
    report.json           the `standings SLUG --json` list
    report.half_points_before(n)  each player's VP before round n (the venue screen's list by name)

The record is walked once (`domain.rounds.player_rounds` for the standings,
`progress` for the titles); the tie notes word the decisions the ranking
made rather than deciding again; the crosstable and the chart reuse the
lines.  A report is a plain value that pickles, so a cache may keep one per
tournament data version (see the README, "How data flows").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from tournament.domain.rounds import Progress, progress

from .standings import (ChartRow, CrosstableRow, Standing, crosstable_of, full_grid, json_of, rank,
                        round_chart_of)
from .ties import TieNote, tie_notes, unapplied_head_to_head

if TYPE_CHECKING:
    from tournament.domain.records import TournamentFile


@dataclass(frozen=True)
class StandingsReport:
    """The standings of one tournament record and everything the pages, sheets and files show with them."""

    lines: tuple[Standing, ...]
    notes: tuple[TieNote, ...]
    unapplied: frozenset[int]
    progress: Progress
    full_grid: bool  # whether the crosstable is best an n × n grid (`scoring.standings.full_grid`)
    reading: str  # the progressive reading, "sum" or "running"
    round_numbers: tuple[int, ...]  # every round of the record, counted or not, in order

    def half_points_before(self, round_number: int) -> dict[int, int] | None:
        """Each player's VP (in half-points) after the rounds before `round_number`, as a pairing list shows it
        (`domain.rounds.half_points_before`), read from the lines; None when a round before it is not counted
        (no result yet), which the lines do not hold."""
        counted = {game.round_number for game in self.lines[0].rounds} if self.lines else set()
        if not all(number in counted for number in self.round_numbers if number < round_number):
            return None
        return {line.player_id: sum(game.half_points for game in line.rounds if game.round_number < round_number)
                for line in self.lines}

    @cached_property
    def crosstable(self) -> list[CrosstableRow]:
        return crosstable_of(self.lines)

    @cached_property
    def round_chart(self) -> tuple[list[int], list[ChartRow]]:
        return round_chart_of(self.lines)

    @cached_property
    def json(self) -> list[dict]:
        return json_of(self.lines)


def standings_report(record: TournamentFile) -> StandingsReport:
    """The one standings report of a record (the default standings order)."""
    ranking = rank(record)
    places = {line.player_id: index for index, line in enumerate(ranking.lines)}
    notes = tuple(tie_notes(ranking.level_on_vp, ranking.decisions, places))
    return StandingsReport(tuple(ranking.lines), notes, unapplied_head_to_head(notes), progress(record),
                           full_grid(record), record.settings.progressive,
                           tuple(sorted(r.number for r in record.rounds)))
