"""`{% board_rows boards %}`, `{% seat_items seats %}`: a round's tables and its list by name, a row in one step.

A 500-player round has 250 tables and 500 names; written a template
variable at a time, with a `{% url %}` for each link, they were most of its
pairings page.  Every text is escaped; the markup is the page's own.  The texts are plain strings (names,
VP, results), so `html.escape` writes them as Django's `escape` would, without its checks for lazy and safe
strings: 2,700 calls a page.
"""

from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import mark_safe

from ..domain.names import name_key

register = template.Library()

_VP = ' <span class="vp" title="VP before this round">{}</span>'
_LIVE = ('\n          <span class="live-line"><span class="clock" data-field="clock{0}" title="time left">–:––</span> '
         '<span class="lowest" title="lowest score">low <span data-field="lowest{0}">–</span></span></span>')


def _address_before_number(name: str, *args) -> str:
    """A page's address with its last number left off, reversed once for all the rows."""
    return reverse(name, args=[*args, 1]).removesuffix("1/")


@register.simple_tag(takes_context=True)
def board_rows(context, boards) -> str:
    """The pairings table's rows: table, first, second (VP before the round beside each), result or game room."""
    slug, number = context["tournament"].slug, context["round"].number
    player_url = _address_before_number("tournament:player", slug)
    game_url = _address_before_number("tournament:game", slug, number)
    rows = []
    for b in boards:
        room = b.room
        pending = b.status == "pending"
        attrs = f' data-table="{b.table}" data-status="{"to-come" if pending else "finished"}"' if room else ""
        table = f'<span class="muted">{escape(b.no_table)}</span>' if b.no_table else f"{b.table}"
        first = (f'<a href="{player_url}{b.first.id}/">{escape(b.first.label)}</a>' + _VP.format(escape(b.first_vp))
                 + (_LIVE.format(0) if room else ""))
        if b.second:
            second = (f'<a href="{player_url}{b.second.id}/">{escape(b.second.label)}</a>'
                      + _VP.format(escape(b.second_vp)) + (_LIVE.format(1) if room else ""))
        else:
            second = "<em>(excused absence)</em>" if b.status == "excused" else "<em>(no opponent)</em>"
        game = f"{game_url}{b.table}/"
        if room:
            watch = reverse("tournament:room_spectate", args=[slug, number, b.table])
            result = (f'<span class="room-status" data-field="status_text">{"to come" if pending else "finished"}</span>'
                      f'\n          <strong data-field="result">{"" if pending else escape(b.result)}</strong>'
                      f'\n          <a data-link="watch" href="{watch}"{"" if pending else " hidden"}>Watch</a>'
                      f'\n          <a data-link="replay" href="{game if b.has_log else ""}"'
                      f'{"" if b.has_log else " hidden"}>Replay the game</a>\n        ')
        else:
            result = ('<span class="muted">to come</span>' if pending else escape(b.result)) + (
                f' · <a href="{game}">view game</a>' if b.has_log else "")
        rows.append(f"\n      <tr{attrs}>\n        <td>{table}</td>\n        <td>{first}</td>\n        <td>{second}</td>"
                    f"\n        <td>{result}</td>\n      </tr>\n    ")
    return mark_safe("".join(rows))


@register.simple_tag
def seat_items(seats) -> str:
    """The list by name: each player's table, side and opponent, or the bye, an absence, an idle round."""
    items = []
    for seat in seats:
        label = seat.player.label
        if seat.table:
            where = f"– table {seat.table}, plays {escape(seat.plays)} against {escape(seat.opponent.label)}\n      "
        elif seat.plays == "forfeit":
            absent = f"{escape(seat.absent)}: " if seat.absent else ""
            where = f"– {absent}{escape(seat.forfeit)} against {escape(seat.opponent.label)} (no game)\n      "
        elif seat.plays == "idle":
            where = "– idle this round (all-play-all, odd field)\n      "
        else:
            where = "– bye" if seat.plays == "bye" else "– excused absence"
        items.append(f'\n    <li data-name="{escape(name_key(label))}"><strong>{escape(label)}</strong>\n      {where}</li>\n    ')
    return mark_safe("".join(items))
