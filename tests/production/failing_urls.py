"""The site's URLs plus one page that fails, at a private-link address, for the error-logging tests."""

from django.urls import path

from tournament.urls import urlpatterns as site


def fails(request, token):
    raise RuntimeError("the page broke")


urlpatterns = [path("p/<str:token>/broken/", fails), *site]
