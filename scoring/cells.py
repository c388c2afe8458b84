"""A standings line's tie-break cells as HTML, written in one step (a 500-player page has 2,000 of them).

The standings table (`scoring.tables`) and the `metric_cells`/`standing_cells` template filters
(`tournament/templatetags/table_cells.py`: the crosstable, the venue screen) both write them from here, the
metrics registry's order, so the tie-breaks' cells have one home beside the metrics they show.
"""

from html import escape

from django.utils.safestring import mark_safe

from .metrics import DEFAULT_ORDER


def _tie_break_cells(line, unapplied, plain: str, struck: str) -> str:
    """A standings line's tie-break cells, the H2H cell `struck` for a player in `unapplied`
    (scoring.ties.unapplied_head_to_head: head-to-head did not split their VP group)."""
    strike = line.player_id in unapplied
    # The metrics' keys, not the metric objects of `metrics_in_order()`: four objects a line made for a key each.
    return mark_safe("".join(
        f"{struck if strike and key == 'head_to_head' else plain}{escape(text)}</td>"
        for key, text in zip(DEFAULT_ORDER, line.metric_texts)))


def metric_cells(line, unapplied=frozenset()) -> str:
    """The tie-break cells with class "metric" (the crosstable and the venue screen style them), the H2H not
    applied also "unapplied"; each page says once what struck through means."""
    return _tie_break_cells(line, unapplied, '<td class="metric">', '<td class="metric unapplied">')


def standing_cells(line, unapplied=frozenset()) -> str:
    """The same for the standings page, its cells bare, the H2H not applied "unapplied"."""
    return _tie_break_cells(line, unapplied, "<td>", '<td class="unapplied">')
