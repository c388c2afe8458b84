"""The analysis as the replay page shows it (`docs/analysis.md`, "Where"): per placement the rank and the best
candidate, per player "best found" and the picture of the six scores with its table.

Only a finished game has one: `page_analysis` returns None for a log that is
not (a game ended by the arbiter's decision, stopped before its end), and
says why for a finished game that is not analysed (a duel, racks not tracked).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .analysed import analysis_of
from .engine.analysis import DUEL, REACH, UNTRACKED, NotAnalysed
from .score_chart import Row, rows, score_chart

# The refusals a finished game's page says; the others (unfinished, invalid) mean there is nothing to analyse yet.
SAID = {DUEL: "The duel is not analysed.",
        UNTRACKED: "This game is not analysed: its move log does not say which tiles each player held."}


@dataclass(frozen=True)
class PlayerAnalysis:
    name: str
    best_found: str  # "best found: 23 of 31"
    mean_rank: str  # "4.2", or "" for a player who never placed
    chart: str  # the SVG
    table_id: str
    rows: list[Row]


@dataclass
class PageAnalysis:
    refused: str = ""  # why a finished game is not analysed; the rest is empty then
    reach: str = REACH
    steps: list[dict] = field(default_factory=list)  # per placement, in order: rank, best and how many
    players: list[PlayerAnalysis] = field(default_factory=list)
    outlines: dict[int, tuple[str, Any]] = field(default_factory=dict)  # placement number -> the best (tile, cells)


def page_analysis(log: Any, names: Sequence[str]) -> PageAnalysis | None:
    """What the replay page shows of the log's analysis; None when there is nothing to show."""
    analysis = analysis_of(log)
    if isinstance(analysis, NotAnalysed):
        said = SAID.get(analysis.code)
        return PageAnalysis(refused=said) if said else None
    page = PageAnalysis()
    for number, p in enumerate(analysis.positions, start=1):
        page.steps.append({"n": number, "player": p.player, "rank": p.rank_words, "is_best": p.is_best,
                           "candidates": p.candidates, "best": p.best.words, "best_count": p.best_count,
                           "played": p.played.words})
        page.outlines[number] = (p.best.tile, p.best.cells)
    moves = [(number, p.player, p.scores) for number, p in enumerate(analysis.positions, start=1)]
    for player, figures in enumerate(analysis.players):
        chart_rows = rows(player, moves)
        table_id = f"scores-{player}"
        page.players.append(PlayerAnalysis(
            name=names[player], best_found=figures.words,
            mean_rank="" if figures.mean_rank is None else f"{figures.mean_rank:.1f}",
            chart=score_chart(names[player], chart_rows, len(moves), table_id), table_id=table_id, rows=chart_rows))
    return page
