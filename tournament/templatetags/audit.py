"""Template help for the audit page: what kind of snapshot a value is."""

from django import template

register = template.Library()


@register.filter
def kind(value) -> str:
    if isinstance(value, dict):
        return "dict"
    if isinstance(value, list):
        return "list"
    return "plain"
