"""django-tables2 tables of the public standings pages."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from .metrics import DEFAULT_ORDER, Metric, metrics_in_order


class MetricColumn(tables.Column):
    """A metric's column: its value from the line's `metrics`, written as the metric writes it."""

    def __init__(self, metric: Metric):
        super().__init__(verbose_name=metric.abbr, accessor=f"metrics__{metric.key}", default="",
                         attrs={"th": {"title": metric.name}})
        self.metric = metric

    def render(self, value):
        return self.metric.text(value)

    def value(self, value):
        return value


class StandingsTable(tables.Table):
    """One row per player, best first; a column per metric of the standings order, from the registry."""

    place = tables.Column(verbose_name="Place", orderable=False)
    name = tables.Column(verbose_name="Player")
    games_played = tables.Column(verbose_name="Games")

    class Meta:
        attrs = {"class": "standings"}
        order_by = None  # the standings order is the spec's, not a column's

    def __init__(self, *args, slug: str, order=DEFAULT_ORDER, **kwargs):
        metrics = [(metric.key, MetricColumn(metric)) for metric in metrics_in_order(order)]
        super().__init__(*args, extra_columns=metrics, sequence=("place", "name", *[k for k, _ in metrics], "games_played"),
                         **kwargs)
        self.slug = slug

    def render_name(self, record, value):
        url = reverse("tournament:player", args=[self.slug, record.player_id])
        withdrawn = " (withdrawn)" if record.withdrawn_after_round is not None else ""
        return format_html('<a href="{}">{}</a>{}', url, value, withdrawn)

    def value_name(self, value):
        return value
