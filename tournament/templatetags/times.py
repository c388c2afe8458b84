"""Times of day as the pages write them (`tournament.domain.times`, the one way): `{{ moment|time_of_day }}` ("14:30
GMT", in the site's zone, named)."""

from __future__ import annotations

from django import template
from django.utils import timezone

from ..domain.times import time_of_day as written_time_of_day

register = template.Library()


@register.filter
def time_of_day(moment) -> str:
    return "" if moment is None else written_time_of_day(moment, timezone.get_current_timezone())
