"""A tournament as a whole: the list to manage, a new or imported one, its settings, export, printing, audit."""

from __future__ import annotations

import io
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from .. import pdf, services
from ..audit import game_of
from ..domain.enums import System
from ..domain.values import whole_number
from ..forms.organiser import TournamentFileForm, TournamentForm
from ..models import AuditEntry, Round, Tournament
from ..records import record_of
from ..serving.site_url import sheet_addresses
from ..pages.submitting import posted, refusal_shown
from ..tfile import dumps
from ..tfile.trf import to_trf
from ..zones import zone_of
from .access import (WHO_CREATES, arbiter_required, has_any_role, may_create_tournaments, organiser_required,
                     refuse_unless_sees_player_links, sees_player_links, staff_required)


@login_required
def index(request):
    user = request.user
    if not has_any_role(user):
        raise PermissionDenied("You have no tournament to organise or arbitrate.")
    if user.is_superuser:
        tournaments = Tournament.objects.all()
    else:
        tournaments = (user.organised_tournaments.all() | user.arbitrated_tournaments.all()).distinct()
    # The site's record of deleted tournaments: their audit entries outlive them (superusers see it).
    deleted = AuditEntry.objects.filter(tournament__isnull=True, action="tournament deleted")[:100] \
        if user.is_superuser else []
    may_create = may_create_tournaments(user)
    return render(request, "tournament/manage/index.html", {
        "tournaments": tournaments, "deleted": deleted, "may_create": may_create,
        "who_creates": "" if may_create else WHO_CREATES})


@staff_required
def new_tournament(request):
    form = TournamentForm(posted(request))
    if request.method == "POST" and form.is_valid():
        with refusal_shown(request, form):
            tournament = services.create_tournament(form.cleaned_data["name"], request.user, **form.settings())
            messages.success(request, f"{tournament.name} is created. Add its players, then pair round 1.")
            return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/new.html", {"form": form})


class ImportForm(TournamentFileForm):
    """The tournament file, and the name to import it under (a copy told from its original)."""

    name = forms.CharField(label="Name of the imported tournament", max_length=200, required=False,
                           help_text="Empty: the file's own. Give another to tell a copy from the tournament it "
                                     "was exported from.")


@staff_required
def import_tournament(request):
    form = ImportForm(posted(request), request.FILES or None)
    if request.method == "POST" and form.is_valid():
        record = form.cleaned_data["record"]
        if form.cleaned_data["name"]:
            record.name = form.cleaned_data["name"]
        namesake = Tournament.objects.filter(name=record.name).exists()
        tournament = services.import_tournament(record, request.user)
        messages.success(request, f"{tournament.name} is imported: {tournament.players.count()} players, "
                                  f"{tournament.rounds.count()} rounds.")
        if namesake:  # a copy beside its original: both lists would show the same name
            messages.warning(request, f"Another tournament is named {tournament.name} too: give this one a name "
                                      "of its own in Settings.")
        return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/import.html", {"form": form})


@organiser_required
def edit_settings(request, tournament):
    """The settings page; the event's start is typed and shown in the tournament's time zone."""
    with timezone.override(zone_of(tournament)):
        return _settings_page(request, tournament)


def _settings_page(request, tournament):
    initial = {field: getattr(tournament, field) for field in TournamentForm.base_fields}
    form = TournamentForm(posted(request), initial=initial)
    if tournament.rounds.exists():
        form.fields["system"].disabled = True
        form.fields["system"].help_text = "Fixed: round 1 has been paired."
        if tournament.resolved_system(tournament.players.count()) == System.ALL_PLAY_ALL:
            # Shown, not editable (docs/tournament-rules.md, All-play-all); a changed number posted is refused, saying why.
            form.fields["rounds_announced"].widget.attrs["readonly"] = True
            form.fields["rounds_announced"].help_text = (f"Fixed at {tournament.rounds_announced}: the all-play-all "
                                                         "table's number of rounds, set when round 1 was paired.")
        form.ask_to_confirm_history()
    if request.method == "POST" and form.is_valid():
        with refusal_shown(request, form):
            services.update_settings(tournament, user=request.user, name=form.cleaned_data["name"],
                                     confirm_history=form.cleaned_data.get("confirm_history", False),
                                     **form.settings())
            messages.success(request, "The settings are saved.")
            return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/settings.html", {"tournament": tournament, "form": form})


@never_cache  # slips and link cards carry private links: no browser or proxy may keep a sheet
@arbiter_required
def print_sheet(request, tournament, what, number=0):
    """A printable PDF: pairing sheet or result slips of a round, standings, crosstable (A4, or ?paper=Letter)."""
    if what not in pdf.SHEETS:
        raise Http404("Nothing of that name to print")
    if what == "links":
        refuse_unless_sees_player_links(request.role)
    if what in pdf.ROUND_SHEETS and not tournament.rounds.filter(number=number).exclude(status=Round.DRAFT).exists():
        messages.error(request, f"Round {number} is not published: there is nothing to print for it yet.")
        return redirect("manage:dashboard", tournament.slug)
    try:
        data = pdf.SHEETS[what](record_of(tournament, with_logs=False), number, request.GET.get("paper", "A4"),
                                sheet_addresses(tournament, request, private_links=sees_player_links(request.role)))
    except pdf.PrintError as error:
        messages.error(request, str(error))
        return redirect("manage:dashboard", tournament.slug)
    name = f"{tournament.slug}-{what}" + (f"-round-{number}" if what in pdf.ROUND_SHEETS else "") + ".pdf"
    return FileResponse(io.BytesIO(data), filename=name, content_type="application/pdf")


@organiser_required
def export(request, tournament):
    text = dumps(record_of(tournament))
    response = HttpResponse(text + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response


@organiser_required
def export_trf(request, tournament):
    """The tournament as FIDE TRF-16 (`trf.to_trf`), for a pairing program or a rating officer."""
    response = HttpResponse(to_trf(record_of(tournament)), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response


@organiser_required
def audit_log(request, tournament):
    """The tournament's audit, newest first, by pages of 100; `?action=` keeps one kind of change, `?round=` the
    changes whose subject names that round ("Round 3", "Round 3, table 2", "Ann Able, round 3")."""
    entries = tournament.audit.select_related("user")
    actions = sorted(set(entries.values_list("action", flat=True)))
    action = request.GET.get("action", "")
    action = action if action in actions else ""
    number = whole_number(request.GET.get("round", ""))
    if action:
        entries = entries.filter(action=action)
    if number is not None:
        entries = entries.filter(subject__iregex=rf"(^|[^0-9a-z])round {number}([^0-9]|$)")
    query = urlencode({key: value for key, value in (("action", action), ("round", number)) if value})
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    for entry in page.object_list:  # a result given with a move log links the game's replay and its analysis
        game = game_of(entry)
        entry.game_url = reverse("tournament:game", args=[tournament.slug, *game]) + "#analysis" if game else ""
    return render(request, "tournament/manage/audit.html", {
        "tournament": tournament, "entries": page,
        "actions": actions, "action": action, "round": number, "query": query})


@organiser_required
@require_POST
def listing(request, tournament):
    """Show the tournament in the public list, or hide it (`listed` is "1" or "0")."""
    listed = request.POST.get("listed")
    if listed not in ("0", "1"):
        messages.error(request, "Listed: choose to show the tournament in the public list or to hide it.")
        return redirect("manage:dashboard", tournament.slug)
    services.set_listed(tournament, listed == "1", user=request.user)
    messages.success(request, f"{tournament.name} is " + ("shown in the public list." if listed == "1" else
                              "hidden from the public list; its pages still open by their address."))
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def delete(request, tournament):
    """Delete a tournament with no round paired, once the organiser has ticked that they mean it."""
    if request.POST.get("confirm") != "yes":
        messages.error(request, f"Confirm: tick 'Delete {tournament.name} and its players' to delete it.")
        return redirect("manage:dashboard", tournament.slug)
    with refusal_shown(request):
        services.delete_tournament(tournament, user=request.user)
        messages.success(request, f"{tournament.name} is deleted; its audit log is kept.")
        return redirect("manage:index")
    return redirect("manage:dashboard", tournament.slug)
