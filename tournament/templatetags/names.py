"""Players' names in templates, by the one rule of `domain.names`.

`{{ player|shown:labels }}`: a player (a row of the database) as the organiser's pages show it, with what tells
them apart from a same-named entrant (`records.player_labels`, by pk); the public pages read the record's
`player.label` instead.  `{{ name|name_key }}`: what "Find your name" compares a typed name with.
"""

from django import template
from django.utils.html import format_html

from ..domain import names

register = template.Library()


@register.filter
def shown(player, labels) -> str:
    if player is None:
        return ""
    return labels.get(player.pk, player.name) if labels else player.name


@register.filter
def told_apart(player) -> str:
    """A record's player (`label`, `name`) for a place that cuts long names (the venue screen): the name may be
    cut, what tells a same-named player apart ("(York)") never is."""
    label, name = getattr(player, "label", "") or "", getattr(player, "name", "") or ""
    if not label.startswith(name) or label == name:
        return label
    return format_html('<span class="told"><span class="cut">{}</span><span class="tell">\u00a0{}</span></span>',
                       name, label[len(name):].strip())


@register.filter
def name_key(name: str) -> str:
    return names.name_key(name)
