from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("check/", views.check_log, name="check_log"),
]
