"""`{{ submission|in_words }}`: a sent result in words ("Ben Baker wins, 5 v 4 in the lowest colour"), as the
domain writes it, for the pages where someone checks it before it counts."""

from django import template

from games.engine.clock import minutes

from ..domain.text import quoted, result_words

register = template.Library()


@register.filter
def in_words(submission) -> str:
    match = submission.match
    return result_words(match.first.name, match.second.name, submission.scores,
                        (submission.first_flagged, submission.second_flagged))


@register.filter
def time_left(submission, index: int) -> str:
    """A sent result's Time column for the player at `index` (0 first): "ran out", else the last clock reading of
    their placements in the log sent with it ("9:25 left"), else nothing."""
    if (submission.first_flagged, submission.second_flagged)[index]:
        return "ran out"
    events = (submission.log or {}).get("events") or []
    readings = [event["clock_s"] for event in events if isinstance(event, dict) and event.get("type") == "place"
                and event.get("player") == index and isinstance(event.get("clock_s"), int)]
    return f"{minutes(readings[-1])} left" if readings else ""


@register.filter
def quoted_stop(note) -> str:
    """`domain.text.quoted`: a note quoted at a sentence's end with one stop (': “It was 9 v 7.”'), or '.'."""
    return quoted(note or "")
