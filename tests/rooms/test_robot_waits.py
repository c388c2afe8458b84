"""`play_random --every-game` for a player with no game yet (before round 1, or with a bye) waits for it, plays
it, and stops when the tournament is finished; without `--every-game` a link with no game is refused at once.
The site is faked at its two doors: the room's JSON and the room's socket."""

import io
import json
import urllib.error
from types import SimpleNamespace

import pytest
import websockets.sync.client
from django.core.management import CommandError, call_command
from websockets.exceptions import InvalidStatus

from rooms.management.commands import play_random

LINK = "http://127.0.0.1:8000/p/" + "t" * 43 + "/"
PLAYERS = ["Ann Able", "Ben Baker"]


def room(status: str, **extra) -> dict:
    return {"status": status, "seat": 0, "seq": 30, "players": PLAYERS, "starts_at_ms": 1_000, "flagged": [False, False],
            "scores": [[3, 4, 5, 6, 7, 8], [2, 2, 2, 2, 2, 9]],
            "outcome": {"forfeit": False, "decided": False, "winner": 0, "ended_by": "all-flagged"}, **extra}


class Site:
    """No game room for the link for `waits` reads of its room, then a game, which the socket shows over; after
    it, the finished room says the tournament is finished."""

    def __init__(self, waits: int, sockets_refused: bool = False):
        self.waits, self.reads, self.handshakes, self.refused = waits, 0, 0, 0
        self.played, self.sockets_refused = False, sockets_refused

    def urlopen(self, url, timeout=None):
        if url.endswith("/next.json"):
            return io.BytesIO(b"{}")
        self.reads += 1
        if not self.has_room():
            raise urllib.error.HTTPError(url, 404, "Not Found", {}, None)
        message = room("finished", next={"state": "finished"}) if self.played else room("playing")
        return io.BytesIO(json.dumps(message).encode())

    def has_room(self) -> bool:
        return self.reads > self.waits

    def connect(self, url, **options):
        self.handshakes += 1
        if not self.has_room() or self.sockets_refused:
            self.refused += 1
            raise InvalidStatus(SimpleNamespace(status_code=403))  # the socket refuses a link with no room
        self.played = True
        return Socket()


class Socket:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def send(self, text):
        pass

    def recv(self, timeout=None):
        return json.dumps(room("finished"))


@pytest.fixture
def site(monkeypatch):
    site = Site(waits=3)
    monkeypatch.setattr("urllib.request.urlopen", site.urlopen)
    monkeypatch.setattr(websockets.sync.client, "connect", site.connect)
    monkeypatch.setattr(play_random.time, "sleep", lambda seconds: None)
    return site


def robot(*options) -> tuple[list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("play_random", LINK, "--timeout", "60", *options, stdout=out, stderr=err)
    return out.getvalue().splitlines(), err.getvalue().strip()


def test_every_game_waits_for_a_first_game_plays_it_and_stops_when_the_tournament_is_finished(site):
    lines, said = robot("--every-game")
    assert lines == ["finished (all-flagged): Ann Able wins; lowest colours 3 v 2"]
    assert said == play_random.WAITED[play_random.FINISHED]
    assert site.reads >= 4 and site.handshakes == 1  # three reads found no room; joined once there was one


def test_without_every_game_a_link_with_no_game_is_refused_at_once(site):
    with pytest.raises(CommandError) as refused:
        robot()
    assert "403" in str(refused.value) and site.handshakes == 1


def test_a_socket_refused_while_the_room_shows_a_game_is_given_up_after_a_few_tries(site):
    site.sockets_refused = True  # another site's origin, say: the room's JSON answers, its socket never does
    with pytest.raises(CommandError):
        robot("--every-game")
    assert site.handshakes == play_random.HANDSHAKES_REFUSED
