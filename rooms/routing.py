"""The game room's WebSocket addresses, beside the pages' (`tournament/urls.py`): a seat by its private link, a
spectator by the round and table."""

from django.urls import path

from .consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/p/<str:token>/room/", RoomConsumer.as_asgi()),
    path("ws/t/<slug:slug>/round/<int:number>/table/<int:table>/room/", RoomConsumer.as_asgi()),
]
