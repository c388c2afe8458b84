"""The arbiter's online day on two `make serve` instances (docs/online-event.md): the start of a round moved on one
instance reaches a player watching the room on the other, through the room's bell; the round taken back and published
again on the first gives the player, on the second, a new room with full clocks from the new start."""

import json
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from websockets.sync.client import connect

from tests.factories import make_event, matches, typable, typed
from tournament import services as tournament_services

from .servers import _FormReader

pytestmark = [pytest.mark.two_instances, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def post_form(visitor, page_path: str, action: str, must_have: str, **changes):
    """Send the form of `page_path` that has the field `must_have` to `action` (with its CSRF token)."""
    reader = _FormReader()
    reader.feed(visitor.get(page_path).text)
    form = next(form for form in reader.forms if must_have in form)
    return visitor.post(action, {**form, **changes})


def room_messages(socket, until, timeout: float = 10.0) -> dict:
    """The first room message from the socket for which `until(message)` holds."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") in ("room", "refused") and until(message):
            return message


def test_the_start_moved_on_one_instance_reaches_the_player_watching_on_the_other(serve, django_user_model):
    django_user_model.objects.create_user("org", password="org-pass", is_staff=True)
    event = make_event("Two Instance Start", ["Ann Able", "Ben Baker", "Cleo Cole", "Dev Dane"], play="online",
                       system="swiss", rounds_announced=3, clock_s=600)
    event.organisers.add(django_user_model.objects.get(username="org"))
    round_ = tournament_services.generate_round(event)
    start = (timezone.now() + timedelta(minutes=30)).replace(second=0, microsecond=0)
    tournament_services.publish_round(round_, starts_at=start)
    first, second = serve(2)
    token = matches(event)[0].first.link_token
    organiser = first.visitor()
    organiser.log_in("org", "org-pass")
    round_page = f"/manage/{event.slug}/round/1/"
    with connect(f"ws://127.0.0.1:{second.port}/ws/p/{token}/room/",
                 origin=f"http://127.0.0.1:{second.port}") as socket:
        seen = room_messages(socket, lambda m: True)
        assert seen["status"] == "waiting" and seen["starts_at_ms"] == int(start.timestamp() * 1000)
        later = typable(start + timedelta(minutes=15))
        answer = post_form(organiser, round_page, f"/manage/{event.slug}/round/1/start/", "starts_at",
                           starts_at=typed(later, seconds=False))
        assert answer.status == 302
        moved = room_messages(socket, lambda m: m["starts_at_ms"] != seen["starts_at_ms"])
        assert moved["starts_at_ms"] == int(later.timestamp() * 1000) and moved["status"] == "waiting"

    # Taken back (confirmed) and published again now, on the first instance: the second serves the new room.
    answer = post_form(organiser, round_page, f"/manage/{event.slug}/round/1/take-back/", "confirm",
                       confirm="on", back="round")
    assert answer.status == 302
    answer = post_form(organiser, round_page, f"/manage/{event.slug}/round/1/publish/", "starts_at", starts_at="")
    assert answer.status == 302
    state = second.get(f"/p/{token}/room/").json()
    assert state["status"] == "playing" and state["clocks_ms"][1] == 600_000
    assert abs(state["starts_at_ms"] - time.time() * 1000) < 30_000
    assert "Traceback" not in first.output() + second.output()
