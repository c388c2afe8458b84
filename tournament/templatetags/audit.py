"""Template help for the audit page: what kind of snapshot a value is, and each value written for people.

The entries keep what the services wrote (a setting's field name, VP in halves, a list of tables); the page
says it as the organiser's pages do: "bye 1 VP", "tables 1: Carol Chen – Alice Archer; 2: ...", "yes".
"""

from django import template

from tournament.domain.text import format_vp

register = template.Library()

# The settings as the settings page names them; those counted in half points are written as VP.
KEYS = {"rounds_announced": "rounds announced", "bye_half_points": "bye", "late_entry_half_points": "late entry",
        "excused_half_points": "excused absence", "clock_s": "clock", "listed": "public list"}
HALF_POINTS = {"bye_half_points", "late_entry_half_points", "excused_half_points"}


@register.filter
def kind(value) -> str:
    if isinstance(value, dict):
        return "dict"
    if isinstance(value, list):
        return "list"
    return "plain"


@register.filter
def audit_key(key) -> str:
    return KEYS.get(key, str(key).replace("_", " "))


@register.filter
def audit_text(value, key="") -> str:
    """One value of an entry, as words: none "–", yes/no, a list on one line, VP for half points, seconds."""
    if value is None or value == "" or value == []:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in HALF_POINTS and isinstance(value, int):
        return f"{format_vp(value)} VP"
    if key == "clock_s" and isinstance(value, int):
        return f"{value} s per player"
    if isinstance(value, list):  # round numbers "2, 3"; tables and other phrases "1: Ann – Ben; 2: Cy – Di"
        numbers = all(isinstance(item, int) and not isinstance(item, bool) for item in value)
        return (", " if numbers else "; ").join(audit_text(item) for item in value)
    return str(value)
