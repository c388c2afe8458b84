"""`{{ texts|cells }}`: a row's texts as table cells, escaped, in one step.

A big event's crosstable has thousands of cells; written one template
variable at a time they were most of its rendering.
"""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from scoring.metrics import metrics_in_order
from scoring.standings import running_vp
from tournament.domain.text import format_vp

register = template.Library()


@register.filter
def cells(texts, css_class: str = "") -> str:
    """Each text in a `<td>` (with the class, if one is given), escaped."""
    start = f'<td class="{conditional_escape(css_class)}">' if css_class else "<td>"
    return mark_safe("".join(f"{start}{conditional_escape(text)}</td>" for text in texts))


@register.filter
def round_cells(row) -> str:
    """A round-by-round crosstable row's cells: each round's "12f 1" with the VP after that round beneath it."""
    return mark_safe("".join(
        f'<td class="cell">{conditional_escape(text)}<small>{format_vp(after)}</small></td>'
        for text, after in zip(row.cells, running_vp(row.standing))))


def _tie_break_cells(line, unapplied, plain: str, struck: str) -> str:
    """A standings line's tie-break cells, the H2H cell `struck` for a player in `unapplied`
    (scoring.ties.unapplied_head_to_head: head-to-head did not split their VP group)."""
    strike = line.player_id in unapplied
    return mark_safe("".join(
        f"{struck if strike and metric.key == 'head_to_head' else plain}{conditional_escape(text)}</td>"
        for metric, text in zip(metrics_in_order(), line.metric_texts)))


@register.filter
def metric_cells(line, unapplied=frozenset()) -> str:
    """The tie-break cells with class "metric" (the crosstable and the venue screen style them), the H2H not
    applied also "unapplied"; each page says once what struck through means."""
    return _tie_break_cells(line, unapplied, '<td class="metric">', '<td class="metric unapplied">')


@register.filter
def standing_cells(line, unapplied=frozenset()) -> str:
    """The same for the standings page, its cells bare (a 500-player page has 2,000 of them), the H2H not applied
    "unapplied"."""
    return _tie_break_cells(line, unapplied, "<td>", '<td class="unapplied">')
