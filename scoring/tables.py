"""django-tables2 tables of the public standings pages."""

from html import escape

import django_tables2 as tables
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from .cells import standing_cells
from .metrics import DEFAULT_ORDER, Metric, metrics_in_order


class MetricColumn(tables.Column):
    """A metric's column: its value from the line's `metrics`, written as the metric writes it."""

    def __init__(self, metric: Metric):
        # Best first on the first click, as a reader of standings expects (the higher value is the better one
        # for every metric); a second click reverses.
        super().__init__(verbose_name=metric.abbr, accessor=f"metrics__{metric.key}", default="",
                         order_by=(f"-metrics__{metric.key}",), attrs={"th": {"title": metric.name}})
        self.metric = metric

    def render(self, value):
        return self.metric.text(value)

    def value(self, value):
        return value


# The `?sort=` values the standings page takes (a column, or a column with "-" for descending);
# any other value is dropped before the page is made (tournament/serving/cache.py).
SORTABLE_COLUMNS = ("name", *[metric.key for metric in metrics_in_order(DEFAULT_ORDER)], "games_played")
STANDINGS_SORTS = frozenset(prefix + column for column in SORTABLE_COLUMNS for prefix in ("", "-"))

# A cell a spreadsheet would read as a formula (OWASP, "CSV Injection"): text starting with these.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """Text that a spreadsheet would run as a formula (`=HYPERLINK(...)`), with a ' before it so it shows as text.

    Numbers are left alone: a negative progressive difference is a number, not a formula.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class StandingsTable(tables.Table):
    """One row per player, best first; a column per metric of the standings order, from the registry."""

    place = tables.Column(verbose_name="Place", orderable=False)
    # The name as shown (a same-named pair told apart); sorted as every list by name is, accents aside.
    name = tables.Column(verbose_name="Player", accessor="label", order_by=("name_order",))
    games_played = tables.Column(verbose_name="Games")

    class Meta:
        attrs = {"class": "standings"}
        order_by = None  # the standings order is the spec's, not a column's
        # Writes each line's cells from the line itself, in this table's column order: place, name, the
        # metrics' texts in the registry's order, games.
        template_name = "scoring/standings_table.html"

    def __init__(self, *args, slug: str, order=DEFAULT_ORDER, unapplied=frozenset(), **kwargs):
        metrics = [(metric.key, MetricColumn(metric)) for metric in metrics_in_order(order)]
        # Players whose H2H number was not applied to their VP group (scoring.ties): the template's metric_cells
        # strikes that cell through, as on the crosstable and the venue screen.
        self.unapplied = unapplied
        super().__init__(*args, extra_columns=metrics, sequence=("place", "name", *[k for k, _ in metrics], "games_played"),
                         **kwargs)
        self.slug = slug
        # Every player's page address but the number, reversed once rather than once a line.
        self.player_url = reverse("tournament:player", args=[slug, 1]).removesuffix("1/")

    def body_html(self) -> SafeString:
        """The rows of the page, best first or as sorted, each written in one step (every text escaped): a
        500-player page through the template's loop, a variable at a time, was a third of its rendering.  Place and
        name are plain strings: `html.escape` writes them as Django's `escape` does, without its checks."""
        rows = []
        for row in self.paginated_rows:
            line = row.record
            strike = ' class="h2h-unapplied"' if line.player_id in self.unapplied else ""
            withdrawn = " (withdrawn)" if line.withdrawn_after_round is not None else ""
            rows.append(f'\n    <tr{strike}><td>{escape(line.place)}</td><td><a href="{self.player_url}'
                        f'{line.player_id}/">{escape(line.label)}</a>{withdrawn}</td>'
                        f"{standing_cells(line, self.unapplied)}<td>{line.games_played}</td></tr>\n  ")
        if not rows:
            rows.append(f'\n    <tr><td colspan="{len(self.columns)}">No players yet.</td></tr>\n  ')
        return mark_safe("".join(rows))

    def as_values(self, exclude_columns=None):
        """The rows of the CSV download: the headers, then each line's values in the page's order, every text
        cell safe to open in a spreadsheet.  Read from the lines themselves: django-tables2's own way, cell by
        cell, was most of a big event's download."""
        columns = [column for column in self.columns if column.name not in (exclude_columns or ())]
        yield [spreadsheet_safe(str(column.header)) for column in columns]
        for row in self.rows:
            line = row.record
            values = {"place": line.place, "name": line.label, "games_played": line.games_played, **line.metrics}
            yield [spreadsheet_safe(values[column.name]) for column in columns]
