"""`{{ form|refused_log_board }}`: the faulty move of a result form's refused move log, for `games/_faulty_move.html`."""

from django import template

from games.faulty_move import faulty_move

register = template.Library()


@register.filter
def refused_log_board(form):
    """The board before the faulty event of the log the form was refused for; None when the log was not the fault."""
    if not getattr(form, "is_bound", False) or "log_text" not in form.errors:
        return None
    text = form.data.get("log_text") or ""
    return faulty_move(text) if text.strip() else None
