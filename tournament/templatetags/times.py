"""Times of day as the pages write them (`tournament.domain.times`, the one way): `{{ moment|time_of_day:tournament }}`
("14:30 GMT", in the tournament's zone, named: `tournament.zones`)."""

from __future__ import annotations

from django import template

from ..zones import time_in

register = template.Library()


@register.filter
def time_of_day(moment, tournament=None) -> str:
    return "" if moment is None else time_in(moment, tournament)
