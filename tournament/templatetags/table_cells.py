"""`{{ texts|cells }}`: a row's texts as table cells, escaped, in one step; `{% chart_rows rows ... %}`: the
round-by-round crosstable's rows likewise.

A big event's crosstable has thousands of cells; written one template
variable at a time they were most of its rendering.  The texts are plain
strings, escaped as the templates escape them (`html.escape`, which Django's
`escape` is) without Django's lazy-text wrapper around each.
"""

from html import escape

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
        f'<td class="cell">{escape(text)}<small>{format_vp(after)}</small></td>'
        for text, after in zip(row.cells, running_vp(row.standing))))


# The tie-break cells are scoring's, beside the metrics they show; the templates reach them by these names.
register.filter("metric_cells", metric_cells)
register.filter("standing_cells", standing_cells)


@register.simple_tag
def chart_rows(rows, player_url: str, unapplied=frozenset()) -> str:
    """The round-by-round crosstable's rows: number, name (its page at `player_url` + id), place, tie-breaks,
    each round's cell."""
    lines = []
    for r in rows:
        line = r.standing
        label = escape(line.label)
        withdrawn = ("" if line.withdrawn_after_round is None
                     else f' <span class="withdrawn">withdrew after R{line.withdrawn_after_round}</span>')
        lines.append(f'\n    <tr id="no{r.number}"><td class="stick place">{r.number}</td>\n      <td class="stick name">'
                     f'<a href="{player_url}{line.player_id}/" title="{label}">{label}</a>{withdrawn}</td>\n      '
                     f'<td>{escape(line.place)}</td>{metric_cells(line, unapplied)}{round_cells(r)}</tr>\n  ')
    return mark_safe("".join(lines))
