"""A paired round's rows: the matches a pairing makes (the tables, the bye, forfeits, excused absences).

Apart from `rounds` so that the players' service, which pairs a draft again when a withdrawn player comes back
(`players.come_back`), builds them the same way without importing the rounds' service (which imports it).
"""

from __future__ import annotations

from ..models import Match, Round


def matches_of(round_: Round, pairing, players: dict) -> list[Match]:
    """The round's matches: the tables, then the bye, the all-play-all's forfeits, the excused absences."""
    matches = [Match(round=round_, first=players[t.first], second=players[t.second], reason=t.reason[:300])
               for t in pairing.tables]
    if pairing.bye is not None:
        matches.append(Match(round=round_, first=players[pairing.bye], status=Match.BYE,
                             reason=pairing.bye_reason[:300]))
    for forfeit in pairing.forfeits:
        matches.append(Match(round=round_, first=players[forfeit.first], second=players[forfeit.second],
                             status=Match.FORFEIT, forfeit_winner=players.get(forfeit.winner),
                             reason=forfeit.reason[:300]))
    # In an all-play-all an excused player's game is the forfeit above: no second match that round.
    in_forfeits = {number for forfeit in pairing.forfeits for number in (forfeit.first, forfeit.second)}
    for number in pairing.excused:
        if number not in in_forfeits:
            matches.append(Match(round=round_, first=players[number], status=Match.EXCUSED,
                                 reason="excused from this round (an excused absence)"))
    for table, match in enumerate(matches, start=1):
        match.table = table
    return matches
