"""`{{ texts|cells }}`: a row's texts as table cells, escaped, in one step.

A big event's crosstable has thousands of cells; written one template
variable at a time they were most of its rendering.
"""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from scoring.cells import metric_cells, standing_cells
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


# The tie-break cells are scoring's, beside the metrics they show; the templates reach them by these names.
register.filter("metric_cells", metric_cells)
register.filter("standing_cells", standing_cells)
