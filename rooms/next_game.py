"""What a player's finished room shows of their next game (docs/online-event.md, The timetable: "their private page
and finished room show the next game with a countdown").

Read from the database on each ask (the database is the authority; the bell of `bell.ring_rounds` only says
"look"), for the seat of a finished room, as one `messages.NEXT_GAME` message whose `state` is one of:

- `paired`: a later round is published and the player has a game in it: its round, table, opponent (named as the
  private page names them: `records.player_labels`), whether they play first, its start, and the address of the
  game;
- `none`: a later round is published without a game for them: why, in the private page's words
  (`services.no_game_reason`: a bye, excused, withdrawn...), and whether "I'm back" may still bring them back;
- `withdrawn`: no later round yet, and they are withdrawn (`words`: "withdrawn after missing round 2" when they
  lost it by absence): whether "I'm back" may still bring them back;
- `waiting`: the timetable runs: the next round starts `break_s` after the last game of this one ends, and once
  that game has ended, at `starts_at_ms` (it is paired `round_lead_s` before);
- `organiser`: the timetable is off or stopped, or a round is being paired by hand: the organiser publishes it;
- `last`: this was the last round, some game of it still going on; `finished`: the tournament is finished.
"""

from __future__ import annotations

from django.urls import reverse

from tournament import services as event
from tournament.models import Player, Round
from tournament.pages.following import game_now
from tournament.records import player_labels
from tournament.services import timetable

from .game.messages import NEXT_GAME
from .models import Room

# The states in which nothing more is to come for this room but a correction (a round taken back or moved): the
# browser's next game is known.
KNOWN = ("paired", "none", "finished")


def next_game(room_id: int, seat: int, now_ms: int) -> dict:
    """The next game of the player in `seat` of the finished room `room_id`, as the `next` message tells it."""
    room = Room.objects.select_related("match__round__tournament").get(pk=room_id)
    round_ = room.match.round
    tournament = round_.tournament
    player = Player.objects.select_related("tournament").get(
        pk=room.match.first_id if seat == 0 else room.match.second_id)
    latest = tournament.rounds.exclude(status=Round.DRAFT).order_by("-number").first()
    facts = {"type": "next", "now_ms": now_ms, "round": round_.number + 1,
             "private_url": reverse("player_link", args=[player.link_token]),
             "standings_url": reverse("tournament:standings", args=[tournament.slug])}
    if latest is not None and latest.number > round_.number and not _finished(tournament, latest):
        facts.update(_published(player, latest))
    elif latest is not None and latest.number > round_.number:
        # Finished, whatever this player had in the last round (a bye too): the room says so and links the standings.
        facts.update(state="finished", round=latest.number)
    elif round_.number >= tournament.rounds_announced:
        # The announced number is the last round's (an all-play-all's table fixes it at round 1): no round follows.
        open_rounds = tournament.rounds.exclude(status=Round.COMPLETE).exists()
        facts.update(state="last" if open_rounds else "finished", round=round_.number)
    elif player.withdrawn_after_round is not None:
        facts.update(state="withdrawn", may_come_back=event.may_come_back(player),
                     words=f"{event.withdrawn_words(player)}: you are not paired in the rounds to come.")
    elif tournament.auto and not tournament.timetable_stopped and not tournament.rounds.filter(
            status=Round.DRAFT).exists():
        facts.update(state="waiting", break_s=tournament.round_break_s)
        step = timetable.plan(tournament)
        if step.step == "pair" and step.number == round_.number + 1:  # the break: the next round's start is known
            facts["starts_at_ms"] = int(step.starts_at.timestamp() * 1000)
    else:
        facts.update(state="organiser")
    return {field: facts[field] for field in NEXT_GAME if field in facts}


def _finished(tournament, latest: Round) -> bool:
    """The last announced round is the latest and every round is closed: no game is to come for anyone."""
    return latest.number >= tournament.rounds_announced and not tournament.rounds.exclude(
        status=Round.COMPLETE).exists()


def _published(player: Player, latest: Round) -> dict:
    """The player's game in the latest published round, as their private page reads it (`following.game_now`),
    or why they have none."""
    shown = game_now(player)
    match = shown.match
    if match is None:
        return {"state": "none", "round": latest.number, "words": event.no_game_reason(player),
                "may_come_back": event.may_come_back(player)}
    opponent = match.second if match.first_id == player.pk else match.first
    facts = {"state": "paired", "round": latest.number, "table": match.table,
             "opponent": player_labels(player.tournament).get(opponent.pk, opponent.name),
             "plays_first": match.first_id == player.pk, "online": latest.play == "online"}
    if shown.starts_at is not None:
        facts["starts_at_ms"] = shown.ms(shown.starts_at)
    if facts["online"]:
        facts["play_url"] = reverse("room_play", args=[player.link_token])
    return facts
