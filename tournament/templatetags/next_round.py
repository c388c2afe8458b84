"""The next round's start on the public round and standings pages during a break (docs/online-event.md, The
timetable): `{% next_round tournament %}` says when it starts, to the second in the tournament's zone, with a
countdown (`countdown.js`).

The pages are cached whole (`serving.cache`), so the element carries the start only, never the server's "now": the
countdown reads the visitor's own clock.  A cached page stays right, because the start changes only with the rows
that move the page's versions (a round closed, published, the settings).
"""

from django import template

from ..services import timetable
from ..zones import time_in

register = template.Library()


@register.inclusion_tag("tournament/_next_round.html")
def next_round(tournament) -> dict:
    if not tournament.auto or tournament.timetable_stopped:
        return {}
    step = timetable.plan(tournament)
    if step.step != "pair":
        return {}
    return {"number": step.number, "time": time_in(step.starts_at, tournament),
            "starts_ms": int(step.starts_at.timestamp() * 1000)}
