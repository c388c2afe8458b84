"""Tournaments, their settings and their players: entries, late entries, reinstating, closing the entries."""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import Max

from .. import audit
from ..cache import bump
from ..models import Player, Round, Tournament
from ..records import import_record, unique_slug
from .players import check_new_name
from .refused import Refused


@transaction.atomic
def create_tournament(name: str, user=None, **settings) -> Tournament:
    tournament = Tournament.objects.create(name=name.strip(), slug=unique_slug(name), **settings)
    if user is not None and user.is_authenticated:
        tournament.organisers.add(user)
    audit.record(tournament, user, "tournament created", tournament.name, after=audit.settings_of(tournament))
    return tournament


@transaction.atomic
def import_tournament(record, user=None, slug: str | None = None) -> Tournament:
    """A tournament from its file, with the importing user as its organiser; all or nothing."""
    tournament = import_record(record, slug)
    if user is not None and user.is_authenticated:
        tournament.organisers.add(user)
    audit.record(tournament, user, "tournament imported", tournament.name,
                 after={**audit.settings_of(tournament), "players": tournament.players.count(),
                        "rounds": tournament.rounds.count()})
    return tournament


@transaction.atomic
def update_settings(tournament: Tournament, user=None, **settings) -> Tournament:
    """Change a tournament's name or settings; the system is fixed once round 1 exists."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = audit.settings_of(tournament)
    if "name" in settings:
        settings["name"] = (settings["name"] or "").strip()
        if not settings["name"]:
            raise Refused("A tournament needs a name.", "name")
    if entries_closed(tournament) and settings.get("system", tournament.system) != tournament.system:
        raise Refused("The pairing system is fixed once round 1 has been paired.", "system")
    for field, value in settings.items():
        if field not in audit.SETTINGS:
            raise Refused(f"{field} is not a setting.")
        setattr(tournament, field, value)
    old, new = audit.changed(before, audit.settings_of(tournament))
    if new:
        tournament.save()
        audit.record(tournament, user, "settings changed", tournament.name, before=old, after=new)
    return tournament


def entries_closed(tournament: Tournament) -> bool:
    return tournament.rounds.exists()


@transaction.atomic
def add_player(tournament: Tournament, name: str, rating: int | None = None, club: str = "", user=None,
               duplicate_ok: bool = False) -> Player:
    """An entry; after round 1 has been generated, a late entry joining at the next round.

    A name already entered (case-folded) is refused unless `duplicate_ok`: the same person entered twice
    (once from a file, once by hand) is the usual mistake.
    """
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    name = check_new_name(tournament, name, None, duplicate_ok)
    highest = tournament.players.aggregate(number=Max("number"), seed=Max("seed"))
    joined = 1
    if entries_closed(tournament):
        joined = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        if tournament.rounds.filter(status=Round.DRAFT).exists():
            joined -= 1  # the draft round can still take the newcomer once regenerated
    if joined > 1 and Tournament.objects.filter(pk=tournament.pk, system=Tournament.ALL_PLAY_ALL).exists():
        raise Refused("An all-play-all's field is closed at round 1 (tournament.md, All-play-all): a late entry "
                      "would need a new table, in which some pairs meet twice and others never.", "name")
    player = Player.objects.create(
        tournament=tournament,
        number=(highest["number"] or 0) + 1,
        seed=(highest["seed"] or 0) + 1,
        name=name,
        rating=rating,
        club=(club or "").strip(),
        joined_round=max(1, joined),
    )
    audit.record(tournament, user, "late entry" if joined > 1 else "player added", player.name,
                 after=audit.player_of(player))
    return player


@transaction.atomic
def import_players(tournament: Tournament, rows, user=None) -> list[Player]:
    """Each (name, rating, club) row an entry, as `add_player` makes it: all rows or none.

    The rows come parsed and checked: the players-file form reads the CSV (`forms.PlayersCsvForm`).
    """
    return [add_player(tournament, name, rating, club, user=user, duplicate_ok=True) for name, rating, club in rows]


@transaction.atomic
def reinstate(player: Player, user=None) -> None:
    """Undo a withdrawal: the player is paired again from the next round generated."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.withdrawn_after_round is None:
        raise Refused(f"{player.name} is not withdrawn.")
    before = player.withdrawn_after_round
    player.withdrawn_after_round = None
    player.save(update_fields=["withdrawn_after_round"])
    audit.record(player.tournament, user, "player reinstated", player.name,
                 before={"withdrawn after round": before}, after={"withdrawn after round": None})


def close_entries(tournament: Tournament) -> list[str]:
    """Fix the seed order once: rating, highest first; the rest by a random draw, shown to all.

    Called by `rounds.generate_round` for round 1, inside its transaction and its lock on the tournament.
    """
    players = list(tournament.players.all())
    rng = random.SystemRandom()
    draw = {p.pk: rng.random() for p in players}
    ordered = sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0), draw[p.pk]))
    for offset, player in enumerate(ordered):  # two passes keep the unique constraint happy
        player.seed = 100000 + offset
    Player.objects.bulk_update(ordered, ["seed"])
    for seed, player in enumerate(ordered, start=1):
        player.seed = seed
    Player.objects.bulk_update(ordered, ["seed"])
    tournament.system = tournament.resolved_system(len(players))
    tournament.save(update_fields=["system"])
    bump(tournament.pk)  # bulk_update sends no signals
    return [p.name for p in ordered]
