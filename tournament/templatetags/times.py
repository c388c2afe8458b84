"""Times as the pages write them (`tournament.domain.times`, the one way): `{{ moment|time_of_day }}` ("14:30
GMT", in the site's zone, named), `{{ ms|clock }}` ("9:05", "1:02:05")."""

from __future__ import annotations

from django import template
from django.utils import timezone

from ..domain.times import clock_text, time_of_day as written_time_of_day

register = template.Library()


@register.filter
def time_of_day(moment) -> str:
    return "" if moment is None else written_time_of_day(moment, timezone.get_current_timezone())


@register.filter
def clock(ms) -> str:
    return "" if ms is None else clock_text(int(ms))
