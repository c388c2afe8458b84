from django.contrib import admin
from django.urls import include, path

from django.contrib.auth import views as auth_views

from rooms import views as rooms
from tournament import player_link, views

public = [
    path("", views.pairings, name="detail"),
    path("round/<int:number>/", views.pairings, name="round"),
    path("players/<int:number>/", views.player, name="player"),
    path("round/<int:number>/table/<int:table>/", views.game, name="game"),
    path("round/<int:number>/table/<int:table>/room/", rooms.watch, name="room_watch"),
    path("round/<int:number>/table/<int:table>/watch/", rooms.spectate, name="room_spectate"),
    path("standings/", views.standings, name="standings"),
    path("crosstable/", views.crosstable, name="crosstable"),
    path("screen/", views.screen, name="screen"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", include((public, "tournament"))),
    path("logs/", include("games.urls")),
    path("manage/", include("tournament.manage_urls")),
    path("p/<str:token>/", player_link.home, name="player_link"),
    path("p/<str:token>/game/<int:pk>/send/", player_link.submit, name="player_link_submit"),
    path("p/<str:token>/game/<int:pk>/answer/", player_link.answer, name="player_link_answer"),
    path("p/<str:token>/play/", rooms.play, name="room_play"),
    path("p/<str:token>/room/", rooms.state, name="room_state"),
    path("p/<str:token>/room/move/", rooms.move, name="room_move"),
    path("p/<str:token>/excuse/", player_link.ask_excuse, name="player_link_excuse"),
    path("p/<str:token>/excuse/<int:pk>/withdraw/", player_link.withdraw_excuse, name="player_link_withdraw_excuse"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("healthz", include("tournament.health")),
]
