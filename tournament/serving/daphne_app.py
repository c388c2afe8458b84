"""Daphne as an installed app, for its `runserver` only (`make run`: the pages and the game rooms' WebSockets in one
process), without importing its server at start-up.

Daphne's own app config imports `daphne.server`, and with it Twisted, in every process that sets Django up: a
third of the start-up of every management command (`print`, `pair_next`...), and of each gunicorn worker, which
serves through uvicorn and never runs Daphne.  Its `runserver` imports the server itself when it is run.
"""

from django.apps import AppConfig


class DaphneForRunserver(AppConfig):
    name = "daphne"
    label = "daphne"
    verbose_name = "Daphne"
