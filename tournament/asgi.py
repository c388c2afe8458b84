"""ASGI entry point: the pages over HTTP and the game rooms over WebSockets (Channels).

`make run` serves it with Daphne's `runserver`; `make serve` with uvicorn
workers under gunicorn (tournament/serving/gunicorn_conf.py).  The pages are
Django's WSGI handler run in a pool of `DJANGO_PAGE_THREADS` threads per
process (tournament/serving/pages_in_threads.py: a third of the CPU of Django's ASGI
handler for the same page).
"""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

# Django first: the routing below imports models.
django_application = get_wsgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from rooms.sockets.routing import websocket_urlpatterns  # noqa: E402
from outbox import worker  # noqa: E402
from rooms import sweeper  # noqa: E402
from tournament.serving.pages_in_threads import PagesInThreads  # noqa: E402
from tournament.serving.threads import StartsThreadsAsgi  # noqa: E402
from tournament.serving.websocket_origin import SameOrigin  # noqa: E402

# The worker's start-up (or the first request or socket) starts this process's sweep of the game rooms and its
# mail sender, each in its own thread (tournament/serving/threads.py).
application = StartsThreadsAsgi(ProtocolTypeRouter({
    "http": PagesInThreads(django_application, settings.PAGE_THREADS),
    # A page of another site may not open a room's socket in a visitor's name (scheme, host and port compared).
    "websocket": SameOrigin(URLRouter(websocket_urlpatterns)),
}), starters=(sweeper.start, worker.start))
