from django.contrib import admin
from django.urls import include, path

from tournament import views

public = [
    path("", views.pairings, name="detail"),
    path("round/<int:number>/", views.pairings, name="round"),
    path("players/<int:number>/", views.player, name="player"),
    path("round/<int:number>/table/<int:table>/", views.game, name="game"),
    path("standings/", views.standings, name="standings"),
    path("crosstable/", views.crosstable, name="crosstable"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", include((public, "tournament"))),
    path("logs/", include("games.urls")),
    path("manage/", include("tournament.manage_urls")),
    path("admin/", admin.site.urls),
]
