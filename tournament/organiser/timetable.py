"""The timetable's two buttons on the dashboard: stop it, or "Go on" (docs/online-event.md, The timetable)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from ..pages.submitting import refusal_shown
from ..services import timetable
from .access import organiser_required


@require_POST
@organiser_required
def timetable_action(request, tournament):
    with refusal_shown(request):
        if request.POST.get("do") == "go_on":
            done = timetable.go_on(tournament, request.user)
            messages.success(request, f"The timetable goes on: {done[:1].upper()}{done[1:]}")
        else:
            timetable.stop_by_hand(tournament, request.user)
            messages.success(request, "The timetable is stopped: nothing is closed, paired or published by it "
                                      "until you press \"Go on\".")
    return redirect("manage:dashboard", tournament.slug)
