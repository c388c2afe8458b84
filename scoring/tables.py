"""django-tables2 tables of the public standings pages."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html


class StandingsTable(tables.Table):
    """One row per player, best first; each tie-break has its own column."""

    place = tables.Column(verbose_name="Place", orderable=False)
    name = tables.Column(verbose_name="Player")
    vp = tables.Column(verbose_name="VP")
    head_to_head = tables.Column(verbose_name="H2H", orderable=False, default="")
    prog_diff = tables.Column(verbose_name="Prog. diff")
    prog_level = tables.Column(verbose_name="Prog. level")
    games_played = tables.Column(verbose_name="Games")

    class Meta:
        attrs = {"class": "standings"}
        order_by = None  # the standings order is the spec's, not a column's

    def __init__(self, *args, slug: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.slug = slug

    def render_name(self, record, value):
        url = reverse("tournament:player", args=[self.slug, record.player_id])
        withdrawn = " (withdrawn)" if record.withdrawn_after_round is not None else ""
        return format_html('<a href="{}">{}</a>{}', url, value, withdrawn)

    def render_vp(self, value):
        return f"{value:g}"

    def render_head_to_head(self, value):
        return "" if value is None else f"{value:g}"

    def value_name(self, value):
        return value

    def value_vp(self, value):
        return value
