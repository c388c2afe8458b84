"""WSGI entry point for the Ingenious tournament manager."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

from outbox import worker  # noqa: E402 - after Django's set-up
from rooms import sweeper  # noqa: E402
from tournament.serving.threads import StartsThreads  # noqa: E402

# The first request starts this process's sweep of the game rooms and its mail sender (tournament/serving/threads.py).
application = StartsThreads(get_wsgi_application(), starters=(sweeper.start, worker.start))
