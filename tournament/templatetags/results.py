"""`{{ submission|in_words }}`: a sent result in words ("Ben Baker wins, 5 v 4 in the lowest colour"), as the
domain writes it, for the pages where someone checks it before it counts."""

from django import template

from ..domain.text import result_words

register = template.Library()


@register.filter
def in_words(submission) -> str:
    match = submission.match
    return result_words(match.first.name, match.second.name, submission.scores,
                        (submission.first_flagged, submission.second_flagged))
