"""A game's move log, once public (the game viewer shows it): downloaded as its `ingenious-log/1` JSON file, or
opened in the log checker, already checked, so anyone can verify a published result."""

from __future__ import annotations

import json

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.forms import CheckLogForm
from games.views import checked_page

from ..models import Tournament
from ..records import match_log


def _log(slug: str, number: int, table: int):
    """The log the game viewer shows (tournament.pages.views.game): a published match's, 404 without one."""
    log = match_log(get_object_or_404(Tournament, slug=slug), number, table)
    if not log:
        raise Http404("This match has no move log")
    return log


def _text(log) -> str:
    return log if isinstance(log, str) else json.dumps(log, ensure_ascii=False, indent=1)


@require_GET
def download(request, slug, number, table):
    """The match's move log as a file: `<slug>-round-<n>-table-<t>.json`."""
    response = HttpResponse(_text(_log(slug, number, table)), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-round-{number}-table-{table}.json"'
    return response


@require_GET
def check(request, slug, number, table):
    """The log checker with the match's move log pasted in and checked, as if an arbiter had pasted it."""
    text = _text(_log(slug, number, table))
    replay = reverse("tournament:game", args=[slug, number, table]) + "#analysis"
    return checked_page(request, CheckLogForm(initial={"text": text}), text, replay)
