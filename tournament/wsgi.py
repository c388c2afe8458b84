"""WSGI entry point for the Ingenious tournament manager."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

from rooms.sweeper import StartsSweeper  # noqa: E402 - after Django's set-up

# The first request starts this process's sweep of the game rooms (rooms/sweeper.py).
application = StartsSweeper(get_wsgi_application())
