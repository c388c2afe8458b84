"""Players' names in templates, by the one rule of `domain.names`.

`{{ player|shown:labels }}`: a player (a row of the database) as the organiser's pages show it, with what tells
them apart from a same-named entrant (`records.player_labels`, by pk); the public pages read the record's
`player.label` instead.  `{{ name|name_key }}`: what "Find your name" compares a typed name with.
"""

from django import template

from ..domain import names

register = template.Library()


@register.filter
def shown(player, labels) -> str:
    if player is None:
        return ""
    return labels.get(player.pk, player.name) if labels else player.name


@register.filter
def name_key(name: str) -> str:
    return names.name_key(name)
