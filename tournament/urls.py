from django.contrib import admin
from django.urls import include, path

from tournament import views

urlpatterns = [
    path("", views.home, name="home"),
    path("logs/", include("games.urls")),
    path("admin/", admin.site.urls),
]
