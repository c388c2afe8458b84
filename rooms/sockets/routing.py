"""The game room's WebSocket addresses, beside the pages' (`tournament/urls.py`): a seat by its private link, a
spectator by the round and table."""

from channels.generic.websocket import WebsocketConsumer
from django.urls import path, re_path

from tournament.serving import converters  # noqa: F401 - registers <token:> and <number:>, as for the pages

from .consumers import RoomConsumer


class NoSuchRoom(WebsocketConsumer):
    """Any other address (a token or number of junk: a NUL would reach PostgreSQL as an error): refused at the
    handshake, before any query, instead of the router's "No route found" error."""

    def connect(self):
        self.close(code=4404)


websocket_urlpatterns = [
    path("ws/p/<token:token>/room/", RoomConsumer.as_asgi()),
    path("ws/t/<slug:slug>/round/<number:number>/table/<number:table>/room/", RoomConsumer.as_asgi()),
    re_path(r"", NoSuchRoom.as_asgi()),
]
