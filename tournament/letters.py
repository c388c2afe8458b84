"""What the site's mails say (docs/online-event.md, Messages), each queued in the outbox inside the caller's transaction.

Plain text, written for the player or organiser who reads it: who, what, when (in the tournament's time zone,
named), and the address to open.  A working link (a confirmation, a private page, a game room) goes in as an
`outbox.services.Link`: stored sealed, shown masked on the messages page, readable only in the mail itself.
Nothing here sends: `outbox` delivers later.  A player without an address gets no mail.
"""

from __future__ import annotations


from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from outbox.models import Mail
from outbox.services import Link, queue, queue_many, unsaved

from .domain.enums import Play
from .domain.text import format_vp
from .models import Match, Player, Round, Tournament
from .serving.site_url import absolute
from .zones import date_time_in


def when(moment, tournament: Tournament | None = None) -> str:
    """"Saturday 5 December 2026, 14:00 GMT": a start time as a player reads it, in the tournament's zone, named
    (`tournament.zones`); to the second when it is not on the minute (a timetable's round starts at the break's
    end).  A mail is read later, so it carries the year."""
    return date_time_in(moment, tournament, year=True)


def event_start(tournament: Tournament):
    """When the event starts: the tournament's own start where it is set, else round 1's start once an online
    round 1 is published; None when neither is known yet."""
    own = getattr(tournament, "starts_at", None)
    if own is not None:
        return own
    if tournament.play != Play.ONLINE:
        return None
    first = tournament.rounds.filter(number=1).exclude(status=Round.DRAFT).values_list("starts_at", flat=True)
    return next(iter(first), None)


def link_of(player: Player) -> Link:
    """The player's private page: a working link, masked but in their own mail."""
    return Link(f"private link of {player.name}", absolute(reverse("player_link", args=[player.link_token])))


def confirmation(entry, token: str) -> Mail:
    """The link that confirms an entry: valid 48 hours, usable once."""
    tournament = entry.tournament
    address = absolute(reverse("tournament:confirm_entry", args=[tournament.slug, token]))
    text = (f"Hello {entry.name},\n\nSomeone (we hope you) asked to enter {tournament.name} with this address.\n"
            "To confirm the entry, open this link within 48 hours:\n\n",
            Link(f"confirmation link of {entry.name}", address),
            "\n\nIf it was not you, do nothing: nobody is entered without this link.\n")
    return queue(entry.email, f"Confirm your entry: {tournament.name}", text, kind=Mail.Kind.CONFIRMATION,
                 tournament=tournament)


def private_link(player: Player) -> Mail:
    """The player's private link, once entered (and again when they enter a second time), with when the event
    starts while that is still to come."""
    tournament = player.tournament
    joins = f" You play from round {player.joined_round}." if player.joined_round > 1 else ""
    start = event_start(tournament)
    starts = f"\nThe event starts {when(start, tournament)}.\n" if start and start > timezone.now() else ""
    text = (f"Hello {player.name},\n\nYou are entered in {tournament.name}.{joins}\n{starts}"
            "Your private link (keep it to yourself: it is your key to your games, results and absences):\n\n",
            link_of(player), "\n")
    return queue(player.email, f"Your link for {tournament.name}", text, kind=Mail.Kind.LINK,
                 tournament=tournament, player=player)


def entry_waiting(entry) -> Mail:
    """To the address: confirmed, and waiting for the organiser's acceptance (the link follows once accepted)."""
    tournament = entry.tournament
    body = (f"Hello {entry.name},\n\nYour entry in {tournament.name} is confirmed and waits for the organiser's "
            "acceptance. Your private link follows by mail once you are accepted.\n")
    return queue(entry.email, f"Your entry waits for acceptance: {tournament.name}", body,
                 kind=Mail.Kind.CONFIRMATION, tournament=tournament)


def round_games(round_: Round) -> int:
    """Each player of a published online round with an address is sent their game (opponent, table, start time,
    link) or their bye or excused absence; how many mails were queued."""
    if round_.play != Play.ONLINE:
        return 0
    tournament = round_.tournament
    matches = list(round_.matches.select_related("first", "second").order_by("table"))
    if not matches:
        return 0
    # Each address by its token put into one address reversed once: 500 `reverse` calls were half a second.
    sample = matches[0].first.link_token
    addresses = {name: absolute(reverse(name, args=[sample])).replace(sample, "{}") for name in ("room_play",
                                                                                                 "player_link")}
    starts = when(round_.starts_at, tournament) if round_.starts_at else ""
    mails = []
    for match in matches:
        for player in (match.first, match.second):
            if player is not None and player.email:
                mails.append(unsaved(player.email, _game_subject(round_, match),
                                     _game_text(round_, match, player, starts, addresses), kind=Mail.Kind.GAME,
                                     tournament=tournament, player=player))
    queue_many(mails)
    return len(mails)


def _game_subject(round_: Round, match: Match) -> str:
    """"your game", or what the player has instead: a bye or an excused absence is not a game."""
    what = {Match.BYE: "your bye", Match.EXCUSED: "excused"}.get(match.status, "your game")
    return f"{round_.tournament.name}, round {round_.number}: {what}"


def _game_text(round_: Round, match: Match, player: Player, starts: str, addresses: dict) -> tuple:
    tournament = round_.tournament
    head = f"Hello {player.name},\n\n{tournament.name}, round {round_.number}"
    if match.status == Match.BYE:
        return (f"{head}: you have a bye ({format_vp(tournament.bye_half_points)} VP). No game to play.\n",)
    if match.status == Match.EXCUSED:
        return (f"{head}: you are excused from this round, as asked.\n",)
    opponent = match.second if match.first_id == player.pk else match.first
    side = "first" if match.first_id == player.pk else "second"
    return (f"{head}: you play {opponent.name} at table {match.table}, moving {side}.\n"
            f"The clocks start {starts}.\n\nYour game room:\n\n",
            Link(f"game room link of {player.name}", addresses["room_play"].format(player.link_token)),
            "\n\nYour private page (results, absences): ",
            Link(f"private link of {player.name}", addresses["player_link"].format(player.link_token)), "\n")


def withdrawn_as_absent(player: Player, round_number: int) -> Mail | None:
    """To a player withdrawn by the timetable after losing a game by absence: how to come back."""
    if not player.email:
        return None
    tournament = player.tournament
    text = (f"Hello {player.name},\n\nYou lost your game of round {round_number} of {tournament.name} by absence "
            "(no tile placed before your time ran out), so you will be withdrawn from the rounds to come when "
            "this round closes.\n"
            "If you can play again, press \"I'm back\" on your private page before the next round is paired: "
            "you are paired in it.\n\n", link_of(player), "\n")
    return queue(player.email, f"{tournament.name}: withdrawn after missing round {round_number}", text,
                 kind=Mail.Kind.NOTICE, tournament=tournament, player=player)


def round_corrected(round_: Round, what: str) -> int:
    """A correction to every player with an address in the round: `what` says what changed ("Round 3 was taken
    back: new pairings follow", "Round 3 now starts ..."); how many mails were queued."""
    tournament = round_.tournament
    players = Player.objects.filter(Q(matches_first__round=round_) | Q(matches_second__round=round_)).exclude(
        email="").distinct()
    mails = [unsaved(p.email, f"{tournament.name}, round {round_.number}: a correction",
                     (f"Hello {p.name},\n\n{what}\n\nYour private page: ", link_of(p), "\n"),
                     kind=Mail.Kind.CORRECTION, tournament=tournament, player=p) for p in players]
    queue_many(mails)
    return len(mails)


def start_moved(round_: Round) -> int:
    """The round's new start time, to each of its players with an address."""
    starts = when(round_.starts_at, round_.tournament)
    return round_corrected(round_, f"Round {round_.number} now starts {starts}. Your game and your opponent are "
                                   "as before.")


def on_round_published(sender=None, *, round, **kwargs) -> None:
    """`tournament.signals.round_published`'s receiver: each player's game mailed."""
    round_games(round)


def on_start_moved(sender=None, *, round, **kwargs) -> None:
    """`tournament.signals.round_start_moved`'s receiver: each player mailed the new time."""
    start_moved(round)


def from_the_arbiter(tournament: Tournament, subject: str, text: str, round_number: int | None = None) -> int:
    """The arbiter's own message, to every player with an address, or to those of one round; how many mails."""
    players = tournament.players.exclude(email="")
    if round_number is not None:
        players = players.filter(Q(matches_first__round__tournament=tournament, matches_first__round__number=round_number)
                                 | Q(matches_second__round__tournament=tournament,
                                     matches_second__round__number=round_number)).distinct()
    mails = [unsaved(p.email, f"{tournament.name}: {subject}", text, kind=Mail.Kind.ARBITER, tournament=tournament,
                     player=p) for p in players]
    queue_many(mails)
    return len(mails)


def to_organisers(tournament: Tournament, subject: str, text: str) -> int:
    """A notice to each organiser with an address (the timetable stopped, and why), with the link to the
    tournament's dashboard where they act on it (it asks them to log in: nothing secret)."""
    addresses = sorted({address for address in tournament.organisers.values_list("email", flat=True) if address})
    dashboard = absolute(reverse("manage:dashboard", args=[tournament.slug]))
    body = f"{text.rstrip()}\n\nThe tournament's dashboard: {dashboard}\n"
    mails = [unsaved(address, f"{tournament.name}: {subject}", body, kind=Mail.Kind.ORGANISER, tournament=tournament)
             for address in addresses]
    queue_many(mails)
    return len(mails)
