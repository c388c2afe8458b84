from django.contrib import admin
from django.urls import include, path

from django.contrib.auth import views as auth_views

from rooms import views as rooms
from rooms.desk import public as live_rooms
from signup import views as signup
from tournament.pages import game_log, player_link, views
from tournament.serving import converters, login_throttle  # noqa: F401 - converters registers <token:> and <number:>

public = [
    path("", views.pairings, name="detail"),
    path("round/<number:number>/", views.pairings, name="round"),
    path("players/<number:number>/", views.player, name="player"),
    path("round/<number:number>/table/<number:table>/", views.game, name="game"),
    path("round/<number:number>/table/<number:table>/log.json", game_log.download, name="game_log"),
    path("round/<number:number>/table/<number:table>/check/", game_log.check, name="game_check"),
    path("round/<number:number>/live.json", live_rooms.live, name="live_boards"),
    path("round/<number:number>/table/<number:table>/room/", rooms.watch, name="room_watch"),
    path("round/<number:number>/table/<number:table>/watch/", rooms.spectate, name="room_spectate"),
    path("standings/", views.standings, name="standings"),
    path("crosstable/", views.crosstable, name="crosstable"),
    path("screen/", views.screen, name="screen"),
    path("enter/", signup.enter, name="enter"),
    path("enter/<token:token>/", signup.confirm, name="confirm_entry"),
]

admin.site.login_form = login_throttle.ThrottledAdminAuthenticationForm

urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", include((public, "tournament"))),
    path("logs/", include("games.urls")),
    path("manage/", include("tournament.manage_urls")),
    path("p/<token:token>/", player_link.home, name="player_link"),
    path("p/<token:token>/next.json", player_link.next_json, name="player_link_next"),
    path("p/<token:token>/game/<number:pk>/send/", player_link.submit, name="player_link_submit"),
    path("p/<token:token>/game/<number:pk>/answer/", player_link.answer, name="player_link_answer"),
    path("p/<token:token>/play/", rooms.play, name="room_play"),
    path("p/<token:token>/room/", rooms.state, name="room_state"),
    path("p/<token:token>/room/move/", rooms.move, name="room_move"),
    path("p/<token:token>/excuse/", player_link.ask_excuse, name="player_link_excuse"),
    path("p/<token:token>/withdraw/", player_link.withdraw_me, name="player_link_withdraw"),
    path("p/<token:token>/back/", player_link.back, name="player_link_back"),
    path("p/<token:token>/excuse/<number:pk>/withdraw/", player_link.withdraw_excuse, name="player_link_withdraw_excuse"),
    path("accounts/login/", login_throttle.ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("healthz", include("tournament.serving.health")),
]

handler400 = "tournament.serving.errors.bad_request"
handler500 = "tournament.serving.errors.server_error"
